// What kind of machine a corpus-scale run was on, beyond its CPU's name: the three costs that set the corpus job's
// speed apart from its engine's. The engine is arithmetic on data in the cache and runs alike on the VMs measured
// here; the job also touches fresh memory (every new array is page faults), reads records back one by one (a
// system call each) and looks up hash tables and index buckets at random (a trip to memory each). On the VM of
// 2026-12-05's second session a fresh page cost 10 to 14 µs and a small read 3.5 to 7 µs, and the job at 2 threads
// ran at 0.7 to 0.9 times its engine where the VM before had run the same code at 1.07 to 1.12. Printed beside the
// results, so that runs on different machines can be told apart.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface MachineCosts {
  /** Microseconds to fault in one 4 KB page of newly allocated memory (best of three 64 MB arrays). */
  readonly pageFaultUs: number;
  /** Microseconds for one 1,500-byte read at a random offset of `path` (a record read back), from the page cache. */
  readonly smallReadUs: number;
  /** Nanoseconds for one load from a random place in 64 MB, each depending on the one before. */
  readonly randomLoadNs: number;
}

const PAGE = 4096;

function pageFaultUs(): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const fresh = new Uint8Array(64 << 20);
    for (let at = 0; at < fresh.length; at += PAGE) fresh[at] = 1;
    best = Math.min(best, ((performance.now() - started) * 1000) / (fresh.length / PAGE));
  }
  return best;
}

function smallReadUs(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.allocUnsafe(1500);
    const reads = 20_000;
    readSync(fd, buffer, 0, buffer.length, 0);
    const started = performance.now();
    for (let i = 0; i < reads; i++) readSync(fd, buffer, 0, buffer.length, Math.floor(Math.random() * Math.max(1, size - buffer.length)));
    return ((performance.now() - started) * 1000) / reads;
  } finally {
    closeSync(fd);
  }
}

function randomLoadNs(): number {
  // One cycle through every slot (Sattolo's shuffle), so that each load's address is the one before's value.
  const next = new Uint32Array(16 << 20);
  for (let i = 0; i < next.length; i++) next[i] = i;
  for (let i = next.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * i);
    const t = next[i];
    next[i] = next[j];
    next[j] = t;
  }
  const steps = 5_000_000;
  let at = 0;
  const started = performance.now();
  for (let i = 0; i < steps; i++) at = next[at];
  const ns = ((performance.now() - started) * 1e6) / steps;
  if (at >= next.length) throw new Error('the chase left the array'); // uses `at`, so the loop stays
  return ns;
}

/** About three seconds. `path`: a large file in the page cache (the corpus). */
export function machineCosts(path: string): MachineCosts {
  return { pageFaultUs: pageFaultUs(), smallReadUs: smallReadUs(path), randomLoadNs: randomLoadNs() };
}

export function describeMachine(costs: MachineCosts): string {
  return `The machine: a fresh page ${costs.pageFaultUs.toFixed(2)} µs, a 1,500-byte read ${costs.smallReadUs.toFixed(1)} µs, a random load from 64 MB ${costs.randomLoadNs.toFixed(0)} ns (bench/support/machine-probe.ts).`;
}
