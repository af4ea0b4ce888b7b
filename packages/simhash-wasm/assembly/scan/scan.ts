// The exact Hamming scan: every (query, stored) pair of 64-bit fingerprints within k bits. Its own small module,
// apart from the fingerprint engine (assembly/index.ts), loaded only by an index that scans. Built twice from this
// one source by scripts/build-wasm.mjs: with SIMD (ASC_FEATURE_SIMD: two fingerprints per v128, i8x16.popcnt) and
// without (i64.popcnt), for engines that do not validate SIMD.
//
// Memory (the JS side, src/wasm/scan-kernel.ts, places it): stored fingerprints, then a tile of queries, then two
// output arrays of `capacity` u32: the stored index of each match, and (query index << 8 | distance).
//
// Loop order: blocks of BLOCK stored fingerprints (16 KB, in L1 while the tile's queries pass over it), then each
// query of the tile over the block. Within a (block, query) matches come out by stored index, so the JS side puts
// them in (query, stored) order with a stable sort by query.

const BLOCK: i32 = 2048;

/** Matches written, or -1 when they did not fit `capacity` (the caller grows the output and calls again). */
export function scan(stored: usize, n: i32, queries: usize, m: i32, k: i32, outStored: usize, outQueryDistance: usize, capacity: i32): i32 {
  let count = 0;
  for (let block = 0; block < n; block += BLOCK) {
    const end = min(n, block + BLOCK);
    for (let q = 0; q < m; q++) {
      const query = load<u64>(queries + (<usize>q << 3));
      let s = block;
      if (ASC_FEATURE_SIMD) {
        const qq = i64x2.splat(query);
        const kk = i32x4.splat(k);
        for (; s + 2 <= end; s += 2) {
          const x = v128.xor(v128.load(stored + (<usize>s << 3)), qq);
          // Bytes' popcounts summed pairwise twice: four 32-bit lanes, two per fingerprint; a swap-and-add puts
          // each fingerprint's whole count in lanes 0 and 2.
          const c32 = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.popcnt(x)));
          const sum = i32x4.add(c32, i32x4.shuffle(c32, c32, 1, 0, 3, 2));
          const near = i32x4.le_u(sum, kk);
          if (!v128.any_true(near)) continue;
          for (let lane = 0; lane < 2; lane++) {
            const d = lane == 0 ? i32x4.extract_lane(sum, 0) : i32x4.extract_lane(sum, 2);
            if (d > k) continue;
            if (count == capacity) return -1;
            store<u32>(outStored + (<usize>count << 2), s + lane);
            store<u32>(outQueryDistance + (<usize>count << 2), (q << 8) | d);
            count++;
          }
        }
      }
      for (; s < end; s++) {
        const d = <i32>popcnt<u64>(load<u64>(stored + (<usize>s << 3)) ^ query);
        if (d > k) continue;
        if (count == capacity) return -1;
        store<u32>(outStored + (<usize>count << 2), s);
        store<u32>(outQueryDistance + (<usize>count << 2), (q << 8) | d);
        count++;
      }
    }
  }
  return count;
}

/** Grows the memory to at least `bytes` (the JS side asks before placing its arrays); false if it cannot. */
export function reserve(bytes: usize): bool {
  const pages = <i32>((bytes + 0xffff) >> 16);
  const have = memory.size();
  return pages <= have || memory.grow(pages - have) >= 0;
}
