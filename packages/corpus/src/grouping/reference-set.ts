// What a run is deduplicated against (`simhash dedupe --against`, dedupe()'s `against`): documents kept before,
// given as documents (their texts can be read again) or as an index (a file or Redis: fingerprints and names, and
// per entry the MinHash sketch that `index build --sketches` stores). reference-match.ts says how a new document is
// matched; memoryReference() makes a reference of entries held in memory (documents, an index file).
import { SimHashIndex } from 'simhash-wasm';
import type { SimilarityMode } from '../analysis/shingle-sets.js';
import { fingerprintsAt } from './group.js';
import { SKETCH_BINS } from '../analysis/minhash-sketch.js';

/** The reference entries within k of each query: query i's are entries[offsets[i] .. offsets[i + 1]). */
export interface ReferenceLookup {
  readonly offsets: Uint32Array;
  readonly entries: Uint32Array;
  readonly distances: Uint8Array;
  /** Entry e's name: its id, path or `<file>:<line>`, as the clusters file names it (for every entry found). */
  readonly names: readonly (string | number)[];
  /** `bins` per entry (analysis/minhash-sketch.ts), EMPTY_BIN throughout where unknown; empty: none at all. */
  readonly sketches: Uint32Array;
  /** The bins of each sketch: SKETCH_BINS for documents (their first pass's), REFERENCE_BINS for an index. */
  readonly bins: number;
  /** The k the lookup was made within, when less than the k asked for (an index on Redis answers within its own). */
  readonly distance?: number;
}

export interface ReferenceSet {
  /** Entries in the reference. */
  readonly size: number;
  /** Whether its entries carry sketches (an index without them can be used with verification off only). */
  readonly hasSketches: boolean;
  /** The entries within k of each query (and long enough to compare: at least minTokens tokens, where known). */
  lookup(queries: BigUint64Array, k: number, minTokens: number): Promise<ReferenceLookup>;
  /**
   * The exact shingle sets (analysis/shingle-sets.ts) of the entries `want` asks for, each once: present when the
   * reference's texts can be read (documents), absent for an index, whose pairs are judged by their sketches.
   */
  readonly sets?: (want: (entry: number) => boolean) => AsyncIterable<{ readonly doc: number; readonly set: Uint32Array }>;
}

/** How the pairs with a reference are verified, for the summary: exactly, by sketch estimate, or not at all. */
export type ReferenceVerification = 'exact' | 'sketch' | 'off';

/** The check a reference allows under a verification mode, or why it cannot be made (a sentence for an error). */
export function referenceVerification(reference: Pick<ReferenceSet, 'sets' | 'hasSketches'>, mode: SimilarityMode | 'off'): ReferenceVerification | string {
  if (mode === 'off') return 'off';
  if (reference.sets !== undefined) return 'exact';
  if (!reference.hasSketches) return 'its entries have no MinHash sketches to verify against (an index built without them): build it again with `simhash index build --sketches`, or use --verify off';
  // A sketch estimates Jaccard; containment's least Jaccard (a third at 0.5) is beyond what 32 bins can tell.
  // 'jaccard-or-contained' is judged there by its Jaccard clause alone (reference-match.ts).
  if (mode === 'containment') return '--verify containment needs the reference\'s texts; an index holds sketches, which estimate jaccard only';
  return 'sketch';
}

export interface MemoryEntries {
  readonly names: readonly (string | number)[];
  readonly fingerprints: BigUint64Array;
  /** `bins` per entry, or empty. */
  readonly sketches: Uint32Array;
  /** Default SKETCH_BINS. */
  readonly bins?: number;
  /** Token counts, when known. */
  readonly tokens?: Uint32Array;
  readonly sets?: ReferenceSet['sets'];
}

/** A reference of entries in memory, looked up through an in-memory index made at the run's k. */
export function memoryReference(entries: MemoryEntries): ReferenceSet {
  return {
    size: entries.fingerprints.length,
    hasSketches: entries.sketches.length > 0,
    ...(entries.sets === undefined ? {} : { sets: entries.sets }),
    async lookup(queries, k, minTokens) {
      const compared: number[] = [];
      for (let e = 0; e < entries.fingerprints.length; e++) if (entries.tokens === undefined || entries.tokens[e] >= minTokens) compared.push(e);
      const index = new SimHashIndex({ maxDistance: k });
      index.addMany(fingerprintsAt(entries.fingerprints, compared), Uint32Array.from(compared));
      const found = index.queryMany(queries, k);
      return { offsets: found.offsets, entries: found.ids, distances: found.distances, names: entries.names, sketches: entries.sketches, bins: entries.bins ?? SKETCH_BINS };
    },
  };
}
