// A WARC record's payload as text: whether its Content-Type is text at all (images, PDFs and scripts are not
// documents), which charset the type names, and the bytes decoded by it. Without a charset the bytes are UTF-8 under
// the run's --invalid-utf8 policy, as any file is.
import type { InvalidUtf8Mode } from '../read-options.js';
import { firstInvalidUtf8, looksBinary } from '../bytes/utf8.js';

export interface MediaType {
  /** Lowercased `type/subtype`, or '' when the record has no Content-Type. */
  readonly essence: string;
  readonly charset?: string;
}

export function parseMediaType(header: string | null | undefined): MediaType {
  if (header === null || header === undefined) return { essence: '' };
  const [essence, ...parameters] = header.split(';');
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  return { essence: essence.trim().toLowerCase(), ...(charset === undefined ? {} : { charset }) };
}

/** text/*, and the XML and JSON types that hold text; no type at all counts as text unless the bytes are binary. */
export function isTextual(type: MediaType, payload: Uint8Array): boolean {
  if (type.essence === '') return !looksBinary(payload);
  return type.essence.startsWith('text/') || /^application\/(?:[\w.+-]*\+xml|xml|json|[\w.+-]*\+json)$/.test(type.essence);
}

export function isHtmlType(type: MediaType): boolean {
  return type.essence === 'text/html' || type.essence === 'application/xhtml+xml';
}

/** The text, or why it cannot be read. */
export function decodePayload(payload: Uint8Array, type: MediaType, invalidUtf8: InvalidUtf8Mode): string | { reason: string } {
  const charset = type.charset?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(charset);
    } catch {
      return { reason: `unknown charset "${type.charset}" in its Content-Type` };
    }
    return decoder.decode(payload);
  }
  if (invalidUtf8 === 'skip') {
    const bad = firstInvalidUtf8(payload);
    if (bad >= 0) return { reason: `not valid UTF-8 (byte 0x${payload[bad].toString(16).padStart(2, '0')} at offset ${bad} of the payload; --invalid-utf8 replace reads it anyway)` };
  }
  return new TextDecoder().decode(payload);
}
