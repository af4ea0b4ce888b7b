// RFC 822 / RFC 5322 messages (--mail), decoded by postal-mime (MIME parts, quoted-printable and base64,
// charsets), or, a message of one plain-text or HTML part, as postal-mime would decode it (single-part-message.ts).
// A message is compared by what its reader sees, not by its transfer encoding: the same text sent as
// quoted-printable, as base64 or plain gives one fingerprint, and "=3D=3D=3D" lines never outvote the words.
import type { InputDocument } from '../input-document.js';
import type { DocumentOptions } from '../read-options.js';
import { looksBinary } from '../bytes/utf8.js';
import { withConcatBlob } from './concat-blob.js';
import { MAIL_HEADERS_LIMIT, scanHeaders, withBodyFieldsOnly, type HeaderScan } from './mail-headers.js';
import { singlePartBodies } from './single-part-message.js';
import { wholeDocument } from './whole-document.js';

type Parse = (message: Uint8Array, scan: HeaderScan) => Promise<{ text?: string; html?: string }>;
let parser: Promise<Parse> | undefined;

/**
 * The message's text and HTML bodies: a message of one plain-text or HTML part read here (single-part-message.ts),
 * any other by postal-mime, loaded at the first such message (commands that read no mail do not pay for it).
 */
function parse(message: Uint8Array): Promise<{ text?: string; html?: string }> {
  const scan = scanHeaders(message);
  // A message over the header limit is postal-mime's to refuse, with its own words.
  if (scan.droppedBytes + scan.keptBytes <= MAIL_HEADERS_LIMIT) {
    const bodies = singlePartBodies(message, scan);
    if (bodies !== undefined) return Promise.resolve(bodies);
  }
  parser ??= import('postal-mime').then(({ default: PostalMime }) => async (bytes: Uint8Array, scan: HeaderScan) => {
    // The body's own fields only (mail-headers.ts), counted against the same limit as the whole header block.
    const cut = withBodyFieldsOnly(bytes, scan);
    if (cut.droppedBytes < MAIL_HEADERS_LIMIT) {
      try {
        return await PostalMime.parse(cut.message, { maxHeadersSize: MAIL_HEADERS_LIMIT - cut.droppedBytes });
      } catch {
        // The whole message's own outcome below: its error names the limit as postal-mime knows it.
      }
    }
    return PostalMime.parse(bytes);
  });
  return parser.then((run) => withConcatBlob(() => run(message, scan)));
}

/**
 * The document a message contributes: its text/plain body (inline parts; attachments left out), else its HTML
 * body, extracted as HTML (unless --html off). A message whose MIME structure yields neither (a multipart whose
 * parts do not use the boundary its header declares: seen in real spam) is not lost: its raw body is read as a
 * plain file would be.
 */
export async function mailDocument(source: string, raw: Uint8Array, options: DocumentOptions): Promise<InputDocument | { reason: string }> {
  if (raw.length === 0) return { reason: 'empty file' };
  if (looksBinary(raw)) return { reason: 'binary file (contains NUL bytes)' };
  let message: { text?: string; html?: string };
  try {
    message = await parse(raw);
  } catch (error) {
    return { reason: `not a readable e-mail message (${error instanceof Error ? error.message : String(error)})` };
  }
  if (message.text !== undefined && message.text.trim() !== '') return { source, text: message.text, html: false, bytes: raw.length };
  if (message.html !== undefined && message.html.trim() !== '') return { source, text: message.html, html: options.html !== 'off', bytes: raw.length };
  const body = messageBody(raw);
  if (body.length === 0) return { reason: 'empty message body (nothing after the headers)' };
  return wholeDocument(source, body, undefined, options);
}

/** A message's raw body: everything after the first empty line (LF or CRLF); empty if there is none. */
export function messageBody(message: Uint8Array): Uint8Array {
  for (let i = 0; i + 1 < message.length; i++) {
    if (message[i] !== 0x0a) continue;
    if (message[i + 1] === 0x0a) return message.subarray(i + 2);
    if (message[i + 1] === 0x0d && message[i + 2] === 0x0a) return message.subarray(i + 3);
  }
  return message.subarray(message.length);
}
