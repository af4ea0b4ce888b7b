// dedupe --output x.parquet over Parquet inputs: the kept rows, in input order and across files, with the inputs'
// schema and every column's physical values; the .jsonl output of the same inputs holds the same rows; inputs that
// cannot make a Parquet kept corpus are refused in one line (exit code 2) before any is read; a run killed while it
// writes leaves the old file as it was.
import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, runInProcess, startCli } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { parquetMetadataOf, readPhysicalRows, readRows, writeTypedParquet } from '../support/parquet-typed.js';
import { scratchDir } from '../support/scratch-dir.js';

const files = scratchDir({});
afterAll(files.remove);
const at = files.path;

const A = article(21), B = article(22), C = article(23), D = article(24);
// a: an exact copy and a near copy of its own, a too-short row, a row with no text (no document); b: a copy of a's C and of A.
const A_TEXTS = [A, B, A, edit(B, [40]), 'too short to compare', C, null];
const B_TEXTS = [C, D, A];

/** The JSON of a row as the .jsonl kept corpus writes it: a bigint within 2^53 as a number, beyond as its digits. */
const jsonOf = (row: Record<string, unknown>) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? (Number.isSafeInteger(Number(value)) ? Number(value) : value.toString()) : value));

describe('dedupe --output x.parquet', () => {
  let keptFlags: boolean[];
  beforeAll(async () => {
    writeTypedParquet(at('a.parquet'), A_TEXTS, 3);
    writeTypedParquet(at('b.parquet'), B_TEXTS, 2);
    const run = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--output', at('kept.parquet'), '--clusters', at('clusters.jsonl'), at('a.parquet'), at('b.parquet')]);
    // The row without text is skipped and reported: exit code 1, and the rest is written in full.
    expect(lines(run.stderr)).toEqual([
      `simhash: ${at('a.parquet')}:row 7: "text" must be a string, got null, skipped`,
      `simhash: 9 documents: 5 kept, 4 dropped (3 exact, 1 near), 1 too short; kept corpus in ${at('kept.parquet')}, clusters in ${at('clusters.jsonl')}`,
    ]);
    expect(run.code).toBe(1);
    keptFlags = readFileSync(at('clusters.jsonl'), 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { kept: boolean }).kept);
  });

  it('holds the input rows that stay, in input order across both files, with the same physical values', async () => {
    const documents = [...(await readPhysicalRows(at('a.parquet'))).slice(0, 6), ...(await readPhysicalRows(at('b.parquet')))];
    expect(keptFlags).toEqual([true, true, false, false, true, true, false, true, false]);
    expect(await readPhysicalRows(at('kept.parquet'))).toEqual(documents.filter((_, i) => keptFlags[i]));
  });

  it('has the inputs\' schema: the same columns, of the same types', async () => {
    expect((await parquetMetadataOf(at('kept.parquet'))).schema).toEqual((await parquetMetadataOf(at('a.parquet'))).schema);
  });

  it('the .jsonl output of the same inputs holds the same rows, as JSON objects (INT64 beyond 2^53 as digits)', async () => {
    const run = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--output', at('kept.jsonl'), at('a.parquet'), at('b.parquet')]);
    expect(run.code).toBe(1);
    const jsonl = readFileSync(at('kept.jsonl'), 'utf8');
    expect(jsonl).toBe((await readRows(at('kept.parquet'))).map((row) => `${jsonOf(row)}\n`).join(''));
    expect(jsonl.split('\n')[0]).toContain('"i64":"9223372036854775807","u64":"18446744073709551615"');
  });
});

