// What an output file is, by its name: the kept corpus (--output) and the clusters file (--clusters) are written
// in the format their extension names, so `out.jsonl.zst` is zstd-compressed JSONL and `clusters.csv` is CSV.
import type { Compression } from './compress-chunks.js';

/** JSONL, plain or compressed; or Parquet (written by writeParquetRecords, when the input was Parquet). */
export type CorpusOutputKind = { readonly format: 'jsonl'; readonly compression?: Compression } | { readonly format: 'parquet' };
export type ClustersOutputKind = 'csv' | 'jsonl';

export const CORPUS_EXTENSIONS = '.jsonl, .ndjson, .jsonl.gz, .ndjson.gz, .jsonl.zst, .ndjson.zst or .parquet';
export const CLUSTERS_EXTENSIONS = '.csv, .jsonl or .ndjson';

export function corpusOutputKind(path: string): CorpusOutputKind | undefined {
  const match = /\.(?:jsonl|ndjson)(\.gz|\.zst)?$/i.exec(path);
  if (match !== null) {
    const suffix = match[1]?.toLowerCase();
    return suffix === '.gz' ? { format: 'jsonl', compression: 'gzip' } : suffix === '.zst' ? { format: 'jsonl', compression: 'zstd' } : { format: 'jsonl' };
  }
  return /\.parquet$/i.test(path) ? { format: 'parquet' } : undefined;
}

export function clustersOutputKind(path: string): ClustersOutputKind | undefined {
  if (/\.csv$/i.test(path)) return 'csv';
  return /\.(?:jsonl|ndjson)$/i.test(path) ? 'jsonl' : undefined;
}
