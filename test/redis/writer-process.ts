// A writer in its own process, for the fault tests: adds fingerprints fingerprintOf(start .. start + count - 1)
// under ids doc-<i>, in batches, then prints "done". Run with `node --import tsx writer-process.ts <json options>`.
import { RedisSimHashIndex } from '../../packages/redis/src/index.js';
import { fingerprintOf, idOf } from './fingerprints.js';

const { nodes, name, start, count, batch, batchSize } = JSON.parse(process.argv[2]) as {
  nodes: string[]; name: string; start: number; count: number; batch: number; batchSize?: number;
};
const index = await RedisSimHashIndex.open({ nodes, name, maxDistance: 3, pipelineVersion: 'test-pipeline-1', batchSize });
for (let from = start; from < start + count; from += batch) {
  const to = Math.min(start + count, from + batch);
  const fps = new BigUint64Array(to - from);
  const ids: string[] = [];
  for (let i = from; i < to; i++) {
    fps[i - from] = fingerprintOf(i);
    ids.push(idOf(i));
  }
  await index.addMany(fps, ids);
  process.stdout.write(`added ${to}\n`);
}
await index.close();
process.stdout.write('done\n');
