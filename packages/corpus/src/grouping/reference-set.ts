// What a run is deduplicated against (`simhash dedupe --against`, dedupe()'s `against`): documents kept before,
// given as documents (their texts can be read again) or as an index (a file or Redis: fingerprints and names, and
// per entry the MinHash sketch that index build stores). reference-match.ts says how a new document is matched.
import type { SimilarityMode } from '../analysis/shingle-sets.js';

export interface ReferenceSet {
  /** Entry i's name: its id, path or `<file>:<line>`, as the clusters file names it. */
  readonly names: readonly (string | number)[];
  readonly fingerprints: BigUint64Array;
  /** SKETCH_BINS per entry (analysis/minhash-sketch.ts); empty when the reference has none (an old index). */
  readonly sketches: Uint32Array;
  /** Token counts, when known: an entry below the run's minTokens is not compared (as in the near tier). */
  readonly tokens?: Uint32Array;
  /**
   * The exact shingle sets (analysis/shingle-sets.ts) of the entries `want` asks for, each once: present when the
   * reference's texts can be read (documents), absent for an index, whose pairs are judged by their sketches.
   */
  readonly sets?: (want: (entry: number) => boolean) => AsyncIterable<{ readonly doc: number; readonly set: Uint32Array }>;
}

/** How the pairs with a reference are verified, for the summary: exactly, by sketch estimate, or not at all. */
export type ReferenceVerification = 'exact' | 'sketch' | 'off';

/** The check a reference allows under a verification mode, or why it cannot be made (a sentence for an error). */
export function referenceVerification(reference: Pick<ReferenceSet, 'sets' | 'sketches'>, mode: SimilarityMode | 'off'): ReferenceVerification | string {
  if (mode === 'off') return 'off';
  if (reference.sets !== undefined) return 'exact';
  if (reference.sketches.length === 0) return 'its entries have no MinHash sketches to verify against (an index built without them): build it again with `simhash index build --sketches`, or use --verify off';
  // A sketch estimates Jaccard; containment's least Jaccard (a third at 0.5) is beyond what 32 bins can tell.
  if (mode === 'containment') return '--verify containment needs the reference\'s texts; an index holds sketches, which estimate jaccard only';
  return 'sketch';
}
