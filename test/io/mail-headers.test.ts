// The top-level header block cut to the body's own fields before postal-mime parses (io/formats/mail-headers.ts):
// every SpamAssassin message and the fixtures decode to the same text and HTML as the whole message; the cut keeps
// exactly the Content-* fields, however they are folded, cased, indented or ended; and the header-size limit is
// postal-mime's, with its own message, whichever fields fill it.
import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { withConcatBlob } from '../../packages/corpus/src/io/formats/concat-blob.js';
import { mailDocument } from '../../packages/corpus/src/io/formats/mail.js';
import type { DocumentOptions } from '../../packages/corpus/src/io/read-options.js';
import { MAIL_HEADERS_LIMIT, withBodyFieldsOnly } from '../../packages/corpus/src/io/formats/mail-headers.js';
import { koi8rMessage, latin1Message, MESSAGES, RUSSIAN, spamAssassinMessages } from '../support/mail-fixtures.js';

const spam = spamAssassinMessages();
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const options: DocumentOptions = { html: 'auto', mail: true, invalidUtf8: 'replace' };

async function bodies(message: Uint8Array | ArrayBuffer, maxHeadersSize?: number) {
  const { text, html } = await withConcatBlob(() => PostalMime.parse(message, maxHeadersSize === undefined ? {} : { maxHeadersSize }));
  return { text, html };
}

/** The cut message as text, and what postal-mime makes of it and of the whole. */
async function cutOf(message: string) {
  const bytes = encoder.encode(message);
  const cut = withBodyFieldsOnly(bytes);
  return { cut: decoder.decode(cut.message), droppedBytes: cut.droppedBytes, whole: await bodies(bytes), parsed: await bodies(cut.message, MAIL_HEADERS_LIMIT - cut.droppedBytes) };
}

describe('withBodyFieldsOnly', () => {
  it('every SpamAssassin message and every fixture decodes to the text and HTML of the whole message', async () => {
    expect(spam.length).toBeGreaterThan(6000);
    const messages = [...Object.values(MESSAGES).map((m) => encoder.encode(m)), latin1Message('8bit'), latin1Message('quoted-printable'), koi8rMessage(RUSSIAN), ...spam.map((path) => readFileSync(path))];
    let dropped = 0;
    let differ = 0;
    for (const message of messages) {
      const cut = withBodyFieldsOnly(message);
      dropped += cut.droppedBytes;
      const [whole, parsed] = [await bodies(message), await bodies(cut.message, MAIL_HEADERS_LIMIT - cut.droppedBytes)];
      if (whole.text !== parsed.text || whole.html !== parsed.html) differ++;
    }
    expect(differ).toBe(0);
    expect(dropped).toBeGreaterThan(5_000_000); // the cut did cut: a third of the corpus is header fields
  });

  it('keeps the Content-* fields, folded, in any case, indented or with spaces before the colon; drops the rest with their folds', async () => {
    const message = [
      'Received: from a.example by b.example;',
      '\tFri, 4 Dec 2026 10:00:00 +0000',
      'From: Someone <someone@example.com>',
      'CONTENT-TYPE : multipart/alternative;',
      ' boundary="b1"',
      'Subject: not kept',
      'content-transfer-encoding: 7bit',
      'X-Content-Type: not a body field',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'From: kept: a nested part keeps its fields',
      '',
      'The plain part, long enough to be the text.',
      '--b1--',
      '',
    ].join('\r\n');
    const { cut, whole, parsed, droppedBytes } = await cutOf(message);
    expect(cut.split('\r\n').slice(0, 4)).toEqual(['CONTENT-TYPE : multipart/alternative;', ' boundary="b1"', 'content-transfer-encoding: 7bit', '']);
    expect(cut).toContain('From: kept: a nested part keeps its fields');
    // postal-mime counts each line without its line end.
    const droppedLines = ['Received: from a.example by b.example;', '\tFri, 4 Dec 2026 10:00:00 +0000', 'From: Someone <someone@example.com>', 'Subject: not kept', 'X-Content-Type: not a body field'];
    expect(droppedBytes).toBe(droppedLines.reduce((sum, line) => sum + line.length, 0));
    expect(parsed).toEqual(whole);
    expect(whole.text).toContain('The plain part');
  });

  it('a name folded before its colon, a first line indented, LF and bare-CR line ends, duplicate fields: as postal-mime reads the whole', async () => {
    const html = '<html><body><p>An HTML body, the only one.</p></body></html>';
    const cases = [
      `Content-\n Type: text/html\nX-Mailer: m\n\n${html}\n`,
      `   Content-Type: text/html\nX-Mailer: m\n\n${html}\n`,
      `X-Mailer: m\r\r\nContent-Type: text/html\r\r\n\r\r\n${html}\r\n`,
      `Content-Type: text/html\nContent-Type: text/plain\nX-A: 1\n\n${html}\n`,
      `Subject: only headers, no body\nContent-Type: text/plain`,
      `\nContent-Type: text/html\n\nan empty first line: all of this is body\n`,
      `X-Caf\u00e9: non-ASCII name\nContent-Type: text/html\n\n${html}\n`,
    ];
    for (const message of cases) {
      const { whole, parsed } = await cutOf(message);
      expect(parsed, JSON.stringify(message)).toEqual(whole);
    }
    expect((await cutOf(cases[0])).cut).toBe(`Content-\n Type: text/html\n\n${html}\n`);
    expect((await cutOf(cases[1])).cut).toBe(`   Content-Type: text/html\n\n${html}\n`);
    expect((await cutOf(cases[4])).cut).toBe('Content-Type: text/plain');
    expect((await cutOf(cases[5])).cut).toBe(cases[5]);
  });

  it('the header-size limit is postal-mime\'s whichever fields fill it: over it the same reason as before, under it the body', async () => {
    const field = `X-Filler: ${'x'.repeat(990)}\n`; // 1,000 bytes counted
    const over = encoder.encode(`${field.repeat(Math.ceil(MAIL_HEADERS_LIMIT / 1000))}Content-Type: text/plain\n\nBody words here.\n`);
    await expect(withConcatBlob(() => PostalMime.parse(over))).rejects.toThrow(`Maximum header size of ${MAIL_HEADERS_LIMIT} bytes exceeded`);
    expect(await mailDocument('over', over, options)).toEqual({ reason: `not a readable e-mail message (Maximum header size of ${MAIL_HEADERS_LIMIT} bytes exceeded)` });
    // Over the limit only with the nested part's fields counted: refused as the whole message is.
    const nearly = `${field.repeat(Math.floor(MAIL_HEADERS_LIMIT / 1000) - 1)}Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n${field.repeat(2)}\nNested body words.\n--b--\n`;
    await expect(withConcatBlob(() => PostalMime.parse(encoder.encode(nearly)))).rejects.toThrow('Maximum header size');
    expect(await mailDocument('nearly', encoder.encode(nearly), options)).toEqual({ reason: `not a readable e-mail message (Maximum header size of ${MAIL_HEADERS_LIMIT} bytes exceeded)` });
    const under = encoder.encode(`${field.repeat(Math.floor(MAIL_HEADERS_LIMIT / 1000) - 2)}Content-Type: text/plain\n\nBody words here.\n`);
    expect(await mailDocument('under', under, options)).toMatchObject({ text: 'Body words here.\n', html: false });
  });
});
