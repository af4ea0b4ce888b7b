// SimHashIndex: every stored 64-bit fingerprint within k bits of a query, exactly (none missed, none beyond k). This
// class checks the arguments and ties the folders together: plan/ picks the layout, runs/ keeps the fingerprints in
// runs of tables (tables/), query/ and pairs/ search them, file/ writes and reads them.
import { assertFingerprint, describe } from '../core/bits.js';
import { assertAttached } from '../core/detached.js';
import { DEFAULT_HASHER_VERSION } from '../core/options.js';
import { components } from './pairs/clusters.js';
import { chooseLayout } from './plan/cost-model.js';
import { layoutOfShape, optionOfShape, shapeOf } from './plan/layout.js';
import { idPairs, noPairs, pairRows } from './pairs/pairs.js';
import { collectMany, collectOne } from './query/results.js';
import { Run } from './runs/run.js';
import type { InsertBuffer } from './runs/insert-buffer.js';
import { RunStack } from './runs/run-stack.js';
import { Searcher } from './query/search.js';
import { QueryOrder } from './query/query-order.js';
import { encodeIndex, type IndexImage } from './file/serialize.js';
import { readImage } from './file/load.js';
import { firstUnknownName } from './file/names.js';
import { resolveLayout } from './plan/layout-option.js';
import { needsReplan, planSize } from './plan/replan.js';
import { HALF_HI, HALF_LO, halvesView } from '../core/halves.js';
import { halvesOf, hiOf, loOf, toBigInt } from './tables/u64.js';
import type { ClusterOptions, DeserializeOptions, SerializeOptions, IndexLayout, IndexMatch, IndexStats, LayoutOption, PairsResult, QueryManyResult, SimHashIndexOptions } from './types.js';
import { checkBigUint64Array, checkDistance, checkId, checkVersion, MAX_ID, MAX_K } from './validate.js';

/** queryMany works through its queries this many at a time. */
const QUERY_SLICE = 1 << 20;

/**
 * What block-index/shared (read-only snapshots for worker threads) may do inside an index; not public API (the
 * package entries export the class only). Set by the class's static block, the one place its private fields are in reach.
 */
export interface IndexInternals {
  /** Counts writes (add, addMany, remove): a snapshot taken at one generation is current until the next. */
  generation(index: SimHashIndex): number;
  /** The index's runs (largest first) and its insert buffer, as they are now. */
  runs(index: SimHashIndex): readonly Run[];
  buffer(index: SimHashIndex): InsertBuffer;
  /** Merges everything into one run without tombstones. */
  compact(index: SimHashIndex): void;
}
export let indexInternals: IndexInternals;

/** SimHashIndex.deserializeWithNames()'s answer. */
export interface IndexWithNames {
  readonly index: SimHashIndex;
  /** The name of each id that has one (a fresh Map, the caller's). */
  readonly names: Map<number, string>;
}

export class SimHashIndex {
  readonly #k: number;
  readonly #layoutOption: LayoutOption;
  readonly #pipelineVersion: string;
  readonly #expectedSize: number;
  #stack: RunStack;
  #nextId = 0;
  /** The size the auto layout was chosen for. */
  #plannedFor: number;
  readonly #searcher = new Searcher();
  #generation = 0;

  static {
    indexInternals = {
      generation: (index) => index.#generation,
      runs: (index) => index.#stack.runs,
      buffer: (index) => index.#stack.buffer,
      compact: (index) => void index.#stack.compact(),
    };
  }

  constructor(options: SimHashIndexOptions = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
    this.#k = options.maxDistance === undefined ? 3 : checkDistance(options.maxDistance, 'options.maxDistance', MAX_K);
    this.#pipelineVersion = options.pipelineVersion === undefined ? DEFAULT_HASHER_VERSION : checkVersion(options.pipelineVersion);
    const expected = options.expectedSize;
    if (expected !== undefined && (typeof expected !== 'number' || !Number.isInteger(expected) || expected < 0)) {
      throw new TypeError(`options.expectedSize must be a non-negative integer, got ${describe(expected)}`);
    }
    this.#expectedSize = expected ?? 0;
    this.#layoutOption = options.layout ?? 'auto';
    this.#plannedFor = this.#expectedSize;
    this.#stack = new RunStack(resolveLayout(this.#layoutOption, this.#k, this.#expectedSize), this.#k);
  }

  get maxDistance(): number {
    return this.#k;
  }

