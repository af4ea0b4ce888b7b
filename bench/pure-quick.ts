// Quick yardstick for the pure engine, for measuring levers (the official suite is bench/run.ts,
// tinybench). Workloads from bench/workloads.ts: the seed's (20,000 documents of 300 words, w = 3,
// fingerprints XOR to a28260f219dc598f) and the SpamAssassin bodies (real mail, as bytes and as
// decoded strings). The machine is shared and noisy, so the forms take turns round by round and the
// best round counts; CPU time (process.cpuUsage) is shown too, as waiting for a core does not count.
//   npx tsx bench/pure-quick.ts [rounds=10] [shingle=3] [seed|mail|all]
import { createSimHash } from '../packages/simhash-wasm/src/pure/index.js';
import { SEED_XOR, seedWorkload, spamAssassinWorkload, xorAll, type Workload } from './workloads.js';

const rounds = Number(process.argv[2] ?? 10);
const shingle = Number(process.argv[3] ?? 3);
const which = process.argv[4] ?? 'seed';
const hasher = createSimHash({ shingle });

function measure(workload: Workload): void {
  const forms: [string, () => BigUint64Array][] = [
    ['fingerprintMany string', () => hasher.fingerprintMany(workload.texts)],
    ['fingerprintMany bytes', () => hasher.fingerprintMany(workload.bytes)],
    ['fingerprint string', () => BigUint64Array.from(workload.texts, (doc) => hasher.fingerprint(doc))],
  ];
  const wall = forms.map(() => Infinity);
  const cpu = forms.map(() => Infinity);
  const xors = forms.map(() => 0n);
  for (let r = 0; r < rounds; r++) {
    forms.forEach(([, run], f) => {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      const fingerprints = run();
      const used = process.cpuUsage(cpuStart);
      wall[f] = Math.min(wall[f], (performance.now() - start) / 1000);
      cpu[f] = Math.min(cpu[f], (used.user + used.system) / 1e6);
      xors[f] = xorAll(fingerprints);
    });
  }
  const docs = workload.texts.length;
  console.log(`${workload.name}, w = ${shingle}, ${(workload.totalBytes / 1e6).toFixed(1)} MB, best of ${rounds} rounds`);
  forms.forEach(([name], f) => {
    const check = workload.expectedXor === undefined || shingle !== 3 ? '' : xors[f] === SEED_XOR ? '  (xor ok)' : `  xor ${xors[f].toString(16)} WRONG`;
    const rate = (seconds: number) => `${(docs / seconds).toFixed(0).padStart(7)} docs/s ${(workload.totalBytes / seconds / 1e6).toFixed(1).padStart(6)} MB/s`;
    console.log(`  ${name.padEnd(22)} wall ${rate(wall[f])}   cpu ${rate(cpu[f])}${check}`);
  });
}

if (which === 'seed' || which === 'all') measure(seedWorkload());
if (which === 'mail' || which === 'all') measure(spamAssassinWorkload());
