// The byte checks every reader makes: where UTF-8 first goes wrong, what counts as binary, and a mail's body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageBody } from '../../packages/corpus/src/io/formats/mail.js';
import { decodeUtf8, firstInvalidUtf8, looksBinary } from '../../packages/corpus/src/io/bytes/utf8.js';

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

  it('decodeUtf8 gives what a fatal TextDecoder gives (a leading BOM dropped), or undefined where it throws', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true });
    const decoded = (bytes: Uint8Array) => {
      try { return fatal.decode(bytes); } catch { return undefined; }
    };
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf]);
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.string({ unit: 'grapheme' }).map((s) => new TextEncoder().encode(s)));
    fc.assert(fc.property(bytes, fc.boolean(), fc.nat(4), (raw, withBom, offset) => {
      const whole = new Uint8Array(offset + (withBom ? 3 : 0) + raw.length);
      if (withBom) whole.set(bom, offset);
      whole.set(raw, offset + (withBom ? 3 : 0));
      const line = whole.subarray(offset); // a view into a larger buffer, as a line of a chunk is
      expect(decodeUtf8(line)).toBe(decoded(line));
      expect(decodeUtf8(Buffer.from(line))).toBe(decoded(line));
    }), { numRuns: 1000 });
    expect(decodeUtf8(Uint8Array.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toBe('{}');
    expect(decodeUtf8(Uint8Array.from([0x61, 0xed, 0xa0, 0x80]))).toBeUndefined();
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
