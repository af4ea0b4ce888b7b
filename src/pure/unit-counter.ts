// The 64 vote counters for unit weights, as bit counts: count_b features have bit b set out of
// `total`, and counter_b = 2 * count_b - total, so bit b of the fingerprint is 2 * count_b > total.
// A block of at most 255 hashes is counted in 8-bit SWAR lanes (lane k of accumulator j counts bit
// 8k + j of one half), then the lanes are added into wide counters.
import type { FeatureSink } from './shingler.js';

const ONES = 0x01010101;

export class UnitCounter implements FeatureSink {
  /** count_b: doubles, exact far beyond any stream's feature count. */
  readonly counts = new Float64Array(64);
  total = 0;

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
  }

  consume(los: Int32Array, his: Int32Array, count: number): void {
    this.countHalf(los, count, 0);
    this.countHalf(his, count, 32);
    this.total += count;
  }

  private countHalf(words: Int32Array, count: number, base: number): void {
    let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
    for (let f = 0; f < count; f++) {
      const x = words[f];
      a0 = (a0 + (x & ONES)) | 0;
      a1 = (a1 + ((x >>> 1) & ONES)) | 0;
      a2 = (a2 + ((x >>> 2) & ONES)) | 0;
      a3 = (a3 + ((x >>> 3) & ONES)) | 0;
      a4 = (a4 + ((x >>> 4) & ONES)) | 0;
      a5 = (a5 + ((x >>> 5) & ONES)) | 0;
      a6 = (a6 + ((x >>> 6) & ONES)) | 0;
      a7 = (a7 + ((x >>> 7) & ONES)) | 0;
    }
    const counts = this.counts;
    for (let lane = 0; lane < 32; lane += 8) {
      const at = base + lane;
      counts[at] += (a0 >>> lane) & 0xff;
      counts[at + 1] += (a1 >>> lane) & 0xff;
      counts[at + 2] += (a2 >>> lane) & 0xff;
      counts[at + 3] += (a3 >>> lane) & 0xff;
      counts[at + 4] += (a4 >>> lane) & 0xff;
      counts[at + 5] += (a5 >>> lane) & 0xff;
      counts[at + 6] += (a6 >>> lane) & 0xff;
      counts[at + 7] += (a7 >>> lane) & 0xff;
    }
  }

  /** The fingerprint halves: bit b is set iff more than half of the features have it. */
  fingerprintLo(): number {
    return this.bits(0);
  }

  fingerprintHi(): number {
    return this.bits(32);
  }

  private bits(base: number): number {
    let word = 0;
    const total = this.total;
    for (let b = 0; b < 32; b++) if (2 * this.counts[base + b] > total) word |= 1 << b;
    return word;
  }
}
