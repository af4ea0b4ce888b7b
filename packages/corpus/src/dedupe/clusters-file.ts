// The rows of --clusters as the bytes of a file: CSV (RFC 4180: a header line, fields holding a comma, a quote or a
// line break quoted, quotes doubled; CRLF between records) or JSONL (one object a line). Made a chunk at a time.
import type { ClustersOutputKind } from '../io/write/output-kind.js';
import type { ClusterRow } from '../grouping/cluster-rows.js';

export const CLUSTER_COLUMNS = ['id', 'cluster', 'representative', 'distance', 'tier', 'kept', 'similarity'] as const;
/** After them, in a run against a reference (rows with a `reference` field): the reference document's name. */
export const REFERENCE_COLUMN = 'reference';

/** Rows per chunk handed to the writer. */
const CHUNK_ROWS = 4096;
const encoder = new TextEncoder();

/** `withReference`: the run was against a reference, and the CSV has the reference column last. */
export async function* clustersFileChunks(rows: Iterable<ClusterRow>, kind: ClustersOutputKind, withReference = false): AsyncGenerator<Uint8Array> {
  const line = kind === 'csv' ? (withReference ? csvReferenceLine : csvLine) : jsonLine;
  let text = kind === 'csv' ? `${[...CLUSTER_COLUMNS, ...(withReference ? [REFERENCE_COLUMN] : [])].join(',')}\r\n` : '';
  let count = 0;
  for (const row of rows) {
    text += line(row);
    if (++count === CHUNK_ROWS) {
      yield encoder.encode(text);
      text = '';
      count = 0;
    }
  }
  if (text !== '') yield encoder.encode(text);
}

function jsonLine(row: ClusterRow): string {
  return `${JSON.stringify(row)}\n`;
}

function csvLine(row: ClusterRow): string {
  return `${csvField(String(row.id))},${row.cluster ?? ''},${csvField(String(row.representative))},${row.distance},${row.tier},${row.kept},${row.similarity ?? ''}\r\n`;
}

function csvReferenceLine(row: ClusterRow): string {
  return `${csvLine(row).slice(0, -2)},${row.reference === null || row.reference === undefined ? '' : csvField(String(row.reference))}\r\n`;
}

/** Quoted when it must be (a comma, a quote, a line break, or space at either end that readers may trim). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
