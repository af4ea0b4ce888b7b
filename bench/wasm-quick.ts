// Quick throughput check of the WASM engine (the official suite is bench/run.ts):
//   npx tsx bench/wasm-quick.ts [rounds]
// Seed workload (w = 1..5) and the SpamAssassin bodies. Best of `rounds`, in CPU time of this
// process, not wall time: on a shared machine, time spent descheduled is not ours.
import { createSimHash, initSync } from '../packages/simhash-wasm/src/index.js';
import { SEED_XOR, seedWorkload, spamAssassinWorkload, type Workload } from './workloads.js';

initSync();
const rounds = Number(process.argv[2] ?? 15);

function measure(workload: Workload, name: string, run: () => bigint, checkXor: boolean) {
  let best = Infinity;
  let xor = 0n;
  // Warm-up rounds, untimed: the JIT, and the GC threads still marking the fresh workload (their
  // CPU time counts as this process's).
  for (let r = 0; r < 3; r++) run();
  for (let r = 0; r < rounds; r++) {
    const t = process.cpuUsage();
    xor = run();
    const used = process.cpuUsage(t);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  const docsPerSec = (workload.texts.length / best) * 1000;
  const check = checkXor ? (xor === SEED_XOR ? '  xor ok' : `  xor ${xor.toString(16)} WRONG`) : '';
  console.log(`${name.padEnd(34)} ${Math.round(docsPerSec).toLocaleString('en').padStart(10)} docs/s ${(workload.totalBytes / best / 1000).toFixed(0).padStart(6)} MB/s${check}`);
}

const xorAll = (fps: Iterable<bigint>) => { let x = 0n; for (const f of fps) x ^= f; return x; };

const seed = seedWorkload();
console.log(seed.name);
const w3 = createSimHash({ shingle: 3 });
measure(seed, 'fingerprintMany(strings)', () => xorAll(w3.fingerprintMany(seed.texts)), true);
measure(seed, 'fingerprintMany(bytes)', () => xorAll(w3.fingerprintMany(seed.bytes)), true);
measure(seed, 'fingerprint(string), one call each', () => { let x = 0n; for (const d of seed.texts) x ^= w3.fingerprint(d); return x; }, true);
measure(seed, 'fingerprint(bytes), one call each', () => { let x = 0n; for (const d of seed.bytes) x ^= w3.fingerprint(d); return x; }, true);
measure(seed, 'stream(), one update each', () => { let x = 0n; for (const d of seed.texts) x ^= w3.stream().update(d).digest(); return x; }, true);
for (const w of [1, 2, 4, 5]) {
  const hasher = createSimHash({ shingle: w });
  measure(seed, `fingerprintMany(strings), w = ${w}`, () => xorAll(hasher.fingerprintMany(seed.texts)), false);
}

const mail = spamAssassinWorkload();
console.log(mail.name);
measure(mail, 'fingerprintMany(bytes)', () => xorAll(w3.fingerprintMany(mail.bytes)), false);
measure(mail, 'fingerprintMany(strings)', () => xorAll(w3.fingerprintMany(mail.texts)), false);
