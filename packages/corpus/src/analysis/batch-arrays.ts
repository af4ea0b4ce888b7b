// A per-document array of a run's batches (fingerprints, token counts, digests, sketches) joined into one, in batch
// order, once they are all in: one copy, no number or bigint per document on the heap.
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
