// Whether a document is HTML: by its file name, else by its first bytes, as the WHATWG MIME Sniffing standard
// identifies an unknown type as text/html (§7.1, "rules for identifying an unknown MIME type"), or by the frame of a
// page with a line of text before it.
import { describe } from 'simhash-wasm/internal';

const HTML_EXTENSIONS = /\.(?:html?|xhtml|shtml)$/i;

/** The standard's HTML patterns: after whitespace, one of these tags, then a space or `>` (or `!--` then anything). */
const SNIFF = /^[\t\n\f\r ]*(?:<!--|<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p)[ >])/i;

/** The standard looks at the first 1,445 bytes; a BOM before the markup is allowed. */
const SNIFF_LENGTH = 1445;

/**
 * A page's frame: a start tag of `html`, `head` or `body` within the sniffed start, closed by `</body>` or `</html>`
 * after it. The standard wants markup first, but pages come with a line before them (a byline, a greeting, a mail
 * gateway's notice: SpamAssassin's bodies have all three); prose that shows a tag or two, or quotes the top of a
 * page, has no such frame. jsonl-scanned.ts hands every text holding a `</body` or `</html` to this check.
 */
const FRAME_START = /<(?:html|head|body)[\t\n\f\r />]/i;
const FRAME_END = /<\/(?:body|html)[\t\n\f\r ]*>/i;

/** True for a name ending .html/.htm/.xhtml/.shtml, or a text whose start sniffs as HTML or that is a page's frame. */
export function looksLikeHtml(text: string, fileName?: string): boolean {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${describe(text)}`);
  if (fileName !== undefined && typeof fileName !== 'string') throw new TypeError(`fileName must be a string, got ${describe(fileName)}`);
  if (fileName !== undefined && HTML_EXTENSIONS.test(fileName)) return true;
  const at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const start = text.slice(at, at + SNIFF_LENGTH);
  if (SNIFF.test(start)) return true;
  const frame = FRAME_START.exec(start);
  return frame !== null && FRAME_END.test(text.slice(at + frame.index + frame[0].length));
}
