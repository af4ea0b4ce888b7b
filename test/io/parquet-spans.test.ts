// How a Parquet row group is cut into the spans of rows the workers read (io/formats/parquet-spans.ts), on the sizes
// footers give: every row in exactly one span, in order; spans of about the size asked where every chunk read has an
// offset index; fewer where a span must read chunks whole, the fewer the more a span would repeat; the columns not
// read counting for nothing; whole rounds of the threads, and a group whole with one.
import { describe, expect, it } from 'vitest';
import type { ChunkSize, RowGroup } from '../../packages/corpus/src/io/formats/parquet-file.js';
import { groupSpans } from '../../packages/corpus/src/io/formats/parquet-spans.js';

const MB = 1 << 20;
const rows = 99_000;
/** A text column of 150 MB in 1 MB pages, and a short id column of one page, as the large benchmark file has them. */
const text = (indexed: boolean): ChunkSize => ({ column: 'text', values: rows, bytes: 94 * MB, decodedBytes: 150 * MB, pages: 150, indexed });
const id = (indexed: boolean): ChunkSize => ({ column: 'id', values: rows, bytes: 0.5 * MB, decodedBytes: 1.3 * MB, pages: 1, indexed });
const group = (chunks: ChunkSize[]): RowGroup => ({ index: 1, rowStart: 1000, rowEnd: 1000 + rows, bytes: 0, decodedBytes: 0, chunks });
const both = new Set(['id', 'text']);

describe('groupSpans', () => {
  it('covers every row of the group once, in order, whatever the count', () => {
    for (const chunks of [[text(true)], [text(true), id(false)], [text(false), id(false)]]) {
      const spans = groupSpans(group(chunks), both, 4 * MB, 2);
      expect(spans[0].rowStart).toBe(1000);
      expect(spans.at(-1)!.rowEnd).toBe(1000 + rows);
      for (let i = 1; i < spans.length; i++) expect(spans[i].rowStart).toBe(spans[i - 1].rowEnd);
      expect(spans.every((span) => span.rowEnd > span.rowStart)).toBe(true);
    }
  });

  it('cuts spans of about the size asked where every chunk read has an offset index', () => {
    expect(groupSpans(group([text(true), id(true)]), both, 4 * MB, 2)).toHaveLength(38);
    expect(groupSpans(group([text(true), id(true)]), both, 16 * MB, 2)).toHaveLength(10);
    // A column not read costs nothing, indexed or not.
    expect(groupSpans(group([text(true), { ...id(false), column: 'url' }]), both, 4 * MB, 2)).toHaveLength(38);
  });

  it('cuts fewer where each span would decode a one-page id column whole, and fewer still where it reads every chunk whole', () => {
    const oneUnindexedPage = groupSpans(group([text(true), id(false)]), both, 4 * MB, 2).length;
    const nothingIndexed = groupSpans(group([text(false), id(false)]), both, 4 * MB, 2).length;
    expect(oneUnindexedPage).toBeLessThan(38);
    expect(nothingIndexed).toBeLessThan(oneUnindexedPage);
    // Still more than one: two cores get a share each.
    expect(nothingIndexed).toBeGreaterThanOrEqual(2);
  });

  it('cuts as many spans as the threads take in whole rounds, and none with one thread', () => {
    for (const threads of [2, 3, 4]) {
      const count = groupSpans(group([text(true), id(false)]), both, 4 * MB, threads).length;
      expect(count % threads, `${threads} threads`).toBe(0);
      expect(count, `${threads} threads`).toBeLessThan(38);
    }
    // One thread reads a group whole, as the streamed read does: spans would only repeat the one-page id column.
    expect(groupSpans(group([text(true), id(false)]), both, 4 * MB, 1)).toHaveLength(1);
    expect(groupSpans({ ...group([text(true)]), rowStart: 0, rowEnd: 10 }, both, 1e12, 4)).toHaveLength(1);
  });

  it('gives one span to a small group, and none to an empty one', () => {
    expect(groupSpans({ ...group([text(true)]), rowStart: 0, rowEnd: 10 }, both, 1e12, 2)).toEqual([{ rowStart: 0, rowEnd: 10, bytes: 150 * MB }]);
    expect(groupSpans({ ...group([text(true)]), rowStart: 5, rowEnd: 5 }, both, 4 * MB, 2)).toEqual([]);
  });
});
