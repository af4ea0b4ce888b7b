// A Parquet file opened for reading by row group: its footer (hyparquet reads it through a file handle, never the
// whole file), its row groups, and the rows of any span of them. The one way every Parquet reader opens a file,
// reads rows and names them: the streamed reader (parquet-documents.ts), the workers' row slices
// (parquet-slice.ts) and the footer the kept corpus takes its schema from. hyparquet and its decompressors load on
// the first Parquet file.
import type { ColumnChunk, FileMetaData } from 'hyparquet';
import { openRangeReader, type FileRangeReader } from '../bytes/file-range-reader.js';
import type { DocumentEvent } from '../input-document.js';
import { describeReadError } from '../read-error.js';
import type { RecordFields } from './jsonl-record.js';

type Skipped = Extract<DocumentEvent, { kind: 'skipped' }>;

export interface OpenParquet {
  readonly file: FileRangeReader;
  readonly metadata: FileMetaData;
}

export interface RowGroup {
  /** From 0, in the file's order. */
  readonly index: number;
  /** Its rows, counted from the file's first: [rowStart, rowEnd). */
  readonly rowStart: number;
  readonly rowEnd: number;
  /** Its column chunks' bytes in the file (compressed), and decoded. */
  readonly bytes: number;
  readonly decodedBytes: number;
  readonly chunks: readonly ChunkSize[];
}

/** A column chunk of a row group, as its footer sizes it. */
export interface ChunkSize {
  /** The top-level column it belongs to (a struct's fields belong to the struct). */
  readonly column: string;
  readonly values: number;
  readonly bytes: number;
  readonly decodedBytes: number;
  /** Its data pages, as its footer counts them (undefined where it does not). */
  readonly pages?: number;
  /** It has an offset index: a span of the group's rows reads only its own pages of it, not the whole chunk. */
  readonly indexed: boolean;
}

/** How reports name a row: `file.parquet:row 12`, counting from 1 as JSONL lines do. */
export function parquetRowSource(path: string, row: number): string {
  return `${path}:row ${row + 1}`;
}

/**
 * The footers of the Parquet files a thread read last, each while the file keeps its length and time: a worker reads
 * a file a row slice a task, and would otherwise parse the same footer for every one.
 */
export class FooterCache {
  private readonly footers = new Map<string, { readonly byteLength: number; readonly modified: number; readonly metadata: FileMetaData }>();

  constructor(private readonly size = 4) {}

  get(path: string, file: FileRangeReader): FileMetaData | undefined {
    const footer = this.footers.get(path);
    return footer !== undefined && footer.byteLength === file.byteLength && footer.modified === file.modified ? footer.metadata : undefined;
  }

  set(path: string, file: FileRangeReader, metadata: FileMetaData): void {
    this.footers.delete(path);
    this.footers.set(path, { byteLength: file.byteLength, modified: file.modified, metadata });
    // A Map iterates in insertion order: the first key is the footer used longest ago.
    if (this.footers.size > this.size) this.footers.delete(this.footers.keys().next().value!);
  }
}

/** The file open with its footer read, or the one event that says why it cannot be read (the file is then closed). */
export async function openParquet(path: string, footers?: FooterCache): Promise<OpenParquet | { readonly skipped: Skipped }> {
  let file: FileRangeReader;
  try {
    file = await openRangeReader(path);
  } catch (error) {
    return { skipped: { kind: 'skipped', source: path, reason: describeReadError(error) } };
  }
  const cached = footers?.get(path, file);
  if (cached !== undefined) return { file, metadata: cached };
  try {
    const { parquetMetadataAsync } = await import('hyparquet');
    const metadata = await parquetMetadataAsync(file);
    footers?.set(path, file, metadata);
    return { file, metadata };
  } catch (error) {
    await file.close();
    return { skipped: { kind: 'skipped', source: path, reason: `not a readable Parquet file (${describeReadError(error)})` } };
  }
}

export function rowGroups(metadata: FileMetaData): RowGroup[] {
  let rowStart = 0;
  return metadata.row_groups.map((group, index) => {
    const rowEnd = rowStart + Number(group.num_rows);
    const chunks = group.columns.map(chunkSize);
    const span = { index, rowStart, rowEnd, bytes: sum(chunks, (c) => c.bytes), decodedBytes: sum(chunks, (c) => c.decodedBytes), chunks };
    rowStart = rowEnd;
    return span;
  });
}

function chunkSize(chunk: ColumnChunk): ChunkSize {
  const meta = chunk.meta_data;
  const dataPages = meta?.encoding_stats?.filter((stats) => stats.page_type === 'DATA_PAGE' || stats.page_type === 'DATA_PAGE_V2');
  return {
    column: meta?.path_in_schema[0] ?? '',
    values: Number(meta?.num_values ?? 0),
    bytes: Number(meta?.total_compressed_size ?? 0),
    decodedBytes: Number(meta?.total_uncompressed_size ?? 0),
    ...(dataPages === undefined || dataPages.length === 0 ? {} : { pages: sum(dataPages, (stats) => stats.count) }),
    indexed: chunk.offset_index_offset !== undefined && chunk.offset_index_length !== undefined,
  };
}

function sum<T>(items: readonly T[], of: (item: T) => number): number {
  return items.reduce((total, item) => total + of(item), 0);
}

/**
 * The top-level columns that hold the fields (a field path's first step, or the whole path where a column has that
 * name, as row-document.ts looks it up): all a first pass needs of a row, where the kept corpus needs the whole row.
 */
export function fieldColumns(metadata: FileMetaData, fields: RecordFields): string[] {
  const columns = new Set(metadata.row_groups[0]?.columns.map((chunk) => chunk.meta_data?.path_in_schema[0]));
  const wanted = [fields.text, fields.id, ...(fields.keep === undefined ? [] : [fields.keep])].flatMap((path) => [path[0], path.join('.')]);
  return [...new Set(wanted)].filter((name) => columns.has(name));
}

/**
 * Rows [rowStart, rowEnd) as objects, of the given columns or all. Within one row group, hyparquet decodes none of
 * a column's pages before rowStart, and reads none of them where the column chunk has an offset index.
 */
export async function readRows({ file, metadata }: OpenParquet, rowStart: number, rowEnd: number, columns?: string[]): Promise<Record<string, unknown>[]> {
  const { parquetReadObjects } = await import('hyparquet');
  const { compressors } = await import('hyparquet-compressors');
  return parquetReadObjects({ file, metadata, rowStart, rowEnd, compressors, useOffsetIndex: true, ...(columns === undefined ? {} : { columns }) });
}

/** A row group that could not be read: reported once, by its rows, and the rest of the file goes on. */
export function unreadGroup(path: string, group: RowGroup, reason: string): DocumentEvent {
  return { kind: 'skipped', source: `${path}:rows ${group.rowStart + 1}-${group.rowEnd}`, reason: `row group ${group.index + 1} could not be read (${reason})` };
}
