// The ids of a range's documents packed into one string, where each end is and what each was: a string per range
// instead of one per document, for the main thread to hold for a whole run (document-table.ts). An id is a JSON
// string or number (jsonl-record.ts); a number is held as String(number), which Number() reads back to the same
// number (it is the shortest text that does).

export interface IdColumn {
  readonly text: string;
  /** Where each id ends in `text`. */
  readonly ends: Uint32Array;
  /** NONE, STRING or NUMBER per document. */
  readonly kinds: Uint8Array;
}

const NONE = 0;
const STRING = 1;
const NUMBER = 2;

export function packIds(ids: readonly (string | number | undefined)[]): IdColumn {
  const ends = new Uint32Array(ids.length);
  const kinds = new Uint8Array(ids.length);
  const parts: string[] = [];
  let end = 0;
  ids.forEach((id, i) => {
    if (id !== undefined) {
      const text = String(id);
      parts.push(text);
      end += text.length;
      kinds[i] = typeof id === 'number' ? NUMBER : STRING;
    }
    ends[i] = end;
  });
  return { text: parts.join(''), ends, kinds };
}

export function idAt(column: IdColumn, i: number): string | number | undefined {
  const kind = column.kinds[i];
  if (kind === NONE) return undefined;
  const text = column.text.slice(i === 0 ? 0 : column.ends[i - 1], column.ends[i]);
  return kind === NUMBER ? Number(text) : text;
}
