// A message of one plain-text or HTML part read without postal-mime (io/formats/single-part-message.ts): for every
// SpamAssassin message and fixture it takes, its text and HTML are postal-mime's own, byte for byte; it takes most of
// them; and each rule it relies on (line ends, folds, the first field, charsets, the header limit) is checked against
// postal-mime on messages built to break it, including the ones it must leave to postal-mime.
import { readFileSync } from 'node:fs';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { withConcatBlob } from '../../packages/corpus/src/io/formats/concat-blob.js';
import { MAIL_HEADERS_LIMIT, scanHeaders } from '../../packages/corpus/src/io/formats/mail-headers.js';
import { mailDocument } from '../../packages/corpus/src/io/formats/mail.js';
import { singlePartBodies } from '../../packages/corpus/src/io/formats/single-part-message.js';
import { koi8rMessage, latin1, latin1Message, MESSAGES, RUSSIAN, spamAssassinMessages } from '../support/mail-fixtures.js';

const spam = spamAssassinMessages();
const encoder = new TextEncoder();

const bodiesOf = (message: Uint8Array) => singlePartBodies(message, scanHeaders(message));

/** postal-mime's text and HTML for the whole message, as mail.ts had them before (each only where it has one). */
async function postalBodies(message: Uint8Array): Promise<{ text?: string; html?: string }> {
  const { text, html } = await withConcatBlob(() => PostalMime.parse(message));
  return { ...(text === undefined ? {} : { text }), ...(html === undefined ? {} : { html }) };
}

/** A message as bytes: its lines joined by `end`, each character a byte (Latin-1), so tests can place any byte. */
function bytesOf(lines: readonly string[], end = '\r\n'): Uint8Array {
  return latin1(lines.join(end));
}

