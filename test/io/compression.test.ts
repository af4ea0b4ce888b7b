// gzip and zstd input, recognised by magic bytes: whole and streamed in small pieces, several members or frames,
// and damaged data refused with the format's name.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CorruptInputError, decompressStream, decompressWhole, detectCompression, withoutCompressionSuffix } from '../../packages/corpus/src/io/compression/compression.js';
import { ARTICLE_TEXT, FIXTURES, RECORDS_JSONL } from '../support/zstd-fixtures.js';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** The bytes as a stream of pieces of `size` bytes, so every boundary inside headers and blocks is crossed. */
async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

async function collect(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

describe('compressed input', () => {
  const zstdArticle = new Uint8Array(readFileSync(FIXTURES.article));
  const zstdRecords = new Uint8Array(readFileSync(FIXTURES.records));
  const gzipArticle = new Uint8Array(gzipSync(ARTICLE_TEXT));

  it('is recognised by its magic bytes, not its name', () => {
    expect(detectCompression(gzipArticle)).toBe('gzip');
    expect(detectCompression(zstdArticle)).toBe('zstd');
    expect(detectCompression(utf8(ARTICLE_TEXT))).toBeUndefined();
    expect(detectCompression(gzipArticle.subarray(0, 1))).toBeUndefined();
    expect(withoutCompressionSuffix('notes.jsonl.gz')).toBe('notes.jsonl');
    expect(withoutCompressionSuffix('page.HTML.zst')).toBe('page.HTML');
    expect(withoutCompressionSuffix('plain.txt')).toBe('plain.txt');
  });

  it('decompresses whole and streamed, in pieces of any size, to the same bytes', async () => {
    expect(Buffer.from(decompressWhole('gzip', gzipArticle)).toString()).toBe(ARTICLE_TEXT);
    expect(Buffer.from(decompressWhole('zstd', zstdArticle)).toString()).toBe(ARTICLE_TEXT);
    expect(Buffer.from(decompressWhole('zstd', zstdRecords)).toString()).toBe(RECORDS_JSONL);
    for (const size of [1, 7, 4096, 1 << 20]) {
      expect(await collect(decompressStream('gzip', pieces(gzipArticle, size)))).toBe(ARTICLE_TEXT);
      expect(await collect(decompressStream('zstd', pieces(zstdRecords, size)))).toBe(RECORDS_JSONL);
    }
  });

  it('reads concatenated gzip members and zstd frames as one stream', async () => {
    const twoMembers = Buffer.concat([gzipSync('first half, '), gzipSync('second half')]);
    expect(Buffer.from(decompressWhole('gzip', twoMembers)).toString()).toBe('first half, second half');
    expect(await collect(decompressStream('gzip', pieces(twoMembers, 5)))).toBe('first half, second half');
    const frames = Buffer.concat([zstdArticle, zstdArticle]);
    expect(await collect(decompressStream('zstd', pieces(frames, 333)))).toBe(ARTICLE_TEXT + ARTICLE_TEXT);
  });

  it('refuses truncated or altered data with a CorruptInputError naming the format', async () => {
    for (const [kind, bytes] of [['gzip', gzipArticle], ['zstd', zstdArticle]] as const) {
      const cut = bytes.subarray(0, bytes.length - 5);
      expect(() => decompressWhole(kind, cut)).toThrow(CorruptInputError);
      expect(() => decompressWhole(kind, cut)).toThrow(new RegExp(`^damaged ${kind} data`));
      await expect(collect(decompressStream(kind, pieces(cut, 100)))).rejects.toThrow(new RegExp(`^damaged ${kind} data`));
    }
    const altered = gzipArticle.slice();
    altered[20] ^= 0xff;
    expect(() => decompressWhole('gzip', altered)).toThrow(/^damaged gzip data/);
  });

  it('passes a read error of the source through as it is', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield zstdArticle.subarray(0, 10);
      throw Object.assign(new Error('disk gone'), { code: 'EIO' });
    }
    for (const kind of ['gzip', 'zstd'] as const) {
      await expect(collect(decompressStream(kind, failing()))).rejects.toMatchObject({ code: 'EIO' });
    }
  });
});