  get size(): number {
    return this.#stack.size;
  }

  get layout(): IndexLayout {
    return this.#stack.layout.public;
  }

  get pipelineVersion(): string {
    return this.#pipelineVersion;
  }

  /** Adds a fingerprint under `id` (default: one more than the largest id used so far); returns the id. */
  add(fingerprint: bigint, id?: number): number {
    assertFingerprint(fingerprint, 'fingerprint');
    if (id === undefined) id = this.#autoIds(1);
    else if (this.#stack.find(checkId(id, 'id')) !== null) throw new RangeError(`id ${id} is already in the index`);
    this.#stack.add(hiOf(fingerprint), loOf(fingerprint), id);
    this.#generation++;
    this.#nextId = Math.max(this.#nextId, id + 1);
    this.#replan();
    return id;
  }

  /** Adds fingerprints[i] under ids[i] (default: consecutive new ids); returns the ids. Nothing is added on error. */
  addMany(fingerprints: BigUint64Array, ids?: Uint32Array | readonly number[]): Uint32Array {
    checkBigUint64Array(fingerprints, 'fingerprints');
    const n = fingerprints.length;
    let idCopy: Uint32Array;
    if (ids === undefined) {
      const first = this.#autoIds(n);
      idCopy = new Uint32Array(n);
      for (let i = 0; i < n; i++) idCopy[i] = first + i;
    } else {
      idCopy = this.#checkNewIds(ids, n);
    }
    if (n === 0) return idCopy;
    const halves = halvesView(fingerprints);
    const hi = new Uint32Array(n);
    const lo = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      hi[i] = halves[2 * i + HALF_HI];
      lo[i] = halves[2 * i + HALF_LO];
    }
    let maxId = -1;
    for (let i = 0; i < n; i++) if (idCopy[i] > maxId) maxId = idCopy[i];
    if (this.#layoutOption === 'auto' && this.size === 0) this.#replan(n);
    this.#stack.addBatch(hi, lo, idCopy.slice(), n);
    this.#generation++;
    this.#nextId = Math.max(this.#nextId, maxId + 1);
    this.#replan();
    return idCopy;
  }

  /** Removes the fingerprint stored under `id`; returns false if there is none. */
  remove(id: number): boolean {
    const removed = this.#stack.remove(checkId(id, 'id'));
    if (removed) this.#generation++;
    return removed;
  }

  has(id: number): boolean {
    return this.#stack.find(checkId(id, 'id')) !== null;
  }

  /** The fingerprint stored under `id`, or undefined. */
  get(id: number): bigint | undefined {
    const found = this.#stack.find(checkId(id, 'id'));
    return found === null ? undefined : toBigInt(found[0], found[1]);
  }

  /** Every stored fingerprint within maxDistance (default k) of `fingerprint`, by distance, then id. */
  query(fingerprint: bigint, maxDistance?: number): IndexMatch[] {
    assertFingerprint(fingerprint, 'fingerprint');
    const k = maxDistance === undefined ? this.#k : checkDistance(maxDistance, 'maxDistance', this.#k);
    const searcher = this.#searcher;
    searcher.hits.clear();
    const halves = halvesOf(fingerprint);
    this.#searchOne(halves[HALF_HI], halves[HALF_LO], k);
    return collectOne(searcher.hits);
  }

  /** The closest stored fingerprint within maxDistance (default k), the smallest id on a tie; null if none. */
  nearest(fingerprint: bigint, maxDistance?: number): IndexMatch | null {
    const matches = this.query(fingerprint, maxDistance);
    return matches.length > 0 ? matches[0] : null;
  }

  /** query() for each fingerprint, answered as flat typed arrays (no object per match). */
  queryMany(fingerprints: BigUint64Array, maxDistance?: number): QueryManyResult {
    checkBigUint64Array(fingerprints, 'fingerprints');
    const k = maxDistance === undefined ? this.#k : checkDistance(maxDistance, 'maxDistance', this.#k);
    const n = fingerprints.length;
    // Scanning the buffer once per query costs more than sealing it into a run once.
    if (this.#stack.buffer.length * n > 1 << 16) this.#stack.seal();
    const halves = halvesView(fingerprints);
    const searcher = this.#searcher;
    searcher.hits.clear();
    // In slices, so the scratch arrays stay a few MB however many queries there are.
    const order = new QueryOrder();
    const slice = Math.min(n, QUERY_SLICE);
    const qh = new Uint32Array(slice), ql = new Uint32Array(slice);
    for (let first = 0; first < n; first += slice) {
      const m = Math.min(slice, n - first);
      for (let i = 0; i < m; i++) {
        qh[i] = halves[2 * (first + i) + HALF_HI];
        ql[i] = halves[2 * (first + i) + HALF_LO];
      }
      for (const run of this.#stack.runs) searcher.searchMany(run, qh, ql, m, k, first, order);
      const buffer = this.#stack.buffer;
      if (buffer.length > 0) for (let i = 0; i < m; i++) searcher.searchBuffer(buffer, qh[i], ql[i], k, first + i);
    }
    const result = collectMany(searcher.hits, n);
    searcher.hits.clear();
    return result;
  }

  /** Every pair of stored ids within maxDistance (default k), each once, exact duplicates included. */
  pairs(maxDistance?: number): PairsResult {
    const k = maxDistance === undefined ? this.#k : checkDistance(maxDistance, 'maxDistance', this.#k);
    const run = this.#stack.compact();
    if (run === null) return noPairs();
    return idPairs(run, pairRows(run, k));
  }

  /**
   * Groups of ids connected by pairs within maxDistance (default k): connected components of pairs(), so a chain
   * of near-duplicates is one group even where its ends are further apart. Groups of one are left out unless
   * minSize is 1. Each group ascending; groups ordered by their smallest id.
   */
  clusters(options: ClusterOptions = {}): number[][] {
    if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
    const k = options.maxDistance === undefined ? this.#k : checkDistance(options.maxDistance, 'options.maxDistance', this.#k);
    const minSize = options.minSize ?? 2;
    if (typeof minSize !== 'number' || !Number.isInteger(minSize) || minSize < 1) throw new RangeError(`options.minSize must be a positive integer, got ${describe(minSize)}`);
    const run = this.#stack.compact();
    if (run === null) return [];
    return components(run.n, run.ids, pairRows(run, k), minSize);
  }

  /** Merges every buffered insert and run into one run without tombstones (done by pairs and serialize anyway). */
  compact(): void {
    this.#stack.compact();
  }

  stats(): IndexStats {
    let subIndexes = 0;
    for (const run of this.#stack.runs) for (const table of run.set.tables) subIndexes += table.children?.size ?? 0;
    return {
      size: this.size,
      bytes: this.#stack.bytes,
      fingerprintBytes: 8 * this.layout.tables * this.size,
      runs: this.#stack.runs.length,
      buffered: this.#stack.buffer.length,
      subIndexes,
    };
  }

  /**
   * The index as bytes, with options.names if given (the format: docs/file-formats.md); compacts first. Refuses
   * (RangeError) a name for an id that is not in the index.
   */
  serialize(options: SerializeOptions = {}): Uint8Array {
    if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
    const names: ReadonlyMap<number, string> = options.names ?? new Map<number, string>();
    if (!(names instanceof Map)) throw new TypeError(`options.names must be a Map from id to name, got ${describe(names)}`);
    for (const [id, name] of names) {
      checkId(id, 'an id in options.names');
      if (typeof name !== 'string') throw new TypeError(`options.names.get(${id}) must be a string, got ${describe(name)}`);
    }
    const run = this.#stack.compact();
    const empty = new Uint32Array(0);
    const unknown = firstUnknownName(run?.ids ?? empty, run?.n ?? 0, names);
    if (unknown !== undefined) throw new RangeError(`options.names names id ${unknown}, which is not in the index`);
    return encodeIndex({
      k: this.#k,
      shape: shapeOf(this.layout),
      auto: this.#layoutOption === 'auto',
      pipelineVersion: this.#pipelineVersion,
      nextId: this.#nextId,
      n: run?.n ?? 0,
      hi: run?.table0.hi ?? empty,
      lo: run?.table0.lo ?? empty,
      ids: run?.ids ?? empty,
      names,
    });
  }

  /**
   * Reads what serialize() wrote, any format version (docs/file-formats.md); names in the bytes are skipped (see
   * deserializeWithNames). Refuses (RangeError) a foreign, truncated or altered buffer, and one whose pipeline
   * version is not exactly options.pipelineVersion (default: `createSimHash().version`, the default hasher's)
   * unless options.acceptAnyPipelineVersion.
   */
  static deserialize(bytes: Uint8Array, options: DeserializeOptions = {}): SimHashIndex {
    return SimHashIndex.#fromImage(readImage(bytes, options, false));
  }

  /**
   * deserialize(), and the names serialize() was given (an empty Map if none, as from format 1): what
   * `simhash index build` writes is read this way, each document named by its path or JSONL id.
   */
  static deserializeWithNames(bytes: Uint8Array, options: DeserializeOptions = {}): IndexWithNames {
    const image = readImage(bytes, options, true);
    // The Map decodeIndex made, no one else's: the caller's to keep or change.
    return { index: SimHashIndex.#fromImage(image), names: image.names };
  }

  static #fromImage(image: IndexImage): SimHashIndex {
    const { n, hi, lo, ids } = image;
    const index = new SimHashIndex({
      maxDistance: image.k,
      layout: image.auto ? 'auto' : optionOfShape(image.shape),
      pipelineVersion: image.pipelineVersion,
    });
    // 'auto' plans for the size loaded, as a fresh index of that size would (the recorded blocks were planned for
    // the size at some earlier point, and a loaded index grown by appends must keep re-planning).
    index.#plannedFor = planSize(n, 0);
    const layout = image.auto ? chooseLayout(image.k, index.#plannedFor) : layoutOfShape(image.k, image.shape, false);
    index.#stack = new RunStack(layout, image.k);
    index.#nextId = image.nextId;
    if (n > 0) {
      const run = Run.build(layout, image.k, hi, lo, ids, n, true);
      if (run.hasDuplicateIds()) throw new RangeError('bytes is not a usable simhash-wasm index: an id appears twice');
      index.#stack.runs.push(run);
    }
    return index;
  }

  #searchOne(qh: number, ql: number, k: number): void {
    const searcher = this.#searcher;
    const runs = this.#stack.runs;
    for (let r = 0; r < runs.length; r++) searcher.searchOne(runs[r], qh, ql, k, 0);
    const buffer = this.#stack.buffer;
    if (buffer.length > 0) searcher.searchBuffer(buffer, qh, ql, k, 0);
  }

  /** Reserves `count` new ids after the largest used; returns the first. */
  #autoIds(count: number): number {
    if (this.#nextId + count - 1 > MAX_ID) throw new RangeError(`no ids left: automatic ids run up to ${MAX_ID}; pass ids explicitly`);
    return this.#nextId;
  }

  #checkNewIds(ids: Uint32Array | readonly number[], n: number): Uint32Array {
    if (!(ids instanceof Uint32Array) && !Array.isArray(ids)) throw new TypeError(`ids must be a Uint32Array or an array of integer ids, got ${describe(ids)}`);
    if (ids instanceof Uint32Array) assertAttached(ids, 'ids');
    if (ids.length !== n) throw new RangeError(`ids must have one id per fingerprint (${n}), got ${ids.length}`);
    let copy: Uint32Array;
    if (ids instanceof Uint32Array) copy = ids.slice();
    else {
      copy = new Uint32Array(n);
      for (let i = 0; i < n; i++) copy[i] = checkId(ids[i], `ids[${i}]`);
    }
    // Ids in ascending order (a corpus's document numbers) are distinct as they are: no sorted copy to check them by.
    let ascending = true;
    for (let i = 1; i < n && ascending; i++) ascending = copy[i] > copy[i - 1];
    const sorted = ascending ? copy : copy.slice().sort();
    for (let i = 1; i < n; i++) if (sorted[i] === sorted[i - 1]) throw new RangeError(`ids must be distinct: ${sorted[i]} appears twice`);
    const existing = this.#stack.firstExisting(sorted);
    if (existing >= 0) throw new RangeError(`id ${existing} is already in the index`);
    return copy;
  }

  /** Re-plans an 'auto' layout when plan/replan.ts says the size calls for it; compacts into the new layout if it differs. */
  #replan(size = this.size): void {
    if (this.#layoutOption !== 'auto' || !needsReplan(this.#plannedFor, size, this.#expectedSize)) return;
    this.#plannedFor = planSize(size, this.#expectedSize);
    const next = chooseLayout(this.#k, this.#plannedFor);
    const current = this.#stack.layout.public;
    if (next.public.kind === current.kind && next.public.blocks === current.blocks && next.public.radius.join() === current.radius.join()) return;
    if (this.#stack.size === 0) this.#stack.layout = next;
    else this.#stack.compact(next);
  }
}
