// Quick throughput check of the WASM engine on the seed's workload (not the official suite, which
// is bench/run.ts): npx tsx bench/wasm-quick.ts [rounds]
import { createSimHash, initSync } from '../src/index.js';

function seedDocuments(): string[] {
  let x = 0x9e3779b97f4a7c15n;
  const mask = (1n << 64n) - 1n;
  const docs: string[] = [];
  for (let d = 0; d < 20000; d++) {
    let doc = '';
    for (let i = 0; i < 300; i++) {
      x ^= (x << 13n) & mask; x ^= x >> 7n; x ^= (x << 17n) & mask;
      doc += `w${x % 5000n} `;
    }
    docs.push(doc);
  }
  return docs;
}

initSync();
const docs = seedDocuments();
const megabytes = docs.reduce((n, d) => n + d.length, 0) / 1e6;
const bytes = docs.map((d) => new TextEncoder().encode(d));
const hasher = createSimHash({ shingle: 3 });
const rounds = Number(process.argv[2] ?? 15);

function measure(name: string, run: () => bigint) {
  let best = Infinity;
  let xor = 0n;
  for (let r = 0; r < rounds; r++) {
    // CPU time, not wall time: on a shared machine, time spent descheduled is not ours.
    const t = process.cpuUsage();
    xor = run();
    const used = process.cpuUsage(t);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  const docsPerSec = (docs.length / best) * 1000;
  console.log(`${name.padEnd(28)} ${Math.round(docsPerSec).toLocaleString('en').padStart(10)} docs/s ${(megabytes / best * 1000).toFixed(0).padStart(6)} MB/s  xor ${xor.toString(16)}${xor === 0xa28260f219dc598fn ? '' : '  WRONG'}`);
}

const xorAll = (fps: Iterable<bigint>) => { let x = 0n; for (const f of fps) x ^= f; return x; };
measure('fingerprintMany(strings)', () => xorAll(hasher.fingerprintMany(docs)));
measure('fingerprintMany(bytes)', () => xorAll(hasher.fingerprintMany(bytes)));
measure('fingerprint(string) each', () => { let x = 0n; for (const d of docs) x ^= hasher.fingerprint(d); return x; });
measure('fingerprint(bytes) each', () => { let x = 0n; for (const d of bytes) x ^= hasher.fingerprint(d); return x; });
measure('stream, 1 update each', () => { let x = 0n; for (const d of docs) x ^= hasher.stream().update(d).digest(); return x; });
