// simhash-js 1.0.0 ships no types; this is the part the benchmark calls.
declare module 'simhash-js' {
  export class SimHash {
    constructor(options?: { kshingles?: number; maxFeatures?: number });
    /** A 32-bit fingerprint as an unsigned number (undefined for an empty string). */
    hash(input: string): number;
  }
  const simhashJs: { SimHash: typeof SimHash };
  export default simhashJs;
}
