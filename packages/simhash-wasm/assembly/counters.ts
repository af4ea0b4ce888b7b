// The 64 signed counters, kept as S[b] = sum of the weights of features with bit b set, and
// W = sum of all weights: counter b = 2 S[b] - W, so bit b of the fingerprint is 2 S[b] > W.
import { MODE_FEATURES, MODE_FUNCTION, MODE_TABLE } from './abi';
import { FB_CAP, S, W, fbCap, fbLen, fbPtr, mode, negOffset } from './state';

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
 * Unit weights, n <= 255: a positional popcount. Harley-Seal carry-save adders (csa below) fold
 * each block of 16 features into bit planes (ones, twos, fours, eights: position b has counted
 * ones_b + 2 twos_b + 4 fours_b + 8 eights_b) and one word of sixteens, which four accumulators of
 * sixteen 4-bit lanes count (q[j] nibble i counts bit 4i + j; at most 15 blocks). About 5.5
 * operations a feature, half of counting every feature into the lanes, which the rest (fewer
 * than 16) still do. Every position's total is at most n <= 255, so it fits an 8-bit lane.
 */
function addUnit(ptr: usize, n: i32): void {
  let ones: u64 = 0, twos: u64 = 0, fours: u64 = 0, eights: u64 = 0;
  let q0: u64 = 0, q1: u64 = 0, q2: u64 = 0, q3: u64 = 0;
  for (const blocksEnd = ptr + (<usize>(n & ~15) << 3); ptr < blocksEnd; ptr += 128) {
    let twosA: u64 = 0, twosB: u64 = 0, foursA: u64 = 0, foursB: u64 = 0, eightsA: u64 = 0, eightsB: u64 = 0, u: u64 = 0;
    let a: u64 = 0, b: u64 = 0;
    // csa(high, low; low, a, b): high, low = the carry and the sum of low + a + b, bit by bit.
    a = load<u64>(ptr); b = load<u64>(ptr, 8); u = ones ^ a; twosA = (ones & a) | (u & b); ones = u ^ b;
    a = load<u64>(ptr, 16); b = load<u64>(ptr, 24); u = ones ^ a; twosB = (ones & a) | (u & b); ones = u ^ b;
    u = twos ^ twosA; foursA = (twos & twosA) | (u & twosB); twos = u ^ twosB;
    a = load<u64>(ptr, 32); b = load<u64>(ptr, 40); u = ones ^ a; twosA = (ones & a) | (u & b); ones = u ^ b;
    a = load<u64>(ptr, 48); b = load<u64>(ptr, 56); u = ones ^ a; twosB = (ones & a) | (u & b); ones = u ^ b;
    u = twos ^ twosA; foursB = (twos & twosA) | (u & twosB); twos = u ^ twosB;
    u = fours ^ foursA; eightsA = (fours & foursA) | (u & foursB); fours = u ^ foursB;
    a = load<u64>(ptr, 64); b = load<u64>(ptr, 72); u = ones ^ a; twosA = (ones & a) | (u & b); ones = u ^ b;
    a = load<u64>(ptr, 80); b = load<u64>(ptr, 88); u = ones ^ a; twosB = (ones & a) | (u & b); ones = u ^ b;
    u = twos ^ twosA; foursA = (twos & twosA) | (u & twosB); twos = u ^ twosB;
    a = load<u64>(ptr, 96); b = load<u64>(ptr, 104); u = ones ^ a; twosA = (ones & a) | (u & b); ones = u ^ b;
    a = load<u64>(ptr, 112); b = load<u64>(ptr, 120); u = ones ^ a; twosB = (ones & a) | (u & b); ones = u ^ b;
    u = twos ^ twosA; foursB = (twos & twosA) | (u & twosB); twos = u ^ twosB;
    u = fours ^ foursA; eightsB = (fours & foursA) | (u & foursB); fours = u ^ foursB;
    u = eights ^ eightsA;
    const sixteens = (eights & eightsA) | (u & eightsB);
    eights = u ^ eightsB;
    q0 += sixteens & LANES4;
    q1 += (sixteens >> 1) & LANES4;
    q2 += (sixteens >> 2) & LANES4;
    q3 += (sixteens >> 3) & LANES4;
  }
  // The rest, one by one into nibble lanes of weight 1 (fewer than 16, so no lane overflows).
  let r0: u64 = 0, r1: u64 = 0, r2: u64 = 0, r3: u64 = 0;
  for (const end = ptr + (<usize>(n & 15) << 3); ptr < end; ptr += 8) {
    const h = load<u64>(ptr);
    r0 += h & LANES4;
    r1 += (h >> 1) & LANES4;
    r2 += (h >> 2) & LANES4;
    r3 += (h >> 3) & LANES4;
  }
  flushUnit(q0, planes(ones, twos, fours, eights, 0), r0, 0);
  flushUnit(q1, planes(ones, twos, fours, eights, 1), r1, 1);
  flushUnit(q2, planes(ones, twos, fours, eights, 2), r2, 2);
  flushUnit(q3, planes(ones, twos, fours, eights, 3), r3, 3);
  W += n;
}

/** The bit planes' counts of bits 4i + j, in nibble i (each at most 15). */
@inline function planes(ones: u64, twos: u64, fours: u64, eights: u64, j: u64): u64 {
  return ((ones >> j) & LANES4) + (((twos >> j) & LANES4) << 1) + (((fours >> j) & LANES4) << 2) + (((eights >> j) & LANES4) << 3);
}

/**
 * Adds 16 q (sixteens) + planes + rest, all in nibble lanes (nibble i: bit 4i + j), to the counters.
 * Each nibble goes to a byte lane before they are added: only the sum, at most n <= 255, must fit.
 */
@inline function flushUnit(q: u64, planes: u64, rest: u64, j: usize): void {
  flush8(((q & NIBBLES) << 4) + (planes & NIBBLES) + (rest & NIBBLES), j);
  flush8((((q >> 4) & NIBBLES) << 4) + ((planes >> 4) & NIBBLES) + ((rest >> 4) & NIBBLES), j + 4);
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

/**
 * MODE_FEATURES: votes the n features at ptr (the output the JS side reads them from) with unit weights, so one pass
 * gives a document's features and its fingerprint (votedFingerprint). In runs of at most FB_CAP, addUnit's bound.
 */
export function voteUnits(ptr: usize, n: i32): void {
  while (n > 0) {
    const run = min(n, FB_CAP);
    addUnit(ptr, run);
    ptr += <usize>run << 3;
    n -= run;
  }
}

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
