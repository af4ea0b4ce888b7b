// The dedupe building blocks: globbed walking, UTF-8 error offsets, mail bodies, both grouping modes, the progress bar.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { DIGEST_BYTES } from '../../src/dedupe/analyze.js';
import { groupDocuments } from '../../src/dedupe/group.js';
import { messageBody } from '../../src/io/mail.js';
import { createProgress } from '../../src/dedupe/progress.js';
import { firstInvalidUtf8, looksBinary } from '../../src/io/utf8.js';
import { walkInputs, type WalkOptions } from '../../src/io/walk.js';

describe('walkInputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-walk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['b.txt', 'a.md', 'sub/c.txt', 'sub/deep/d.txt', 'node_modules/e.txt', '.git/f.txt', 'sub/.g.txt']) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), name);
  }
  symlinkSync(join(dir, 'sub'), join(dir, 'loop')); // a link to a directory: not walked
  symlinkSync(join(dir, 'b.txt'), join(dir, 'z-link.txt')); // a link to a file: read
  const walk = async (options: WalkOptions, inputs = [dir]) => {
    const out: string[] = [];
    for await (const e of walkInputs(inputs, options)) out.push(e.kind === 'file' ? e.path.slice(dir.length + 1) : e.kind === 'error' ? `error:${e.path}` : '-');
    return out;
  };

  it('walks in name order, skipping hidden entries and directory links', async () => {
    expect(await walk({})).toEqual(['a.md', 'b.txt', 'node_modules/e.txt', 'sub/c.txt', 'sub/deep/d.txt', 'z-link.txt']);
    expect(await walk({ hidden: true })).toEqual(['.git/f.txt', 'a.md', 'b.txt', 'node_modules/e.txt', 'sub/.g.txt', 'sub/c.txt', 'sub/deep/d.txt', 'z-link.txt']);
  });

  it('include and exclude globs: base names at any depth, or paths from the walked directory', async () => {
    expect(await walk({ include: ['*.txt'], exclude: ['node_modules'] })).toEqual(['b.txt', 'sub/c.txt', 'sub/deep/d.txt', 'z-link.txt']);
    expect(await walk({ include: ['sub/**'] })).toEqual(['sub/c.txt', 'sub/deep/d.txt']);
    expect(await walk({ exclude: ['sub/deep', '*.md'] })).toEqual(['b.txt', 'node_modules/e.txt', 'sub/c.txt', 'z-link.txt']);
  });

  it('files named on the command line are read whatever the globs say; stdin and missing paths pass through', async () => {
    expect(await walk({ include: ['*.txt'] }, [join(dir, 'a.md'), '-', join(dir, 'missing')])).toEqual(['a.md', '-', `error:${join(dir, 'missing')}`]);
  });
});

describe('UTF-8 and binary checks', () => {
  it('firstInvalidUtf8 agrees with a fatal TextDecoder, and points at the first bad byte', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
      const at = firstInvalidUtf8(bytes);
      let valid = true;
      try { fatal.decode(bytes); } catch { valid = false; }
      expect(at === -1).toBe(valid);
      if (at >= 0) {
        fatal.decode(bytes.subarray(0, at)); // everything before it is valid
      }
    }), { numRuns: 500 });
    expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1); // a surrogate
    expect(firstInvalidUtf8(Uint8Array.from([0x61, 0xe2, 0x82]))).toBe(1); // truncated at the end
    expect(firstInvalidUtf8(new TextEncoder().encode('ok ✓ 𝄞'))).toBe(-1);
  });

  it('binary means a NUL byte in the first 8,000', () => {
    expect(looksBinary(Uint8Array.from([1, 2, 0, 3]))).toBe(true);
    const late = new Uint8Array(9000).fill(0x61);
    late[8500] = 0;
    expect(looksBinary(late)).toBe(false);
  });

  it('messageBody: after the first empty line, LF or CRLF', () => {
    const body = (s: string) => new TextDecoder().decode(messageBody(new TextEncoder().encode(s)));
    expect(body('From: a\nSubject: b\n\nHello\n\nWorld')).toBe('Hello\n\nWorld');
    expect(body('From: a\r\n\r\nHi')).toBe('Hi');
    expect(body('no headers end')).toBe('');
  });
});

describe('groupDocuments', () => {
  // Distinct digests unless given; fingerprints chosen so that 0~1 and 1~2 are within k = 2 but 0 and 2 are not.
  const input = (fps: bigint[], digestOf: number[] = fps.map((_, i) => i), tokens = fps.map(() => 50)) => {
    const digests = new Uint8Array(fps.length * DIGEST_BYTES);
    digestOf.forEach((d, i) => (digests[i * DIGEST_BYTES] = d + 1));
    return { fingerprints: BigUint64Array.from(fps), tokens: Uint32Array.from(tokens), digests, maxDistance: 2, minTokens: 20 };
  };
  const chain = [0b0000n, 0b0011n, 0b1111n, 0xffff0000n];

  it('leader: a chain splits where it leaves the first member\'s radius; connected: it stays one group', () => {
    const leader = groupDocuments({ ...input(chain), mode: 'leader' });
    expect(leader.groups.map((g) => g.members.map((m) => [m.doc, m.tier, m.distance]))).toEqual([[[0, 'first', 0], [1, 'near', 2]]]);
    const connected = groupDocuments({ ...input(chain), mode: 'connected' });
    expect(connected.groups.map((g) => g.members.map((m) => [m.doc, m.distance]))).toEqual([[[0, 0], [1, 2], [2, 4]]]);
  });

  it('exact copies join their class\'s group and name the member they copy; empty documents never match', () => {
    const fps = [0b1n, 0xf0f0n, 0b1n, 0xf0f0n, 0n, 0n];
    const result = groupDocuments({ ...input(fps, [0, 1, 0, 1, 2, 2], [50, 50, 50, 50, 0, 0]), mode: 'leader' });
    expect(result.groups.map((g) => [g.tier, g.members.map((m) => [m.doc, m.tier, m.copyOf])])).toEqual([
      ['exact', [[0, 'first', undefined], [2, 'exact', 0]]],
      ['exact', [[1, 'first', undefined], [3, 'exact', 0]]],
    ]);
    expect(result.tooShort).toEqual([4, 5]);
  });

  it('short documents: exact copies only, no near matches', () => {
    const result = groupDocuments({ ...input([0b0n, 0b1n, 0b0n], [0, 1, 0], [5, 50, 5]), mode: 'leader' });
    expect(result.groups.map((g) => g.members.map((m) => [m.doc, m.tier]))).toEqual([[[0, 'first'], [2, 'exact']]]);
    expect(result.tooShort).toEqual([0, 2]);
  });
});

describe('createProgress', () => {
  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    const stream = Object.assign(new Writable({ write(chunk, _e, done) { chunks.push(String(chunk)); done(); } }), { isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    return { stream, text: () => chunks.join('') };
  };

  it('draws on a terminal, and nothing when piped or quiet', () => {
    for (const [isTTY, quiet, draws] of [[true, false, true], [false, false, false], [true, true, false]] as const) {
      const { stream, text } = sink(isTTY);
      const progress = createProgress(stream, quiet);
      progress.start(10e6);
      progress.update(5e6, 123);
      progress.stop();
      expect(text().includes('123 documents'), `isTTY ${isTTY}, quiet ${quiet}`).toBe(draws);
    }
  });
});
