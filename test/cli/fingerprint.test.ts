// `simhash fingerprint`, run in-process on temp files and stdin, checked against the library and the golden file.
// Documents are read as every command reads them (src/io): invalid UTF-8 and empty files are skipped (unless
// --invalid-utf8 replace), stdin is named "(stdin)", JSONL lines are { "id", "text" } records.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';
import { lines, runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { golden } from '../support/golden.js';

const encoder = new TextEncoder();
/** Text with multi-byte UTF-8 everywhere, long enough to cross the CLI's 1 MiB read chunks several times. */
const bigText = Array.from({ length: 30_000 }, (_, i) => `Größe ${i % 977} naïve 東京 ΣΟΦΟΣ 🙂x${i % 31}`).join(' ');
const files = scratchDir({
  'plain.txt': 'The quick brown fox jumps over the lazy dog',
  'unicode.txt': 'İstanbul ΣΊΣΥΦΟΣ naïve café 東京 𝒳𝒴 ١٢٣',
  'invalid-utf8.bin': new Uint8Array([0x61, 0x62, 0xff, 0x63, 0xe2, 0x82, 0x20, 0x64, 0xc0, 0xaf, 0x65]),
  'empty.txt': '',
  'big.txt': bigText,
});
afterAll(files.remove);
beforeAll(initAll);


describe.each(entries)('--engine %s', (engine, entry) => {
  it('prints "<16 hex>  <file>" per file, in order, equal to the library on the file bytes', async () => {
    const names = ['plain.txt', 'unicode.txt', 'big.txt'];
    for (const w of [1, 3, 5]) {
      const result = await runInProcess(['fingerprint', '--engine', engine, '--shingle', String(w), ...names.map(files.path)]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const hasher = entry.createSimHash({ shingle: w });
      expect(lines(result.stdout)).toEqual(names.map((n) => `${hasher.fingerprintHex(readFileSync(files.path(n)))}  ${files.path(n)}`));
    }
  });

  it('--invalid-utf8 replace reads bad bytes as the library does (U+FFFD); without it the file is skipped', async () => {
    const bad = files.path('invalid-utf8.bin');
    const replaced = await runInProcess(['fingerprint', '--engine', engine, '--invalid-utf8', 'replace', bad]);
    expect(replaced).toEqual({ code: 0, stdout: `${entry.createSimHash().fingerprintHex(readFileSync(bad))}  ${bad}\n`, stderr: '' });
    const skipped = await runInProcess(['fingerprint', '--engine', engine, bad, files.path('empty.txt'), files.path('plain.txt')]);
    expect(skipped.code).toBe(1);
    expect(lines(skipped.stderr)).toEqual([
      `simhash: ${bad}: not valid UTF-8 (byte 0xff at offset 2; --invalid-utf8 replace reads it anyway), skipped`,
      `simhash: ${files.path('empty.txt')}: empty file, skipped`,
    ]);
    expect(lines(skipped.stdout)).toHaveLength(1);
  });

  it('reads stdin when there is no file, or for "-", and names it "(stdin)"', async () => {
    const text = 'stdin text, read as bytes: ß 東京';
    const want = `${entry.createSimHash().fingerprintHex(text)}  (stdin)`;
    expect(await runInProcess(['fingerprint', '--engine', engine], text)).toEqual({ code: 0, stdout: `${want}\n`, stderr: '' });
    const mixed = await runInProcess(['fingerprint', '--engine', engine, files.path('plain.txt'), '-'], text);
    expect(lines(mixed.stdout)[1]).toBe(want);
  });

  it('gives every golden text its golden fingerprint, as files (w = 3) and as JSONL (w = 1, 2, 3)', async () => {
    // As files: not the empty text, nor the one with a NUL (an empty file and a binary file are skipped).
    const sample = golden.filter((line, i) => i % 10 === 0 && line.text !== '' && !line.text.includes('\0'));
    const dir = scratchDir(Object.fromEntries(sample.map((line, i) => [`g${i}.txt`, encoder.encode(line.text)])));
    try {
      const result = await runInProcess(['fingerprint', '--html', 'off', '--engine', engine, ...sample.map((_, i) => dir.path(`g${i}.txt`))]);
      expect(result.code).toBe(0);
      expect(lines(result.stdout).map((l) => l.slice(0, 16))).toEqual(sample.map((line) => line.tf[2]));
    } finally {
      dir.remove();
    }
    // As JSONL records: every text but the empty one (an empty "text" is skipped), named by their line.
    const jsonl = golden.map((line, i) => JSON.stringify({ id: `g${i}`, text: line.text })).join('\n');
    const kept = golden.map((line, i) => ({ ...line, id: `g${i}` })).filter((line) => line.text !== '');
    for (const w of [1, 2, 3]) {
      const result = await runInProcess(['fingerprint', '--jsonl', '--html', 'off', '--engine', engine, '-w', String(w)], jsonl);
      expect(lines(result.stderr)).toEqual([expect.stringMatching(/^simhash: \(stdin\):\d+: empty "text", skipped$/)]);
      expect(lines(result.stdout)).toEqual(kept.map((line) => `${line.tf[w - 1]}  ${line.id}`));
    }
  });
});

describe('--jsonl', () => {
  const hasher = () => entries[1][1].createSimHash();

  it('keeps input order across batches, takes CRLF and a last line without LF, and reads several files', async () => {
    const texts = Array.from({ length: 2_500 }, (_, i) => `document ${i} about ${i % 7} things and ${i % 13} more`);
    const dir = scratchDir({
      'a.jsonl': texts.slice(0, 1_300).map((text) => JSON.stringify({ text })).join('\r\n') + '\r\n',
      'b.jsonl': texts.slice(1_300).map((text) => JSON.stringify({ text })).join('\n'),
    });
    try {
      const result = await runInProcess(['fingerprint', '--jsonl', '--engine', 'pure', dir.path('a.jsonl'), dir.path('b.jsonl')]);
      const name = (i: number) => (i < 1_300 ? `${dir.path('a.jsonl')}:${i + 1}` : `${dir.path('b.jsonl')}:${i - 1_300 + 1}`);
      expect(result).toEqual({ code: 0, stdout: texts.map((t, i) => `${hasher().fingerprintHex(t)}  ${name(i)}\n`).join(''), stderr: '' });
    } finally {
      dir.remove();
    }
  });

  it('reports each malformed line with its file and line number, skips it, and exits 1', async () => {
    const dir = scratchDir({
      'bad.jsonl': Buffer.concat([
        Buffer.from('{"id": "first", "text": "first"}\n"a bare string"\n{"id": 3, "text": "third"}\nnot json\n\n'),
        Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x0a]),
        Buffer.from('{"text": "last \\ud800 lone surrogate"}\n{"id": null, "text": "null id"}\n'),
      ]),
    });
    try {
      const result = await runInProcess(['fingerprint', '--jsonl', '--engine', 'pure', dir.path('bad.jsonl')]);
      expect(result.code).toBe(1);
      expect(lines(result.stdout)).toEqual([['first', 'first'], ['third', '3'], ['last \ud800 lone surrogate', `${dir.path('bad.jsonl')}:7`]].map(([t, name]) => `${hasher().fingerprintHex(t)}  ${name}`));
      const errors = lines(result.stderr);
      expect(errors).toHaveLength(4); // the blank line 5 is no record, and no error
      const at = (n: number) => errors.find((e) => e.startsWith(`simhash: ${dir.path('bad.jsonl')}:${n}: malformed JSONL line`));
      expect(at(2)).toMatch(/expected an object \{ "id", "text" \}, got string/);
      expect(at(4)).toMatch(/not JSON/);
      expect(at(6)).toMatch(/not valid UTF-8/);
      expect(at(8)).toMatch(/"id" must be a string or a number, got null/);
    } finally {
      dir.remove();
    }
  });

  it('names stdin "(stdin)" in messages', async () => {
    const result = await runInProcess(['fingerprint', '--jsonl', '--engine', 'pure'], '{"text": "ok"}\n[1]\n');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(`${hasher().fingerprintHex('ok')}  (stdin):1\n`);
    expect(result.stderr).toMatch(/^simhash: \(stdin\):2: malformed JSONL line: expected an object \{ "id", "text" \}, got an array, skipped\n$/);
  });
});

