// An input that is one document (a file, or stdin that is not JSONL), from its decompressed bytes, or the reason it
// is skipped: empty, binary, invalid UTF-8 (unless replaced). E-mail messages (--mail) go through mail.ts instead.
import { looksLikeHtml } from '../../html/sniff.js';
import type { InputDocument } from '../input-document.js';
import type { DocumentOptions, HtmlMode, InvalidUtf8Mode } from '../read-options.js';
import { firstInvalidUtf8, looksBinary } from '../bytes/utf8.js';

/** `fileName`: the name HTML is recognised by (without a compression suffix); undefined for stdin. */
export function wholeDocument(source: string, raw: Uint8Array, fileName: string | undefined, options: DocumentOptions): InputDocument | { reason: string } {
  if (raw.length === 0) return { reason: 'empty file' };
  if (looksBinary(raw)) return { reason: 'binary file (contains NUL bytes)' };
  const text = decode(raw, options.invalidUtf8);
  if (typeof text !== 'string') return text;
  return { source, text, html: wantsHtml(options.html, text, fileName), bytes: raw.length };
}

export function wantsHtml(mode: HtmlMode, text: string, fileName?: string): boolean {
  return mode !== 'off' && ((mode !== 'auto' && mode !== 'auto-text') || looksLikeHtml(text, fileName));
}

function decode(bytes: Uint8Array, mode: InvalidUtf8Mode): string | { reason: string } {
  if (mode === 'skip') {
    const bad = firstInvalidUtf8(bytes);
    if (bad >= 0) return { reason: `not valid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} at offset ${bad}; --invalid-utf8 replace reads it anyway)` };
  }
  return new TextDecoder().decode(bytes);
}
