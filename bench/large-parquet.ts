// The large JSONL corpus (large-corpus.ts) as Parquet, for the corpus job's speed on Parquet: columns id and text,
// snappy, as hyparquet-writer writes by default (1 MB pages with offset indexes; row groups of 1,000 rows, then of
// 100,000: most files hold one large row group) unless told otherwise. Held in memory while written: for up to a few
// hundred thousand documents. Written once to a cache path and reused.
//
//   npx tsx bench/large-parquet.ts [documents] [--row-group N] [--no-offset-index]
import { createReadStream, existsSync, renameSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parquetWriteFile } from 'hyparquet-writer';
import { largeCorpus, largeCorpusPath } from './large-corpus.js';

export interface ParquetLayout {
  /** Rows a row group; default hyparquet-writer's (1,000, then 100,000). */
  readonly rowGroup?: number;
  /** Offset indexes written (the default), so a span of a group's rows is read without the rest of its pages. */
  readonly offsetIndex?: boolean;
}

export function largeParquetPath(documents: number, layout: ParquetLayout = {}): string {
  return largeCorpusPath(documents).replace(/\.jsonl$/, `${layout.rowGroup === undefined ? '' : `-g${layout.rowGroup}`}${layout.offsetIndex === false ? '-noindex' : ''}.parquet`);
}

export async function largeParquet(documents: number, layout: ParquetLayout = {}): Promise<string> {
  const path = largeParquetPath(documents, layout);
  if (existsSync(path) && statSync(path).size > 0) return path;
  const ids: string[] = [];
  const texts: string[] = [];
  for await (const line of createInterface({ input: createReadStream(await largeCorpus(documents)) })) {
    const record = JSON.parse(line) as { id: string; text: string };
    ids.push(record.id);
    texts.push(record.text);
  }
  const offsetIndex = layout.offsetIndex !== false;
  // Under another name until whole, as large-corpus.ts writes: a killed run leaves no file that looks finished.
  const temporary = `${path}.${process.pid}.tmp`;
  parquetWriteFile({
    filename: temporary,
    ...(layout.rowGroup === undefined ? {} : { rowGroupSize: layout.rowGroup }),
    columnData: [
      { name: 'id', data: ids, type: 'STRING', offsetIndex },
      { name: 'text', data: texts, type: 'STRING', offsetIndex },
    ],
  });
  renameSync(temporary, path);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args.splice(at, 2)[1];
  };
  const rowGroup = option('--row-group');
  const offsetIndex = !args.includes('--no-offset-index');
  const documents = Number(args.find((a) => !a.startsWith('--')) ?? 100_000);
  const path = await largeParquet(documents, { ...(rowGroup === undefined ? {} : { rowGroup: Number(rowGroup) }), offsetIndex });
  console.log(`${path}: ${(statSync(path).size / 1e6).toFixed(0)} MB`);
}