describe('bad command lines and unreadable files', () => {
  it.each(['0', '-1', '1.5', 'abc', '1025', '', '3x'])('--shingle %j: a clear message, nothing printed, exit code 2', async (w) => {
    const result = await runInProcess(['fingerprint', '--engine', 'pure', '--shingle', w, files.path('plain.txt')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--shingle <w>.*invalid.*integer from 1 to 1024/);
  });

  it('refuses an unknown engine, an unknown option and an unknown verb with exit code 2', async () => {
    for (const args of [['fingerprint', '--engine', 'rust'], ['fingerprint', '--nope'], ['fingerprints'], []]) {
      const result = await runInProcess(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).not.toBe('');
    }
  });

  it('names each unreadable path on stderr, goes on with the rest, and exits 1; a directory is walked', async () => {
    const missing = files.path('missing.txt');
    const result = await runInProcess(['fingerprint', '--engine', 'pure', missing, files.path('plain.txt'), files.dir]);
    expect(result.code).toBe(1);
    const line = (name: string) => `${entries[1][1].createSimHash().fingerprintHex(readFileSync(files.path(name)))}  ${files.path(name)}`;
    // The directory in name order: big.txt, empty.txt (skipped), invalid-utf8.bin (skipped), plain.txt, unicode.txt.
    expect(lines(result.stdout)).toEqual([line('plain.txt'), line('big.txt'), line('plain.txt'), line('unicode.txt')]);
    expect(lines(result.stderr)).toEqual([
      `simhash: ${missing}: no such file or directory (ENOENT), skipped`,
      `simhash: ${files.path('empty.txt')}: empty file, skipped`,
      `simhash: ${files.path('invalid-utf8.bin')}: not valid UTF-8 (byte 0xff at offset 2; --invalid-utf8 replace reads it anyway), skipped`,
    ]);
  });

  it('prints help and the version with exit code 0', async () => {
    const help = await runInProcess(['fingerprint', '--help']);
    expect(help.code).toBe(0);
    for (const option of ['--shingle <w>', '--jsonl', '--no-jsonl', '--text-field <path>', '--id-field <path>', '--html <mode>', '--engine <engine>', '--threads <n>']) expect(help.stdout).toContain(option);
    const version = await runInProcess(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+ \(simhash-v1\+unicode/);
  });
});
