// The verification's exact comparisons (verify.ts): each candidate pair by its two documents' shingle sets, made as
// the sets come. The sets of a run read back arrive over about a second from the workers (dedupe/verify-pass.ts),
// while this thread waits for them; a pair is compared as soon as its second set is in, so what is left once the last
// one comes is putting the answer together (compared after all of them, the pairs took 60 to 80 ms of the grouping's
// serial end at 1M documents).
import { setSimilarity, sortedUnique } from '../analysis/shingle-sets.js';
import type { NearPairs } from './group.js';
import { pairVerdict, type PairRule } from './pair-rule.js';

const EMPTY = new Uint32Array(0);

/** The candidates that passed. */
export interface ComparedPairs {
  /** The candidate pairs that passed the rule, in their order. */
  readonly pairs: NearPairs;
  /** Per verified pair, its similarity. */
  readonly similarity: Float64Array;
  /** The similarity of any two documents whose sets were made (a member and its group's representative). */
  between(a: number, b: number): number;
}

export class PairComparison {
  readonly #candidates: NearPairs;
  readonly #rule: PairRule;
  readonly #sets = new Map<number, Uint32Array>();
  /** The candidates' documents, ascending, and by each (its place there) the pairs it is in: pairsOf[starts[i] ..]. */
  readonly #docs: Uint32Array;
  readonly #starts: Uint32Array;
  readonly #pairsOf: Uint32Array;
  /** Per pair: 0 not compared yet, 1 passed, 2 failed; and its similarity once compared. */
  readonly #verdict: Uint8Array;
  readonly #similarity: Float64Array;
  #seconds = 0;

  constructor(candidates: NearPairs, rule: PairRule) {
    const started = performance.now();
    this.#candidates = candidates;
    this.#rule = rule;
    const { earlier, later } = candidates;
    const m = earlier.length;
    this.#docs = pairedDocuments(candidates);
    this.#starts = new Uint32Array(this.#docs.length + 1);
    for (let p = 0; p < m; p++) {
      this.#starts[this.#place(earlier[p]) + 1]++;
      this.#starts[this.#place(later[p]) + 1]++;
    }
    for (let i = 0; i < this.#docs.length; i++) this.#starts[i + 1] += this.#starts[i];
    this.#pairsOf = new Uint32Array(2 * m);
    const filled = this.#starts.slice(0, this.#docs.length);
    for (let p = 0; p < m; p++) {
      this.#pairsOf[filled[this.#place(earlier[p])]++] = p;
      this.#pairsOf[filled[this.#place(later[p])]++] = p;
    }
    this.#verdict = new Uint8Array(m);
    this.#similarity = new Float64Array(m);
    this.#seconds += (performance.now() - started) / 1000;
  }

  /** A document's set (each document's once): its pairs whose other set is in already are compared now. */
  add(doc: number, set: Uint32Array): void {
    const started = performance.now();
    this.#sets.set(doc, set);
    const at = this.#place(doc);
    if (at >= 0) {
      for (let i = this.#starts[at]; i < this.#starts[at + 1]; i++) {
        const p = this.#pairsOf[i];
        const other = this.#candidates.earlier[p] === doc ? this.#candidates.later[p] : this.#candidates.earlier[p];
        if (this.#sets.has(other)) this.#compare(p);
      }
    }
    this.#seconds += (performance.now() - started) / 1000;
  }

  /**
   * The pairs that pass the rule (a document without a set is similar to nothing), in the candidates' order; with the
   * sets, and the seconds spent comparing (here and in add).
   */
  finish(): ComparedPairs & { seconds: number; sets: ReadonlyMap<number, Uint32Array> } {
    const started = performance.now();
    const { earlier, later, distance } = this.#candidates;
    const keep: number[] = [];
    for (let p = 0; p < earlier.length; p++) {
      if (this.#verdict[p] === 0) this.#compare(p);
      if (this.#verdict[p] === 1) keep.push(p);
    }
    // The verified pairs' similarities, for between(): most members are asked of against the partner they were
    // verified with (60 ms of the grouping's serial path at 1M documents when computed again).
    const known = new Map<number, number>();
    const pairKey = (a: number, b: number) => Math.min(a, b) * 2 ** 32 + Math.max(a, b);
    for (const p of keep) known.set(pairKey(earlier[p], later[p]), this.#similarity[p]);
    const sets = this.#sets, mode = this.#rule.mode;
    const setOf = (doc: number) => sets.get(doc) ?? EMPTY;
    this.#seconds += (performance.now() - started) / 1000;
    return {
      pairs: { earlier: Uint32Array.from(keep, (p) => earlier[p]), later: Uint32Array.from(keep, (p) => later[p]), distance: Uint8Array.from(keep, (p) => distance[p]) },
      similarity: Float64Array.from(keep, (p) => this.#similarity[p]),
      between: (a, b) => known.get(pairKey(a, b)) ?? setSimilarity(setOf(a), setOf(b), mode),
      seconds: this.#seconds,
      sets,
    };
  }

  #compare(p: number): void {
    const verdict = pairVerdict(this.#sets.get(this.#candidates.earlier[p]) ?? EMPTY, this.#sets.get(this.#candidates.later[p]) ?? EMPTY, this.#rule);
    this.#verdict[p] = verdict.passes ? 1 : 2;
    this.#similarity[p] = verdict.similarity;
  }

  /** Where `doc` is among the candidates' documents (binary search), or -1. */
  #place(doc: number): number {
    const docs = this.#docs;
    let low = 0, high = docs.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (docs[mid] < doc) low = mid + 1;
      else high = mid;
    }
    return low < docs.length && docs[low] === doc ? low : -1;
  }
}

/** The documents of the pairs, ascending, each once. */
export function pairedDocuments(pairs: NearPairs): Uint32Array {
  const all = new Uint32Array(2 * pairs.earlier.length);
  all.set(pairs.earlier);
  all.set(pairs.later, pairs.earlier.length);
  return sortedUnique(all);
}

/** The pairs that pass the rule by their exact sets, all of them in already (a document without a set is similar to nothing). */
export function comparePairs(candidates: NearPairs, sets: ReadonlyMap<number, Uint32Array>, rule: PairRule): ComparedPairs {
  const comparison = new PairComparison(candidates, rule);
  for (const [doc, set] of sets) comparison.add(doc, set);
  const { pairs, similarity, between } = comparison.finish();
  return { pairs, similarity, between };
}
