// The index's types in one file, so no two files need each other for a type (the cycles this ends ran through
// type imports). Two kinds: what callers see (index.ts exports them), and the structures the folders hand each
// other: a layout's key masks (plan/ makes them, runs/ builds tables from them), tables and table sets (tables/
// builds them; runs/, query/ and pairs/ read them). Types only: this file imports nothing.

// What callers see.

export interface SimHashIndexOptions {
  /** k: the largest Hamming distance a query finds, 0 to 64; default 3. Queries may ask for less, never more. */
  maxDistance?: number;
  /** 'auto' (default) picks from the size and k by a cost model, and again as the index grows. */
  layout?: LayoutOption;
  /** Pipeline version of the fingerprints (`hasher.version`); recorded by serialize(). Default: that of `createSimHash()`. */
  pipelineVersion?: string;
  /** How many fingerprints 'auto' should plan for (it re-plans as the index grows anyway). */
  expectedSize?: number;
}

/** SimHashIndex.deserialize's options. */
export interface SerializeOptions {
  /**
   * A name for some or all of the ids in the index (a path, a URL, a database key), kept in the bytes and given
   * back by SimHashIndex.deserializeWithNames(). Stored as UTF-8 (a lone surrogate becomes U+FFFD). With names the
   * bytes are format version 2, without them version 1 (docs/file-formats.md).
   */
  names?: ReadonlyMap<number, string>;
}

export interface DeserializeOptions {
  /**
   * The pipeline version the caller's fingerprints have (`hasher.version`); the file must record exactly this one.
   * Default: that of `createSimHash()` with no options.
   */
  pipelineVersion?: string;
  /** Accept a file whatever pipeline version it records. */
  acceptAnyPipelineVersion?: boolean;
}

export interface IndexMatch {
  readonly id: number;
  readonly distance: number;
}

/** queryMany's answer: query i's matches are ids/distances[offsets[i] .. offsets[i + 1] - 1], by distance then id. */
export interface QueryManyResult {
  readonly offsets: Uint32Array;
  readonly ids: Uint32Array;
  readonly distances: Uint8Array;
}

/** pairs()'s answer: pair i is (a[i], b[i]) with a[i] < b[i], at distances[i]; ordered by a, then b. */
export interface PairsResult {
  readonly length: number;
  readonly a: Uint32Array;
  readonly b: Uint32Array;
  readonly distances: Uint8Array;
}

export interface ClusterOptions {
  /** Default: the index's k. */
  maxDistance?: number;
  /** Smallest group reported; default 2 (1 also lists every fingerprint with no near-duplicate). */
  minSize?: number;
}

export interface IndexStats {
  readonly size: number;
  /** Bytes of typed arrays the index holds (tables, ids, offsets, sub-indexes, tombstones, buffer). */
  readonly bytes: number;
  /** 8 bytes per fingerprint per table: what the layout needs for the fingerprints themselves. */
  readonly fingerprintBytes: number;
  readonly runs: number;
  readonly buffered: number;
  readonly subIndexes: number;
}

export type LayoutKind = 'pigeonhole' | 'permuted' | 'multi-index' | 'scan';

/**
 * What a caller may ask for: a kind, a block count (B = k + 1 is pigeonhole, more is Manku's permuted layout), or a
 * substring count m for multi-index hashing (m tables, each probed within a radius: see plan/layout.ts).
 */
export type LayoutOption = 'auto' | 'pigeonhole' | 'scan' | { readonly blocks: number } | { readonly substrings: number };

/** A layout without its k: B blocks (Manku), the scan, or m substrings (multi-index hashing). */
export type LayoutShape = number | 'scan' | { readonly substrings: number };

/** The layout an index uses, as `index.layout` shows it. */
export interface IndexLayout {
  readonly kind: LayoutKind;
  /** Number of blocks B the 64 bits are cut into (1 for scan; the substrings m for multi-index). */
  readonly blocks: number;
  /** Width of each block in bits, block 0 holding the top bits. */
  readonly blockBits: readonly number[];
  /** Number of tables: C(B, k), or 1 for scan. */
  readonly tables: number;
  /** Exact-match key width of each table in bits (0 for scan: every stored fingerprint is a candidate). */
  readonly keyBits: readonly number[];
  /**
   * How far from the query's key each table is probed: 0 (exact keys) except in multi-index hashing, where table t
   * is probed at every key within radius[t] bits and the radii satisfy sum(radius[t] + 1) = k + 1.
   */
  readonly radius: readonly number[];
  /** True if 'auto' chose it. */
  readonly auto: boolean;
}

// What the folders share.

/** A layout as the code uses it: what `index.layout` shows, and each table's key mask (plan/layout.ts makes it). */
export interface Layout {
  readonly public: IndexLayout;
  /** Key mask of table t: maskHi[t], maskLo[t]. Table 0's key is the top bits, so its order is plain fingerprint order. */
  readonly maskHi: Uint32Array;
  readonly maskLo: Uint32Array;
  /** Probe radius of table t (public.radius as an array the loops read). */
  readonly radius: Uint8Array;
}

/** One table of a run or of a sub-index (tables/table.ts builds it and says how it is ordered). */
export interface Table {
  /** The fingerprints (original bit order) in the table's order. */
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly identity: boolean;
  readonly bucketBits: number;
  /** Bucket β holds rows offsets[β] .. offsets[β + 1] - 1. */
  readonly offsets: Uint32Array;
  /** Computes a fingerprint's bucket (see tables/permutation.ts). */
  readonly bucketTerms: Int32Array;
  /** The key: bits that must match exactly, original positions. */
  readonly keyHi: number;
  readonly keyLo: number;
  readonly keyBits: number;
  /**
   * Whether scans test the high words first. Every row of a bucket shares its key bits with the query, so the
   * word holding fewer key bits has more random bits and rejects more rows on its own: that one goes first (and
   * the other word, in another array, is read only for the few rows it lets through).
   */
  readonly hiFirst: boolean;
  /** Sub-indexes of oversized buckets, by bucket number; null when there are none. */
  children: Map<number, TableSet> | null;
  /** Bit b set if bucket b has a sub-index: what scans test per probe (a Map lookup costs more than a probe). */
  childBits: Uint32Array | null;
}

/** Tables over the same fingerprints whose keys together cover every way k bits can differ (tables/table-set.ts). */
export interface TableSet {
  /** Original-space key mask of each table: a hit is reported from the first table whose key it matches. */
  readonly maskHi: Uint32Array;
  readonly maskLo: Uint32Array;
  readonly tables: readonly Table[];
  /** Fingerprints held (each table holds them all). */
  readonly entries: number;
  readonly bytes: number;
  /** 0 for a run's own tables, 1 for a sub-index of one of its buckets, ... */
  readonly depth: number;
}

/** One table of a set as asked for: its key, and the order its bits go on top. */
export interface TableSpec {
  /** Bit groups in the order the permutation puts them on top; together they are the key. */
  readonly parts: readonly (readonly [number, number])[];
}
