// A per-document array of a run's batches (fingerprints, token counts, digests, sketches) joined into one, in batch
// order, once they are all in: one copy, no number or bigint per document on the heap; or all four (joinBatches).
type PerDocument = Uint8Array | Uint32Array | BigUint64Array;

export function joinBatchArrays<T extends PerDocument>(parts: readonly T[], make: (length: number) => T): T {
  const joined = make(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    (joined as { set(array: T, offset: number): void }).set(part, at);
    at += part.length;
  }
  return joined;
}

export interface JoinedBatches {
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly digests: Uint8Array;
  readonly sketches: Uint32Array;
}

/** Every per-document array of a run's batches, each joined into one. */
export function joinBatches(batches: readonly JoinedBatches[]): JoinedBatches {
  return {
    fingerprints: joinBatchArrays(batches.map((batch) => batch.fingerprints), (length) => new BigUint64Array(length)),
    tokens: joinBatchArrays(batches.map((batch) => batch.tokens), (length) => new Uint32Array(length)),
    digests: joinBatchArrays(batches.map((batch) => batch.digests), (length) => new Uint8Array(length)),
    sketches: joinBatchArrays(batches.map((batch) => batch.sketches), (length) => new Uint32Array(length)),
  };
}
