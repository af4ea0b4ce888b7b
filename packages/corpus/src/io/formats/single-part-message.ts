// The body of a message that is one plain-text or HTML part, made here without postal-mime, exactly as postal-mime
// 4.0.0 makes it. Most of SpamAssassin's messages are such a part (4,144 plain-text and 529 HTML of 6,046), and for
// them postal-mime's machinery (a promise a line, a decoder object, the joined chunks, every field parsed) was most
// of a `--mail` run's decoding. Anything else (a multipart, an encoded or flowed body, an attachment, a charset
// outside the few below, a Content-* field with a byte that is not ASCII or a form this file does not parse) returns
// undefined, for postal-mime to read.
//
// postal-mime reads such a message so, and so does this file:
// - lines end at LF, a line's trailing CRs not part of it; the header block ends at the first empty line
//   (mail-headers.ts finds the block's Content-* fields by the same rules);
// - a field's lines are joined as they are (folds keep their spaces and tabs); its name is what comes before the
//   first ':', spaces and tabs trimmed, in any case; the first Content-Type, Content-Transfer-Encoding and
//   Content-Disposition count;
// - no Content-Type is text/plain with no charset (UTF-8); a parameter's first occurrence counts; only a
//   disposition of "attachment" makes a text part something else;
// - the body is each line after the empty one, followed by "\n", decoded by TextDecoder of the charset's label: the
//   message's text for text/plain, its HTML for text/html, and neither when that is empty.
// test/io/single-part-message.test.ts holds every SpamAssassin message and each rule against postal-mime itself.
import type { HeaderScan } from './mail-headers.js';

const LF = 0x0a;
const CR = 0x0d;

/** A parameter: a name, then a token or a quoted string with no escape or parenthesis (so no comment anywhere). */
const PARAMETER_SOURCE = String.raw`;[ \t]*([\w-]+)[ \t]*=[ \t]*(?:"([^"\\()]*)"|([\w.:/+-]+))[ \t]*`;
const PARAMETER = new RegExp(PARAMETER_SOURCE, 'gy');
/** `text/plain` or `text/html`, with parameters as above only, and a ";" at the end or not. */
const TEXT_TYPE = new RegExp(String.raw`^text\/(plain|html)[ \t]*(?:${PARAMETER_SOURCE})*(?:;[ \t]*)?$`, 'i');
/** A disposition that leaves the part inline: postal-mime looks for "attachment" only. */
const INLINE = /^(?:inline[ \t]*(?:;.*)?)?$/is;
/** The transfer encodings postal-mime passes through unchanged (and none at all). */
const IDENTITY_ENCODING = /^(?:7bit|8bit|binary|)$/i;
/** Charset labels TextDecoder and postal-mime's label table both take as they are (it tries them first). */
const LABELS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii', 'iso-8859-1', 'latin1', 'windows-1252', 'iso-8859-15']);
const decoders = new Map<string, TextDecoder>();

/** The message's text or HTML body as postal-mime gives them, or undefined when postal-mime must read it. */
export function singlePartBodies(raw: Uint8Array, scan: HeaderScan): { text?: string; html?: string } | undefined {
  let type: string | undefined;
  let encoding: string | undefined;
  let disposition: string | undefined;
  for (const [start, end] of scan.bodyFields) {
    const field = asciiField(raw, start, end);
    if (field === undefined) return undefined;
    const { name, value } = field;
    if (name === 'content-type') type ??= value;
    else if (name === 'content-transfer-encoding') encoding ??= value;
    else if (name === 'content-disposition') disposition ??= value;
  }
  if (encoding !== undefined && !IDENTITY_ENCODING.test(encoding)) return undefined;
  if (disposition !== undefined && !INLINE.test(disposition)) return undefined;
  const part = type === undefined ? { html: false, label: 'utf-8' } : textType(type);
  if (part === undefined || !LABELS.has(part.label)) return undefined;
  let decoder = decoders.get(part.label);
  if (decoder === undefined) decoders.set(part.label, (decoder = new TextDecoder(part.label)));
  const body = decoder.decode(bodyLines(raw, scan.blankLine));
  if (body === '') return {};
  return part.html ? { html: body } : { text: body };
}

/**
 * Whether a text/plain or text/html type is HTML, and its charset label, lower case ("utf-8" when it names none), as
 * postal-mime's parameter parser finds it for such a simple type: the first "charset" counts. Undefined for another
 * type, or one with a format parameter (format=flowed rejoins lines).
 */
function textType(type: string): { html: boolean; label: string } | undefined {
  const matched = TEXT_TYPE.exec(type);
  if (matched === null) return undefined;
  let charset: string | undefined;
  PARAMETER.lastIndex = type.indexOf(';');
  for (let match = PARAMETER.exec(type); match !== null; match = PARAMETER.exec(type)) {
    const name = match[1].toLowerCase();
    if (name === 'format') return undefined;
    if (name === 'charset') charset ??= trimSpaces(match[2] ?? match[3]).toLowerCase();
  }
  return { html: matched[1].toLowerCase() === 'html', label: charset ?? 'utf-8' };
}

/** A field's name (lower case) and value, as postal-mime unfolds them; undefined if a byte is not ASCII. */
function asciiField(raw: Uint8Array, start: number, end: number): { name: string; value: string } | undefined {
  let unfolded = '';
  let at = start;
  while (at < end) {
    const lf = raw.indexOf(LF, at);
    const next = lf < 0 || lf >= end ? end : lf + 1;
    let lineEnd = next > at && raw[next - 1] === LF ? next - 1 : next;
    while (lineEnd > at && raw[lineEnd - 1] === CR) lineEnd--;
    for (let i = at; i < lineEnd; i++) {
      if (raw[i] >= 0x80) return undefined;
      unfolded += String.fromCharCode(raw[i]);
    }
    at = next;
  }
  const colon = unfolded.indexOf(':');
  // postal-mime trims spaces and tabs only, and makes a CR left inside a line a space.
  const name = trimSpaces(colon < 0 ? unfolded : unfolded.slice(0, colon)).toLowerCase();
  const value = colon < 0 ? '' : trimSpaces(unfolded.slice(colon + 1).replace(/[\r\n]+/g, ' '));
  return { name, value };
}

/** Spaces and tabs off both ends, by index: a regular expression's end branch retries along a long run of spaces. */
function trimSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && (text[start] === ' ' || text[start] === '\t')) start++;
  while (end > start && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(start, end);
}

/** The body as postal-mime's pass-through decoder joins it: each line after the empty one, its CRs cut, then "\n". */
function bodyLines(raw: Uint8Array, blankLine: number): Uint8Array {
  const lf = raw.indexOf(LF, blankLine);
  const body = lf < 0 ? raw.subarray(raw.length) : raw.subarray(lf + 1);
  if (body.length === 0) return body;
  if (!body.includes(CR)) {
    if (body[body.length - 1] === LF) return body;
    const ended = new Uint8Array(body.length + 1);
    ended.set(body);
    ended[body.length] = LF;
    return ended;
  }
  const lines = new Uint8Array(body.length + 1);
  let to = 0;
  let at = 0;
  while (at < body.length) {
    const found = body.indexOf(LF, at);
    const next = found < 0 ? body.length : found + 1;
    let end = found < 0 ? body.length : found;
    while (end > at && body[end - 1] === CR) end--;
    lines.set(body.subarray(at, end), to);
    to += end - at;
    lines[to++] = LF;
    at = next;
  }
  return lines.subarray(0, to);
}
