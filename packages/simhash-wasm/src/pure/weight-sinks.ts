// Feature sinks for weighted hashers: look each feature's weight up, then vote with it.
import type { WeightFunction } from '../core/types.js';
import type { WeightTable } from '../core/weight-table.js';
import { FEATURE_BLOCK, type FeatureSink } from './shingler.js';
import { WeightedCounter } from './weighted-counter.js';

/** Index of the low 32-bit word of a 64-bit element in a 32-bit view of the same memory. */
export const LOW_WORD = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1 ? 0 : 1;

/** The feature hash as a bigint, from its int32 halves. */
export function hashBigInt(lo: number, hi: number): bigint {
  return (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
}

abstract class WeightedSink implements FeatureSink {
  readonly counter = new WeightedCounter();
  protected readonly weights = new Int32Array(FEATURE_BLOCK);

  consume(los: Int32Array, his: Int32Array, count: number): void {
    this.weigh(los, his, count);
    this.counter.addBlock(los, his, this.weights, count);
  }

  protected abstract weigh(los: Int32Array, his: Int32Array, count: number): void;
}

const keyWords = new WeakMap<WeightTable, Int32Array>();

/** Probes the WeightTable's own arrays, its keys read as 32-bit word pairs (no BigInt per feature). */
export class TableWeightSink extends WeightedSink {
  private readonly table: WeightTable;
  private readonly keys: Int32Array;

  constructor(table: WeightTable) {
    super();
    this.table = table;
    let words = keyWords.get(table);
    if (words === undefined) {
      words = new Int32Array(table.keys.buffer, table.keys.byteOffset, table.keys.length * 2);
      keyWords.set(table, words);
    }
    this.keys = words;
  }

  protected weigh(los: Int32Array, his: Int32Array, count: number): void {
    const { mask, weights: tableWeights, defaultWeight, zeroKeyWeight } = this.table;
    const keys = this.keys;
    const out = this.weights;
    const lowWord = LOW_WORD;
    for (let f = 0; f < count; f++) {
      const lo = los[f];
      const hi = his[f];
      if (lo === 0 && hi === 0) {
        out[f] = zeroKeyWeight;
        continue;
      }
      let slot = lo & mask;
      for (;;) {
        const klo = keys[2 * slot + lowWord];
        const khi = keys[2 * slot + 1 - lowWord];
        if (klo === lo && khi === hi) {
          out[f] = tableWeights[slot];
          break;
        }
        if (klo === 0 && khi === 0) {
          out[f] = defaultWeight;
          break;
        }
        slot = (slot + 1) & mask;
      }
    }
  }
}

/** Calls the user's weight function per feature (it takes a bigint, so this path is the slow one). */
export class FunctionWeightSink extends WeightedSink {
  private readonly weightOf: WeightFunction;

  constructor(weightOf: WeightFunction) {
    super();
    this.weightOf = weightOf;
  }

  protected weigh(los: Int32Array, his: Int32Array, count: number): void {
    for (let f = 0; f < count; f++) this.weights[f] = this.weightOf(hashBigInt(los[f], his[f]));
  }
}
