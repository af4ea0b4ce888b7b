import { describe, expect, it } from 'vitest';
import { DocumentTable, RangeDocument, type RangeColumns } from '../../packages/corpus/src/analysis/document-table.js';
import { idAt, packIds } from '../../packages/corpus/src/analysis/id-column.js';

describe('packIds / idAt', () => {
  it('gives back every id as it was: strings (any characters, empty too), numbers and none', () => {
    const ids = ['doc-1', undefined, 42, '', 'é ✓ 𝔘\n"', -1.5e-7, 2 ** 60, 'x'.repeat(1000), 0, undefined];
    const column = packIds(ids);
    expect(ids.map((_, i) => idAt(column, i))).toEqual(ids);
    // A number stays a number and a string of digits stays a string.
    const mixed = packIds(['7', 7]);
    expect([idAt(mixed, 0), idAt(mixed, 1)]).toEqual(['7', 7]);
  });
});

function columns(path: string, firstLine: number, ids: (string | number | undefined)[], keepValues?: number[]): RangeColumns {
  const n = ids.length;
  return {
    file: { path },
    byOffset: true,
    firstLine,
    line: Uint32Array.from({ length: n }, (_, i) => 2 * i),
    offset: Float64Array.from({ length: n }, (_, i) => 1000 * firstLine + 100 * i),
    length: Uint32Array.from({ length: n }, (_, i) => 10 + i),
    ids: packIds(ids),
    ...(keepValues === undefined ? {} : { keepValues: Float64Array.from(keepValues) }),
  };
}

describe('DocumentTable', () => {
  const table = new DocumentTable();
  table.addInfos([{ source: 'a.txt', bytes: 5 }]);
  table.addColumns(columns('x.jsonl', 1, ['one', 2, undefined], [3, NaN, 1.5]));
  table.addColumns(columns('x.jsonl', 9, [])); // an empty range adds nothing
  table.addInfos([{ source: 'b.txt', id: 'b', bytes: 7, keepValue: 8 }, new RangeDocument({ path: 'y.jsonl' }, 4, 55, 6, 'page', undefined)]);
  table.addColumns(columns('z.jsonl', 3, ['last']));

  it('numbers documents across its segments, in the order they were added', () => {
    expect(table.length).toBe(7);
    expect(table.at(0)).toEqual({ source: 'a.txt', bytes: 5 });
    expect([1, 2, 3].map((d) => [table.at(d).source, table.at(d).id, table.at(d).bytes, table.at(d).keepValue])).toEqual([
      ['x.jsonl:1', 'one', 10, 3],
      ['x.jsonl:3', 2, 11, undefined],
      ['x.jsonl:5', undefined, 12, 1.5],
    ]);
    expect(table.at(4).id).toBe('b');
    expect(table.at(5).source).toBe('y.jsonl:4');
    expect(table.at(6).source).toBe('z.jsonl:3');
    expect(() => table.at(7)).toThrow(RangeError);
    expect(() => table.at(-1)).toThrow(RangeError);
  });

  it('says where a document read by range is, and nothing for one read whole', () => {
    expect(table.location(0)).toBeUndefined();
    expect(table.location(4)).toBeUndefined();
    expect(table.location(2)).toEqual({ path: 'x.jsonl', offset: 1100, length: 11 });
    expect(table.location(5)).toEqual({ path: 'y.jsonl', offset: 55, length: 6 });
    expect(table.location(6)).toEqual({ path: 'z.jsonl', offset: 3000, length: 10 });
  });

  it('sums bytes and lists keep values as the objects would', () => {
    expect(table.totalBytes()).toBe(5 + 10 + 11 + 12 + 7 + 6 + 10);
    expect([...table.keepValues()]).toEqual([NaN, 3, NaN, 1.5, 8, NaN, NaN]);
    expect(DocumentTable.of([]).length).toBe(0);
  });

  it('takes a batch of a range by its columns, never making its objects, and any other batch by its objects', () => {
    const empty = { fingerprints: new BigUint64Array(0), tokens: new Uint32Array(0), digests: new Uint8Array(0), sketches: new Uint32Array(0), sampled: { docs: new Uint32Array(0), ends: new Uint32Array(0), shingles: new Uint32Array(0) } };
    const fromRange = { ...empty, columns: columns('r.jsonl', 1, ['a', 'b']), get documents(): never { throw new Error('made the objects'); } };
    const batches = new DocumentTable();
    batches.addBatch(fromRange);
    batches.addBatch({ ...empty, documents: [{ source: 'c.txt', bytes: 3 }] });
    expect([0, 1, 2].map((d) => batches.at(d).source)).toEqual(['r.jsonl:1', 'r.jsonl:3', 'c.txt']);
  });
});
