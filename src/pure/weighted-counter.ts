// The 64 signed vote counters for int32 weights, exact in doubles without BigInt.
// Bound: a weight is at most 2^31 in magnitude, so after at most 2^21 features a partial counter is
// at most 2^52 in magnitude, an integer a double holds exactly. Every EPOCH features the partials
// are folded into a split counter high * 2^32 + low with low in [0, 2^32): each fold moves high by
// at most 2^20 + 1, so high stays exact for 2^32 folds (2^53 features), more than any input has.
const EPOCH = 1 << 21;
const TWO_32 = 4294967296;

export class WeightedCounter {
  private readonly partial = new Float64Array(64);
  private readonly low = new Float64Array(64);
  private readonly high = new Float64Array(64);
  private sinceFold = 0;

  reset(): void {
    this.partial.fill(0);
    this.low.fill(0);
    this.high.fill(0);
    this.sinceFold = 0;
  }

  /** Adds weights[f] to counter b where bit b of hash f is 1 and subtracts it where it is 0. */
  addBlock(los: Int32Array, his: Int32Array, weights: Int32Array, count: number): void {
    const partial = this.partial;
    for (let f = 0; f < count; f++) {
      const weight = weights[f];
      if (weight === 0) continue;
      if (this.sinceFold === EPOCH) this.fold();
      this.sinceFold++;
      const twice = 2 * weight;
      const lo = los[f];
      const hi = his[f];
      for (let b = 0; b < 32; b++) {
        partial[b] += ((lo >>> b) & 1) * twice - weight;
        partial[b + 32] += ((hi >>> b) & 1) * twice - weight;
      }
    }
  }

  private fold(): void {
    for (let b = 0; b < 64; b++) {
      const v = this.partial[b] + this.low[b];
      const carry = Math.floor(v / TWO_32);
      this.low[b] = v - carry * TWO_32;
      this.high[b] += carry;
      this.partial[b] = 0;
    }
    this.sinceFold = 0;
  }

  fingerprintLo(): number {
    return this.bits(0);
  }

  fingerprintHi(): number {
    return this.bits(32);
  }

  private bits(base: number): number {
    this.fold();
    let word = 0;
    for (let b = 0; b < 32; b++) {
      const high = this.high[base + b];
      if (high > 0 || (high === 0 && this.low[base + b] > 0)) word |= 1 << b;
    }
    return word;
  }
}
