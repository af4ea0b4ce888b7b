// Quick yardstick for the pure engine on the seed's workload (shared/reference/README.md):
// 20,000 documents of 300 words `w{x % 5000} `, x from xorshift64 starting at 0x9e3779b97f4a7c15,
// w = 3; the fingerprints must XOR to a28260f219dc598f. Run: npx tsx bench/pure-quick.ts [rounds]
// Not the official suite (that is tinybench, bench/run.ts); this one is for measuring levers. The
// machine is shared and noisy, so the forms take turns round by round and the best round counts;
// besides wall time it reports CPU time (process.cpuUsage), which waiting for a core does not inflate.
import { createSimHash } from '../src/pure/index.js';

const MASK = (1n << 64n) - 1n;
let x = 0x9e3779b97f4a7c15n;
const docs: string[] = [];
for (let d = 0; d < 20000; d++) {
  const words: string[] = [];
  for (let i = 0; i < 300; i++) {
    x ^= (x << 13n) & MASK;
    x ^= x >> 7n;
    x ^= (x << 17n) & MASK;
    words.push(`w${x % 5000n} `);
  }
  docs.push(words.join(''));
}
const encoder = new TextEncoder();
const byteDocs = docs.map((doc) => encoder.encode(doc));
const totalBytes = byteDocs.reduce((sum, b) => sum + b.length, 0);
const rounds = Number(process.argv[2] ?? 10);
const shingle = Number(process.argv[3] ?? 3);
const hasher = createSimHash({ shingle });

const forms: [string, () => BigUint64Array][] = [
  ['fingerprintMany string', () => hasher.fingerprintMany(docs)],
  ['fingerprintMany bytes', () => hasher.fingerprintMany(byteDocs)],
  ['fingerprint string', () => BigUint64Array.from(docs, (doc) => hasher.fingerprint(doc))],
];
const times = forms.map(() => [] as number[]);
const cpuTimes = forms.map(() => [] as number[]);
const xors = forms.map(() => 0n);
for (let r = 0; r < rounds; r++) {
  forms.forEach(([, run], f) => {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const fps = run();
    const cpu = process.cpuUsage(cpuStart);
    times[f].push((performance.now() - start) / 1000);
    cpuTimes[f].push((cpu.user + cpu.system) / 1e6);
    xors[f] = fps.reduce((a, b) => a ^ b, 0n);
  });
}
console.log(`w = ${shingle}, ${docs.length} documents, ${(totalBytes / 1e6).toFixed(1)} MB, best and median of ${rounds} rounds`);
forms.forEach(([name], f) => {
  const sorted = times[f].sort((a, b) => a - b);
  const best = sorted[0];
  const median = sorted[sorted.length >> 1];
  const cpuBest = cpuTimes[f].sort((a, b) => a - b)[0];
  const hex = xors[f].toString(16).padStart(16, '0');
  const check = shingle !== 3 ? '' : hex === 'a28260f219dc598f' ? '  (xor ok)' : `  xor ${hex} WRONG`;
  console.log(`${name.padEnd(22)} best ${(docs.length / best).toFixed(0).padStart(6)} docs/s ${(totalBytes / best / 1e6).toFixed(1).padStart(6)} MB/s` +
    `   median ${(docs.length / median).toFixed(0).padStart(6)} docs/s   cpu-time best ${(docs.length / cpuBest).toFixed(0).padStart(6)} docs/s` +
    ` ${(totalBytes / cpuBest / 1e6).toFixed(1).padStart(6)} MB/s${check}`);
});
