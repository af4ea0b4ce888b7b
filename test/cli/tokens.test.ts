// --tokens on every verb that fingerprints: the fingerprints are the library's under that tokenization, the worker
// threads get it too, an index remembers it, and a bad value is a usage error (exit 2, one stderr line).
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';
import { initAll } from '../support/engines.js';
import { lines, runInProcess } from '../support/cli.js';
import { chineseParagraph, JAPANESE_SENTENCES } from '../support/cjk-texts.js';
import { scratchDir } from '../support/scratch-dir.js';

const paragraph = chineseParagraph(600);
// One character changed: '公园' becomes '公圆' at its first place.
const edited = paragraph.replace('公园', '公圆');
const other = chineseParagraph(600, 5).split('').reverse().join('');
const short = JAPANESE_SENTENCES[0]; // one clause: 1 word, 23 characters
const files = scratchDir({ 'a.txt': paragraph, 'b.txt': edited, 'c.txt': other, 'd.txt': short });
const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt'];
afterAll(files.remove);
beforeAll(initAll);

const cjk = pure.createSimHash({ tokens: 'cjk-chars' });

describe('--tokens', () => {
  it('fingerprint: the library\'s fingerprints under each tokenization, one thread or two', async () => {
    for (const tokens of ['words', 'cjk-chars'] as const) {
      const hasher = pure.createSimHash({ tokens });
      const want = names.map((n) => `${hasher.fingerprintHex(readFileSync(files.path(n)))}  ${files.path(n)}`);
      for (const threads of ['1', '2']) {
        const result = await runInProcess(['fingerprint', '--tokens', tokens, '--threads', threads, ...names.map(files.path)]);
        expect(result).toEqual({ code: 0, stdout: want.map((line) => `${line}\n`).join(''), stderr: '' });
      }
    }
    const unsaid = await runInProcess(['fingerprint', files.path('a.txt')]);
    expect(unsaid.stdout).toBe(`${pure.createSimHash().fingerprintHex(paragraph)}  ${files.path('a.txt')}\n`);
  });

  it('dedupe: counts CJK characters as tokens, finds the one-character edit, and says which tokenization it used', async () => {
    const k = pure.hamming(cjk.fingerprint(paragraph), cjk.fingerprint(edited));
    expect(k).toBeLessThan(8);
    const run = async (tokens: string) => {
      const result = await runInProcess(['dedupe', '--tokens', tokens, '--threads', '2', '-k', String(k), '--format', 'json', ...names.map(files.path)]);
      expect(result.code).toBe(0);
      return JSON.parse(result.stdout);
    };
    const chars = await run('cjk-chars');
    expect(chars.settings.tokens).toBe('cjk-chars');
    expect(chars.pipelineVersion).toBe(cjk.version);
    expect(chars.groups.map((g: { members: { source: string }[] }) => g.members.map((m) => m.source))).toEqual([[files.path('a.txt'), files.path('b.txt')]]);
    expect(chars.tooShort).toEqual([]); // the short sentence has 22 character tokens (20 are needed)
    const words = await run('words');
    expect(words.settings.tokens).toBe('words');
    expect(words.tooShort.map((d: { source: string }) => d.source)).toEqual(expect.arrayContaining([files.path('d.txt')]));
  });

  it('index: built under cjk-chars, queried under it; a query under words is refused', async () => {
    const out = files.path('cjk.idx');
    const built = await runInProcess(['index', 'build', '--tokens', 'cjk-chars', '-k', '8', '-o', out, files.path('a.txt'), files.path('c.txt')]);
    expect(built.code).toBe(0);
    expect(lines(built.stdout)[0]).toBe(`0  ${cjk.fingerprintHex(paragraph)}  ${files.path('a.txt')}`);
    const queried = await runInProcess(['index', 'query', '--tokens', 'cjk-chars', '-i', out, files.path('b.txt')]);
    expect(queried.code).toBe(0);
    expect(queried.stdout).toContain(files.path('a.txt'));
    const refused = await runInProcess(['index', 'query', '-i', out, files.path('b.txt')]);
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toHaveLength(1);
    expect(refused.stderr).toContain('--tokens');
  });

  it('eval: the pipeline version names the tokenization', async () => {
    const pairs = files.path('pairs.jsonl');
    writeFileSync(pairs, [JSON.stringify({ a: paragraph, b: edited, duplicate: true }), JSON.stringify({ a: paragraph, b: other, duplicate: false })].join('\n'));
    const ok = await runInProcess(['eval', '--tokens', 'cjk-chars', '--min-tokens', '1', '--threads', '1', '--pairs', pairs, '--format', 'json']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(cjk.version);
  });

  it('a tokenization it does not know is a usage error, before anything is read', async () => {
    for (const verb of [['fingerprint'], ['dedupe'], ['index', 'build', '-o', files.path('x.idx')]]) {
      const result = await runInProcess([...verb, '--tokens', 'chars', files.path('a.txt')]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(lines(result.stderr)[0]).toBe("error: option '--tokens <tokens>' argument 'chars' is invalid. Allowed choices are words, cjk-chars.");
    }
  });
});
