// What the Redis tests share: whether they can run,
// string ids for brute force's numeric ones, and answers in the index's order.
import { inject } from 'vitest';
import type { Entry } from '../support/index-oracle.js';
import { idOf } from './fingerprints.js';

export { fingerprintOf, idOf } from './fingerprints.js';

/** Decided once per run by test/support/redis-global-setup.ts, which also prints the skip line. */
export const HAVE_REDIS = inject('haveRedis');

export interface Match {
  id: string;
  distance: number;
}


/** Brute force over plain 32-bit halves (held per entry list until it grows): fast enough for 100,000 entries per query. */
export function expected(entries: readonly Entry[], q: bigint, k: number): Match[] {
  const { hi, lo } = halvesOf(entries);
  const qh = Number(q >> 32n) >>> 0, ql = Number(q & 0xffffffffn) >>> 0;
  const out: Match[] = [];
  for (let i = 0; i < hi.length; i++) {
    const d = pop32(hi[i] ^ qh) + pop32(lo[i] ^ ql);
    if (d <= k) out.push({ id: idOf(entries[i].id), distance: d });
  }
  return out.sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const halvesCache = new WeakMap<readonly Entry[], { hi: Uint32Array; lo: Uint32Array }>();
function halvesOf(entries: readonly Entry[]) {
  let h = halvesCache.get(entries);
  if (!h || h.hi.length !== entries.length) {
    h = { hi: Uint32Array.from(entries, (e) => Number(e.fp >> 32n)), lo: Uint32Array.from(entries, (e) => Number(e.fp & 0xffffffffn)) };
    halvesCache.set(entries, h);
  }
  return h;
}

function pop32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}


