// The runs that score `simhash dedupe --against` (against-score.ts), one per kind of reference, as a user runs them:
// the reference as a JSONL file, as an index file (`index build --sketches`), and as the index on Redis
// (`index build --redis --name`), each followed by `dedupe new.jsonl --against ...` writing the clusters file and the
// kept corpus. Shared by bench/quality/against.ts and test/cli/dedupe-against.test.ts; `run` runs the command line.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { familiesJsonl, type FamilyRecord } from './families.js';
import { scoreAgainst, splitFamilies, type AgainstRow, type AgainstScore } from './against-score.js';

export type ReferenceKind = 'jsonl' | 'index' | 'redis';
export type RunCommand = (args: string[]) => Promise<{ code: number | null; stderr: string }>;

export interface AgainstSetup {
  readonly dir: string;
  readonly run: RunCommand;
  /** For 'redis': the cluster's nodes, and a fresh index name. */
  readonly redis?: { readonly nodes: string; readonly name: string };
}

async function ok(run: RunCommand, args: string[], codes: readonly number[] = [0]): Promise<void> {
  const result = await run(args);
  if (!codes.includes(result.code ?? -1)) throw new Error(`simhash ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
}

/** The reference's arguments to --against, after making it (an index) where it must be made. */
async function makeReference(kind: ReferenceKind, setup: AgainstSetup, jsonl: string): Promise<string[]> {
  if (kind === 'jsonl') return ['--against', jsonl];
  if (kind === 'index') {
    const index = join(setup.dir, 'reference.idx');
    await ok(setup.run, ['index', 'build', '--sketches', '-q', '--out', index, jsonl]);
    return ['--against', index];
  }
  if (setup.redis === undefined) throw new Error('a Redis reference needs the cluster');
  // The index on Redis answers within its own k: the widest a dedupe chooses (20).
  await ok(setup.run, ['index', 'build', '--sketches', '-q', '-k', '20', '--redis', setup.redis.nodes, '--name', setup.redis.name, jsonl]);
  return ['--redis', setup.redis.nodes, '--name', setup.redis.name, '--against'];
}

export async function scoreReferenceKind(kind: ReferenceKind, records: readonly FamilyRecord[], setup: AgainstSetup): Promise<AgainstScore> {
  const { reference, batch } = splitFamilies(records);
  const referenceFile = join(setup.dir, 'reference.jsonl');
  const batchFile = join(setup.dir, 'new.jsonl');
  writeFileSync(referenceFile, familiesJsonl(reference));
  writeFileSync(batchFile, familiesJsonl(batch));
  const against = await makeReference(kind, setup, referenceFile);
  const clusters = join(setup.dir, `clusters-${kind}.jsonl`);
  const kept = join(setup.dir, `kept-${kind}.jsonl`);
  await ok(setup.run, ['dedupe', '-q', '--format', 'summary', '--clusters', clusters, '--output', kept, batchFile, ...against]);
  const rows = readJsonl(clusters) as AgainstRow[];
  const keptIds = new Set(readJsonl(kept).map((r) => String((r as { id: string }).id)));
  return scoreAgainst(reference, batch, rows, keptIds);
}

export function readJsonl(path: string): unknown[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
}
