// An open-addressing table from feature hash to int32 weight, laid out as flat typed arrays so the
// WASM engine can copy it into linear memory as is and the pure engine can probe the same arrays.
// Probe: slot = low 32 bits of the key & mask, then linear. A key of 0 marks an empty slot, so the
// feature hash 0 keeps its weight in `zeroKeyWeight`.

export interface WeightTable {
  /** capacity - 1; capacity is a power of two, at least twice the entry count. */
  readonly mask: number;
  /** capacity keys; 0n is an empty slot. */
  readonly keys: BigUint64Array;
  /** capacity weights, beside the keys. */
  readonly weights: Int32Array;
  readonly defaultWeight: number;
  readonly zeroKeyWeight: number;
  /** Entry count (the zero key included). */
  readonly size: number;
}

export function buildWeightTable(entries: ReadonlyMap<bigint, number>, defaultWeight: number): WeightTable {
  let capacity = 8;
  while (capacity < entries.size * 2) capacity *= 2;
  const mask = capacity - 1;
  const keys = new BigUint64Array(capacity);
  const weights = new Int32Array(capacity);
  let zeroKeyWeight = defaultWeight;
  for (const [key, weight] of entries) {
    if (key === 0n) { zeroKeyWeight = weight; continue; }
    let slot = Number(key & 0xffffffffn) & mask;
    while (keys[slot] !== 0n && keys[slot] !== key) slot = (slot + 1) & mask;
    keys[slot] = key;
    weights[slot] = weight;
  }
  return { mask, keys, weights, defaultWeight, zeroKeyWeight, size: entries.size };
}