describe('singlePartBodies', () => {
  it('reads most SpamAssassin messages, each to postal-mime’s own text and HTML', async () => {
    expect(spam.length).toBeGreaterThan(6000);
    const messages = [...Object.values(MESSAGES).map((m) => encoder.encode(m)), latin1Message('8bit'), latin1Message('quoted-printable'), koi8rMessage(RUSSIAN), ...spam.map((path) => readFileSync(path))];
    let taken = 0, pages = 0;
    const differ: number[] = [];
    for (const [i, message] of messages.entries()) {
      const bodies = bodiesOf(message);
      if (bodies === undefined) continue;
      taken++;
      if (bodies.html !== undefined) pages++;
      const parsed = await postalBodies(message);
      if (parsed.text !== bodies.text || parsed.html !== bodies.html) differ.push(i);
    }
    expect(differ).toEqual([]);
    expect(taken).toBeGreaterThan(4300);
    expect(taken).toBeLessThan(5000); // multiparts, encoded and flowed bodies are left to postal-mime
    expect(pages).toBeGreaterThan(200);
  });

  const plainCases: [string, Uint8Array][] = [
    ['no Content-Type at all (UTF-8)', encoder.encode('Subject: hi\n\nCafé au lait,\nplease.\n')],
    ['LF line ends, the last line with none', bytesOf(['Subject: x', '', 'one', 'two'], '\n')],
    ['CRLF, and CRs left inside a line', bytesOf(['Content-Type: text/plain', '', 'a\rb', 'c\r\r', 'd\r'])],
    ['a CR-only empty line ends the header block', bytesOf(['Content-Type: text/plain', '\r', 'body'], '\n')],
    ['an empty body', bytesOf(['Content-Type: text/plain', '', ''])],
    ['no empty line: all of it a header block', bytesOf(['Content-Type: text/plain', 'X-Other: y'])],
    ['empty lines in the body and at its end', bytesOf(['Content-Type: text/plain', '', '', 'a', '', '', ''])],
    ['a quoted charset, folded onto the next line, spaces around "="', bytesOf(['Content-Type: text/plain;', '\tcharset = "ISO-8859-1"', '', 'caf\xe9'])],
    ['the first Content-Type counts', bytesOf(['Content-Type: text/plain; charset=iso-8859-1', 'Content-Type: multipart/mixed; boundary=b', '', 'caf\xe9'])],
    ['spaces before the colon, the name in capitals', bytesOf(['CONTENT-TYPE  : TEXT/PLAIN; CHARSET=US-ASCII', 'content-transfer-encoding:  8Bit ', '', 'caf\xe9 \x80'])],
    ['a trailing ";" and a 7bit encoding', bytesOf(['Content-Type: text/plain; charset=utf-8;', 'Content-Transfer-Encoding: 7bit', '', 'plain'])],
    ['invalid UTF-8 and a BOM', bytesOf(['Content-Type: text/plain; charset=utf-8', '', '\xef\xbb\xbfbad \xff\xfe here'])],
    ['windows-1252 and iso-8859-15 bytes', bytesOf(['Content-Type: text/plain; charset=iso-8859-15', '', '\xa4 \x80 \xbd'])],
    ['other parameters, a quoted one holding ";", the first charset counting', bytesOf(['Content-Type: text/plain; encoding=utf-8; name="a;b.txt"; charset=iso-8859-1; charset=utf-8', '', 'caf\xe9'])],
    ['an inline disposition, with a filename', bytesOf(['Content-Type: text/plain', 'Content-Disposition: inline; filename="note.txt"', '', 'the note'])],
    ['text/html: its HTML, no text', bytesOf(['Content-Type: text/html', '', '<p>caf\xc3\xa9</p>', '<p>two</p>'])],
    ['TEXT/HTML with a quoted charset, 8bit', bytesOf(['Content-Type: TEXT/HTML; charset="windows-1252"', 'Content-Transfer-Encoding: 8bit', '', '<b>\x93quoted\x94</b>'], '\n')],
    ['an empty HTML body: neither', bytesOf(['Content-Type: text/html', '', ''])],
  ];
  const leftCases: [string, Uint8Array][] = [
    ['a later text/plain after a multipart: left to postal-mime', bytesOf(['Content-Type: multipart/mixed; boundary=b', 'Content-Type: text/plain', '', '--b', '', 'part', '--b--'])],
    ['quoted-printable: left to postal-mime', bytesOf(['Content-Type: text/plain', 'Content-Transfer-Encoding: quoted-printable', '', 'caf=C3=A9'])],
    ['base64 with a comment: left to postal-mime', bytesOf(['Content-Transfer-Encoding: (x) base64', '', 'aGVsbG8='])],
    ['format=flowed: left to postal-mime', bytesOf(['Content-Type: text/plain; format=flowed', '', 'a ', 'b'])],
    ['an attachment: left to postal-mime', bytesOf(['Content-Type: text/plain', 'Content-Disposition: attachment; filename=a.txt', '', 'not the text'])],
    ['a comment in the type: left to postal-mime', bytesOf(['Content-Type: text/plain (note); charset=us-ascii', '', 'x'])],
    ['an unknown charset label: left to postal-mime', bytesOf(['Content-Type: text/plain; charset=x-unknown', '', 'caf\xe9'])],
    ['koi8-r: left to postal-mime', bytesOf(['Content-Type: text/plain; charset=koi8-r', '', '\xf0\xd2\xc9'])],
    ['a non-ASCII byte in a Content-* field: left to postal-mime', bytesOf(['Content-Type: text/plain; charset=utf-8', 'Content-Description: caf\xc3\xa9', '', 'x'])],
    ['"text/ plain" is not text/plain: left to postal-mime', bytesOf(['Content-Type: text/ plain', '', 'x'])],
    ['text/xml: left to postal-mime', bytesOf(['Content-Type: text/xml', '', '<a/>'])],
    ['an HTML part as an attachment: left to postal-mime', bytesOf(['Content-Type: text/html', 'Content-Disposition: attachment', '', '<p>x</p>'])],
    ['format=fixed (any format): left to postal-mime', bytesOf(['Content-Type: text/plain; format=fixed', '', 'x'])],
    ['an empty charset: left to postal-mime', bytesOf(['Content-Type: text/plain; charset=""', '', 'x'])],
    ['a parameter continued (RFC 2231): left to postal-mime', bytesOf(['Content-Type: text/plain; charset*=utf-8\'\'x', '', 'x'])],
  ];

  it.each(plainCases)('%s: postal-mime’s bodies', async (_name, message) => {
    expect(bodiesOf(message)).toEqual(await postalBodies(message));
  });

  it.each(leftCases)('%s', (_name, message) => {
    expect(bodiesOf(message)).toBeUndefined();
  });

  it('a header block over postal-mime’s limit is refused with postal-mime’s own reason, plain or not', async () => {
    const long = `X-Long: ${'a'.repeat(MAIL_HEADERS_LIMIT)}`;
    const message = bytesOf([long, 'Content-Type: text/plain', '', 'the body']);
    expect(bodiesOf(message)).toEqual({ text: 'the body\n' }); // plain by its fields: the limit is mail.ts's check
    const read = await mailDocument('big.eml', message, { html: 'auto', mail: true, invalidUtf8: 'replace' });
    expect(read).toEqual({ reason: expect.stringMatching(/^not a readable e-mail message \(Maximum header size of \d+ bytes exceeded\)$/) });
  });

  it('a message read plain is the same document mail.ts made before: text, not HTML, its bytes counted', async () => {
    const message = bytesOf(['Subject: hello', 'Content-Type: text/plain; charset=iso-8859-1', '', 'caf\xe9 cr\xe8me'], '\n');
    expect(await mailDocument('a.eml', message, { html: 'auto', mail: true, invalidUtf8: 'replace' })).toEqual({ source: 'a.eml', text: 'café crème\n', html: false, bytes: message.length });
    const blank = bytesOf(['Content-Type: text/plain', '', '   ', ''], '\n');
    // A text of spaces only falls to the raw body (mail.ts), as one postal-mime made did.
    expect(await mailDocument('b.eml', blank, { html: 'auto', mail: true, invalidUtf8: 'replace' })).toEqual({ source: 'b.eml', text: '   \n', html: false, bytes: 4 });
  });
});
