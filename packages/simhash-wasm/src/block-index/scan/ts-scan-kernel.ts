// The scan kernel in TypeScript: where the entry gave the index no WebAssembly kernel (simhash-wasm/pure, or no
// WebAssembly). Plain 32-bit halves read through a Uint32Array view (no BigInt per fingerprint), queries in tiles
// over blocks of stored fingerprints that stay in cache, the high half first: a pair more than k apart on it alone
// is rejected without reading the low half.
import { popcount32 } from '../../core/bits.js';
import { emptyMatches, reserveMatches, type ScanKernel } from '../../core/scan-kernel.js';
import { HALF_HI, HALF_LO, halvesView } from '../../core/halves.js';

const BLOCK = 4096;
const TILE = 32;

export const tsScanKernel: ScanKernel = {
  name: 'ts',
  /** Measured at 1M fingerprints: 2.3 ns (k = 7) to 6 ns (k = 16) per pair (BENCHMARKS.md, "Exact search at large k"). */
  nsPerPair: 3,
  scan(stored, queries, k, into) {
    const out = emptyMatches(into);
    const s = halvesView(stored), q = halvesView(queries);
    const n = stored.length, m = queries.length;
    for (let tile = 0; tile < m; tile += TILE) {
      const tileEnd = Math.min(m, tile + TILE);
      // Within a tile, matches come block by block: gathered per query, then appended in query order.
      const perQuery: number[][] = [];
      for (let i = tile; i < tileEnd; i++) perQuery.push([]);
      for (let block = 0; block < n; block += BLOCK) {
        const end = Math.min(n, block + BLOCK);
        for (let i = tile; i < tileEnd; i++) {
          const qh = q[2 * i + HALF_HI], ql = q[2 * i + HALF_LO];
          const found = perQuery[i - tile];
          for (let j = block; j < end; j++) {
            const dh = popcount32(s[2 * j + HALF_HI] ^ qh);
            if (dh > k) continue;
            const d = dh + popcount32(s[2 * j + HALF_LO] ^ ql);
            if (d <= k) found.push(j, d);
          }
        }
      }
      perQuery.forEach((found, offset) => {
        reserveMatches(out, out.count + found.length / 2);
        for (let x = 0; x < found.length; x += 2) {
          out.query[out.count] = tile + offset;
          out.stored[out.count] = found[x];
          out.distance[out.count++] = found[x + 1];
        }
      });
    }
    return out;
  },
};