describe('what cannot be written as Parquet is refused before any input is read (exit code 2, the old file kept)', () => {
  /** Runs dedupe into a .parquet that already holds "old"; nothing else may be written or read. */
  async function refused(inputs: string[], stdin = '') {
    const dir = files.fresh();
    const output = join(dir, 'kept.parquet');
    writeFileSync(output, 'old');
    const run = await runInProcess(['dedupe', '-q', '--output', output, ...inputs], stdin);
    expect(run.code).toBe(2);
    expect(readFileSync(output, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['kept.parquet']);
    // One line: a JSONL input with a bad line, had it been read, would have been reported too.
    expect(lines(run.stderr)).toHaveLength(1);
    return lines(run.stderr)[0].replace(`${output}`, 'OUT');
  }

  beforeAll(() => {
    writeTypedParquet(at('typed.parquet'), [A, B]);
    writeFileSync(at('mixed.jsonl'), `{"id":"j1","text":${JSON.stringify(A)}}\nnot json at all\n`);
    writeFileSync(at('other.parquet'), new Uint8Array(parquetWriteBuffer({ columnData: [{ name: 'id', data: ['x'], type: 'STRING' }, { name: 'text', data: [C], type: 'STRING' }] })));
    const schema = [{ name: 'root', num_children: 2 }, { name: 'text', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' }, { name: 'when', type: 'INT64', converted_type: 'TIMESTAMP_MICROS', repetition_type: 'REQUIRED' }];
    writeFileSync(at('micros.parquet'), new Uint8Array(parquetWriteBuffer({ schema: schema as never, columnData: [{ name: 'text', data: [D] }, { name: 'when', data: [1_700_000_000_000_001n] }] as never })));
  });

  it('Parquet mixed with JSONL', async () => {
    expect(await refused([at('typed.parquet'), at('mixed.jsonl')])).toBe(`simhash: --output OUT: ${at('mixed.jsonl')} is not Parquet, and a Parquet kept corpus is written only from Parquet inputs (name a .jsonl output for a mix)`);
  });

  it('JSONL on standard input', async () => {
    expect(await refused(['-'], `{"id":"j1","text":${JSON.stringify(A)}}\n`)).toMatch(/^simhash: --output OUT: standard input is not Parquet/);
  });

  it('Parquet files of different columns', async () => {
    expect(await refused([at('typed.parquet'), at('other.parquet')])).toMatch(new RegExp(`^simhash: --output OUT: ${at('other.parquet')} has other columns than ${at('typed.parquet')} `));
  });

  it('a column that would not come back exactly (a timestamp in microseconds)', async () => {
    expect(await refused([at('micros.parquet')])).toBe(`simhash: --output OUT: ${at('micros.parquet')}: column "when" (INT64 TIMESTAMP_MICROS) is read as a Date, to the millisecond only, so it cannot go into a Parquet kept corpus (name a .jsonl output)`);
  });
});

describe('a run killed while it writes the Parquet kept corpus', () => {
  const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp'));

  /** Starts dedupe on a corpus of 20,000 rows and sends `signal` when its temporary output file appears. */
  async function killedWhileWriting(dir: string, signal: NodeJS.Signals) {
    const watcher = watch(dir);
    const started = startCli(['dedupe', '-k', '3', '--verify', 'off', '--threads', '1', '-q', '--format', 'summary', '--output', join(dir, 'kept.parquet'), at('big.parquet')]);
    watcher.on('change', (_event, name) => {
      if (typeof name === 'string' && name.endsWith('.tmp')) started.child.kill(signal);
    });
    const run = await started.done;
    watcher.close();
    return run;
  }

  beforeAll(() => {
    writeTypedParquet(at('big.parquet'), Array.from({ length: 20_000 }, (_, i) => article(1000 + (i % 15_000), 120)), 4000);
  });

  it('SIGTERM: the process dies of it, the old file is untouched and no temporary file is left', async () => {
    const dir = files.fresh();
    writeFileSync(join(dir, 'kept.parquet'), 'old');
    const run = await killedWhileWriting(dir, 'SIGTERM');
    expect(run.signal).toBe('SIGTERM');
    expect(readFileSync(join(dir, 'kept.parquet'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['kept.parquet']);
  }, 120_000);

  it('SIGKILL: no kept corpus appears where there was none; the next run removes the stray temporary file', async () => {
    const dir = files.fresh();
    const run = await killedWhileWriting(dir, 'SIGKILL');
    expect(run.signal).toBe('SIGKILL');
    expect(existsSync(join(dir, 'kept.parquet'))).toBe(false);
    expect(temporaries(dir)).toHaveLength(1);
    const again = await startCli(['dedupe', '-k', '3', '--verify', 'off', '--threads', '1', '-q', '--format', 'summary', '--output', join(dir, 'kept.parquet'), at('big.parquet')]).done;
    expect(again.code).toBe(0);
    expect(temporaries(dir)).toEqual([]);
    expect((await parquetMetadataOf(join(dir, 'kept.parquet'))).num_rows).toBe(15_000n);
  }, 120_000);
});
