// Quick yardstick for the pure engine on the seed's workload (shared/reference/README.md):
// 20,000 documents of 300 words `w{x % 5000} `, x from xorshift64 starting at 0x9e3779b97f4a7c15,
// w = 3; the fingerprints must XOR to a28260f219dc598f. Run: npx tsx bench/pure-quick.ts [rounds]
// Not the official suite (that is tinybench, bench/run.ts); this one is for measuring levers.
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

const hasher = createSimHash({ shingle: 3 });
const rounds = Number(process.argv[2] ?? 7);

function measure(name: string, run: () => BigUint64Array): void {
  const times: number[] = [];
  let xor = 0n;
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    const fps = run();
    times.push((performance.now() - start) / 1000);
    xor = fps.reduce((a, b) => a ^ b, 0n);
  }
  times.sort((a, b) => a - b);
  const best = times[0];
  const median = times[times.length >> 1];
  const hex = xor.toString(16).padStart(16, '0');
  console.log(`${name.padEnd(22)} best ${(docs.length / best).toFixed(0).padStart(7)} docs/s ${(totalBytes / best / 1e6).toFixed(1).padStart(6)} MB/s` +
    `  median ${(docs.length / median).toFixed(0).padStart(7)} docs/s  xor ${hex}${hex === 'a28260f219dc598f' ? '' : '  WRONG'}`);
}

measure('fingerprintMany string', () => hasher.fingerprintMany(docs));
measure('fingerprintMany bytes', () => hasher.fingerprintMany(byteDocs));
measure('fingerprint string', () => BigUint64Array.from(docs, (doc) => hasher.fingerprint(doc)));
