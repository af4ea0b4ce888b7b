// --mail: a message is compared by the text its reader sees. One body sent plain, quoted-printable, base64, inside
// multipart (with an attachment that must not count), in Latin-1 and as HTML only; KOI8-R; a message with no body;
// a broken multipart that still yields its body. The bar: a quoted-printable copy and a plain copy are 0 bits apart.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { htmlToText } from '../../packages/corpus/src/html/extract.js';
import { readDocuments, walkInputs, type DocumentEvent, type DocumentOptions } from '../../packages/corpus/src/io/index.js';
import { runInProcess } from '../support/cli.js';
import { BODY, koi8rMessage, latin1Message, MESSAGES, quotedPrintable, RUSSIAN } from '../support/mail-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files: Record<string, string | Uint8Array> = { ...MESSAGES, latin1: latin1Message('8bit'), latin1QuotedPrintable: latin1Message('quoted-printable'), koi8r: koi8rMessage(RUSSIAN) };
for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, `${name}.eml`), content);
const path = (name: string) => join(dir, `${name}.eml`);
const OPTIONS: DocumentOptions = { html: 'auto', mail: true, invalidUtf8: 'skip' };

async function read(names: string[], options: Partial<DocumentOptions> = {}): Promise<DocumentEvent[]> {
  const all = { ...OPTIONS, ...options };
  const events: DocumentEvent[] = [];
  for await (const event of readDocuments(walkInputs(names.map(path), { include: [], exclude: [], hidden: false }), new PassThrough(), all)) events.push(event);
  return events;
}
const textOf = async (name: string) => {
  const docs = (await read([name])).flatMap((e) => (e.kind === 'document' ? [e.document] : []));
  expect(docs, name).toHaveLength(1);
  return docs[0];
};
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu)!.join(' ');

describe('reading --mail', () => {
  it('the quoted-printable fixture really is encoded: "=3D", "=C3=A9" and soft line breaks', () => {
    const qp = quotedPrintable(BODY);
    expect(qp).toContain('=3D');
    expect(qp).toContain('caf=C3=A9');
    expect(qp).toMatch(/=\r\n/);
    expect(qp).not.toContain(' = ');
  });

  it.each(['plain', 'quotedPrintable', 'base64', 'alternative', 'withAttachment', 'latin1', 'latin1QuotedPrintable'])('%s: the body, decoded, nothing else', async (name) => {
    const doc = await textOf(name);
    expect(doc.html).toBe(false);
    expect(words(doc.text)).toBe(words(BODY));
  });

  it('an HTML-only message is its HTML, marked for extraction (not with --html off)', async () => {
    const doc = await textOf('htmlOnly');
    expect(doc.html).toBe(true);
    expect(words(htmlToText(doc.text))).toBe(words(BODY));
    const off = (await read(['htmlOnly'], { html: 'off' })).flatMap((e) => (e.kind === 'document' ? [e.document] : []));
    expect(off[0].html).toBe(false);
  });

  it('a multipart whose parts miss its declared boundary is not lost: its raw body is read', async () => {
    const doc = await textOf('brokenBoundary');
    expect(words(doc.text)).toContain(words(BODY));
    expect(doc.text).toContain('--= Used 1');
  });

  it('KOI8-R is decoded by its declared charset', async () => {
    expect((await textOf('koi8r')).text.trim()).toBe(RUSSIAN);
  });

  it('a message with no body is skipped with its reason; bytes are counted as read', async () => {
    const events = await read(['headersOnly', 'plain']);
    expect(events.flatMap((e) => (e.kind === 'skipped' ? [e.reason] : []))).toEqual(['empty message body (nothing after the headers)']);
    expect(events.filter((e) => e.kind === 'document')).toHaveLength(1);
    expect(events.reduce((sum, e) => sum + (e.kind === 'progress' ? e.bytes : 0), 0)).toBe(Buffer.byteLength(MESSAGES.headersOnly) + Buffer.byteLength(MESSAGES.plain));
  });
});

describe('simhash fingerprint --mail', () => {
  it('a quoted-printable copy, a base64 copy, multipart and Latin-1 copies and the plain message are 0 bits apart', async () => {
    const names = ['plain', 'quotedPrintable', 'base64', 'alternative', 'withAttachment', 'latin1', 'latin1QuotedPrintable'];
    const result = await runInProcess(['fingerprint', '--mail', '--threads', '1', ...names.map(path)]);
    expect(result.code, result.stderr).toBe(0);
    const fingerprints = result.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0]);
    expect(fingerprints).toHaveLength(names.length);
    expect(new Set(fingerprints).size).toBe(1);
    // Without --mail the transfer encodings are compared raw, and they differ: the test can tell.
    const raw = await runInProcess(['fingerprint', '--threads', '1', path('plain'), path('quotedPrintable')]);
    const [a, b] = raw.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0]);
    expect(a).not.toBe(b);
  });

  it('stdin is read as one message too', async () => {
    const viaStdin = await runInProcess(['fingerprint', '--mail', '--threads', '1', '-'], MESSAGES.quotedPrintable);
    const viaFile = await runInProcess(['fingerprint', '--mail', '--threads', '1', path('plain')]);
    expect(viaStdin.stdout.split(/\s+/)[0]).toBe(viaFile.stdout.split(/\s+/)[0]);
  });
});
