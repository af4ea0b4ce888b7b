// Fingerprints and ids the Redis tests and their writer processes agree on without sharing memory (no vitest here:
// writer-process.ts imports it outside the test runner).

export const idOf = (i: number): string => `doc-${i}`;

/** A fixed fingerprint per number (splitmix64), so a writer process and the test agree without sharing memory. */
export function fingerprintOf(i: number): bigint {
  let z = BigInt.asUintN(64, BigInt(i + 1) * 0x9e3779b97f4a7c15n);
  z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
  z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
  return z ^ (z >> 31n);
}
