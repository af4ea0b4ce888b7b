// A message's top-level header block cut down to the fields its body is read by, before postal-mime parses it.
// postal-mime parses every field: addresses, dates, subjects, a spam message's dozen Received lines; a document
// needs only the body, and postal-mime reads the body by the Content-* fields alone (mime-node.js's
// CONTENT_HEADERS, all "content-"). On SpamAssassin's 6,046 messages the parse took 400 ms with every field and
// 240 ms with these, and gave the same text for every message. Nested parts keep all their fields: a forwarded
// message's From and Date are part of the text postal-mime makes of it. The same scan finds the fields a message of
// one part is read by without postal-mime (single-part-message.ts).
//
// Lines are cut as postal-mime cuts them: at LF, a line's trailing CRs not counted; the block ends at the first empty
// line (or with the message); a line starting with a space or a tab continues the field above it, and a field's
// name is what comes before the first ':' of its unfolded lines, spaces and tabs trimmed.

/** postal-mime's maxHeadersSize default (4.0.0): the header lines of a whole message, in bytes, CRs and LFs aside. */
export const MAIL_HEADERS_LIMIT = 2 * 1024 * 1024;

/** The top-level header block as postal-mime reads it, its body's fields found. */
export interface HeaderScan {
  /** The Content-* fields, each [start, end) in the message: its lines, folds and line ends included. */
  readonly bodyFields: readonly (readonly [number, number])[];
  /** Where the empty line that ends the block starts; the message's length when there is none. */
  readonly blankLine: number;
  /** The header bytes postal-mime counts against maxHeadersSize: of the fields left out, and of the Content-* ones. */
  readonly droppedBytes: number;
  readonly keptBytes: number;
}

export interface BodyFieldsMessage {
  /** The message with only its body's top-level fields, in a buffer of its own (postal-mime copies any view it gets). */
  readonly message: ArrayBuffer;
  /** The bytes of the fields left out, as postal-mime counts them against maxHeadersSize. */
  readonly droppedBytes: number;
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const CONTENT = 'content-';

export function scanHeaders(raw: Uint8Array): HeaderScan {
  const kept: [number, number][] = [];
  let droppedBytes = 0;
  let keptBytes = 0;
  let field: { start: number; end: number; counted: number; keep: boolean | undefined } | undefined;
  let name = '';
  const closeField = () => {
    if (field === undefined) return;
    if (field.keep ?? isBodyField(name)) {
      kept.push([field.start, field.end]);
      keptBytes += field.counted;
    } else droppedBytes += field.counted;
  };
  let at = 0;
  let blankLine = raw.length;
  while (at < raw.length) {
    const lf = raw.indexOf(LF, at);
    const next = lf < 0 ? raw.length : lf + 1;
    let end = lf < 0 ? raw.length : lf;
    while (end > at && raw[end - 1] === CR) end--;
    if (end === at) {
      blankLine = at;
      break;
    }
    const continues = field !== undefined && (raw[at] === 0x20 || raw[at] === 0x09);
    if (!continues) {
      closeField();
      field = { start: at, end: next, counted: 0, keep: undefined };
      name = '';
    }
    field!.end = next;
    field!.counted += end - at;
    // The name runs until the first ':' of the unfolded field; once it is known, later lines do not change it.
    if (field!.keep === undefined) {
      const colon = raw.subarray(at, end).indexOf(COLON);
      name = nameSoFar(name, raw, at, colon < 0 ? end : at + colon);
      if (colon >= 0) field!.keep = isBodyField(name);
    }
    at = next;
  }
  closeField();
  return { bodyFields: kept, blankLine, droppedBytes, keptBytes };
}

/** The message with only its top-level Content-* fields, then its empty line and body, for postal-mime to parse. */
export function withBodyFieldsOnly(raw: Uint8Array, scan: HeaderScan = scanHeaders(raw)): BodyFieldsMessage {
  let size = raw.length - scan.blankLine;
  for (const [start, end] of scan.bodyFields) size += end - start;
  const message = new Uint8Array(size);
  let to = 0;
  for (const [start, end] of scan.bodyFields) {
    message.set(raw.subarray(start, end), to);
    to += end - start;
  }
  message.set(raw.subarray(scan.blankLine), to);
  return { message: message.buffer, droppedBytes: scan.droppedBytes };
}

/** Whether postal-mime could read the body by this field: its name starts with "content-", in any case. */
function isBodyField(name: string): boolean {
  return name.toLowerCase() === CONTENT;
}

/**
 * The name's first CONTENT.length characters (all isBodyField needs), its leading spaces and tabs left out, with the
 * bytes [start, end) added as Latin-1: a non-ASCII byte matches no letter of "content-" in any case.
 */
function nameSoFar(name: string, bytes: Uint8Array, start: number, end: number): string {
  for (let i = start; i < end && name.length < CONTENT.length; i++) {
    if (name === '' && (bytes[i] === 0x20 || bytes[i] === 0x09)) continue;
    name += String.fromCharCode(bytes[i]);
  }
  return name;
}
