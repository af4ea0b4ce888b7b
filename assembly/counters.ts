// The 64 signed counters, kept as S[b] = sum of the weights of features with bit b set, and
// W = sum of all weights: counter b = 2 S[b] - W, so bit b of the fingerprint is 2 S[b] > W.
import { MODE_FEATURES, MODE_FUNCTION, MODE_TABLE } from './abi';
import { S, W, fbCap, fbLen, fbPtr, mode, negOffset } from './state';

const LANES4: u64 = 0x1111111111111111;
const NIBBLES: u64 = 0x0f0f0f0f0f0f0f0f;
const LANES16: u64 = 0x0001000100010001;
/** Largest weight a 16-bit SWAR lane takes; larger magnitudes go through the exact 64-add path. */
const LANE16_MAX: i64 = 0xffff;

// The weight table (src/core/weight-table.ts layout), copied into linear memory by the JS side.
let tableKeys: usize = 0;
let tableWeights: usize = 0;
let tableMask: u32 = 0;
let tableDefault: i32 = 1;
let tableZeroKey: i32 = 1;

export function setTable(keys: usize, weights: usize, mask: u32, defaultWeight: i32, zeroKeyWeight: i32): void {
  tableKeys = keys;
  tableWeights = weights;
  tableMask = mask;
  tableDefault = defaultWeight;
  tableZeroKey = zeroKeyWeight;
}

@inline function tableWeight(h: u64): i32 {
  if (h == 0) return tableZeroKey;
  let slot = <u32>h & tableMask;
  let key = load<u64>(tableKeys + (<usize>slot << 3));
  while (key != h) {
    if (key == 0) return tableDefault;
    slot = (slot + 1) & tableMask;
    key = load<u64>(tableKeys + (<usize>slot << 3));
  }
  return load<i32>(tableWeights + (<usize>slot << 2));
}

/** Votes the buffered features and empties the buffer. */
export function consume(): void {
  if (mode == MODE_FEATURES || mode == MODE_FUNCTION) {
    // The JS side sizes the output for every feature a slice can make; running out is a bug.
    if (fbLen >= fbCap) unreachable();
    return;
  }
  const n = fbLen;
  fbLen = 0;
  if (n == 0) return;
  if (mode == MODE_TABLE) addWeighted(fbPtr, n, 0);
  else addUnit(fbPtr, n);
}

/**
 * Unit weights, n <= 255. Bit counts go first into four accumulators of sixteen 4-bit lanes
 * (q[j] nibble i counts bit 4i + j), which take 15 features before they could overflow, then into
 * eight accumulators of 8-bit lanes (a[j] byte i counts bit 8i + j): about 12 operations a feature.
 */
function addUnit(ptr: usize, n: i32): void {
  let a0: u64 = 0, a1: u64 = 0, a2: u64 = 0, a3: u64 = 0, a4: u64 = 0, a5: u64 = 0, a6: u64 = 0, a7: u64 = 0;
  const end = ptr + (<usize>n << 3);
  while (ptr < end) {
    let blockEnd = ptr + 15 * 8;
    if (blockEnd > end) blockEnd = end;
    let q0: u64 = 0, q1: u64 = 0, q2: u64 = 0, q3: u64 = 0;
    for (; ptr < blockEnd; ptr += 8) {
      const h = load<u64>(ptr);
      q0 += h & LANES4;
      q1 += (h >> 1) & LANES4;
      q2 += (h >> 2) & LANES4;
      q3 += (h >> 3) & LANES4;
    }
    // Nibble i of q[j] is bit 4i + j: even nibbles go to byte i/2 of a[j], odd ones of a[j + 4].
    a0 += q0 & NIBBLES; a4 += (q0 >> 4) & NIBBLES;
    a1 += q1 & NIBBLES; a5 += (q1 >> 4) & NIBBLES;
    a2 += q2 & NIBBLES; a6 += (q2 >> 4) & NIBBLES;
    a3 += q3 & NIBBLES; a7 += (q3 >> 4) & NIBBLES;
  }
  flush8(a0, 0); flush8(a1, 1); flush8(a2, 2); flush8(a3, 3);
  flush8(a4, 4); flush8(a5, 5); flush8(a6, 6); flush8(a7, 7);
  W += n;
}

@inline function flush8(acc: u64, j: usize): void {
  for (let i: usize = 0; i < 8; i++) {
    const at = S + ((i * 8 + j) << 3);
    store<i64>(at, load<i64>(at) + <i64>((acc >> (i * 8)) & 0xff));
  }
}

// Weighted: 16 accumulators of four 16-bit lanes (acc[j] lane i sums bit 16i + j), flushed before
// the weights added since the last flush could pass 0xffff. A negative weight -m adds m for the
// bits that are 0 and takes m off every counter: -m*bit = -m + m*(1 - bit).
const ACC16: usize = memory.data(16 * 8, 16);

/** MODE_FUNCTION: votes n features with their weights (i32s at weights), as the JS side computed them. */
export function voteWeights(features: usize, weights: usize, n: i32): void {
  addWeighted(features, n, weights);
}

/** Weights from the table, or (weights != 0) the i32 at weights for each feature. */
function addWeighted(ptr: usize, n: i32, weights: usize): void {
  memory.fill(ACC16, 0, 16 * 8);
  const fromTable = weights == 0;
  let budget: i64 = 0;
  for (let end = ptr + (<usize>n << 3); ptr < end; ptr += 8, weights += 4) {
    let h = load<u64>(ptr);
    const weight = <i64>(fromTable ? tableWeight(h) : load<i32>(weights));
    if (weight == 0) continue;
    W += weight;
    let m = weight;
    if (weight < 0) { m = -weight; h = ~h; negOffset -= m; }
    if (m > LANE16_MAX) { addExact(h, m); continue; }
    if (budget + m > LANE16_MAX) { flush16(); budget = 0; }
    budget += m;
    const um = <u64>m;
    for (let j: usize = 0; j < 16; j++) {
      const at = ACC16 + (j << 3);
      store<u64>(at, load<u64>(at) + ((h >> j) & LANES16) * um);
    }
  }
  flush16();
}

function flush16(): void {
  for (let j: usize = 0; j < 16; j++) {
    const acc = load<u64>(ACC16 + (j << 3));
    for (let i: usize = 0; i < 4; i++) {
      const at = S + ((i * 16 + j) << 3);
      store<i64>(at, load<i64>(at) + <i64>((acc >> (i * 16)) & 0xffff));
    }
  }
  memory.fill(ACC16, 0, 16 * 8);
}

function addExact(h: u64, m: i64): void {
  for (let b: usize = 0; b < 64; b++) {
    const at = S + (b << 3);
    store<i64>(at, load<i64>(at) + (m & -<i64>((h >> b) & 1)));
  }
}

/** Bit b is 1 iff counter b = 2 S[b] - W is positive; no features or all weights 0 give 0. */
export function fingerprintBits(): u64 {
  let fp: u64 = 0;
  for (let b: usize = 0; b < 64; b++) {
    if (2 * (load<i64>(S + (b << 3)) + negOffset) > W) fp |= (<u64>1) << b;
  }
  return fp;
}
