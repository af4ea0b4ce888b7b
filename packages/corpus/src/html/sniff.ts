// Whether a document is HTML: by its file name, else by its first bytes, as the WHATWG MIME Sniffing standard
// identifies an unknown type as text/html (§7.1, "rules for identifying an unknown MIME type").
import { describe } from 'simhash-wasm/internal';

const HTML_EXTENSIONS = /\.(?:html?|xhtml|shtml)$/i;

/** The standard's HTML patterns: after whitespace, one of these tags, then a space or `>` (or `!--` then anything). */
const SNIFF = /^[\t\n\f\r ]*(?:<!--|<(?:!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p)[ >])/i;

/** The standard looks at the first 1,445 bytes; a BOM before the markup is allowed. */
const SNIFF_LENGTH = 1445;

/** True for a name ending .html/.htm/.xhtml/.shtml, or a text whose start sniffs as HTML. */
export function looksLikeHtml(text: string, fileName?: string): boolean {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${describe(text)}`);
  if (fileName !== undefined && typeof fileName !== 'string') throw new TypeError(`fileName must be a string, got ${describe(fileName)}`);
  if (fileName !== undefined && HTML_EXTENSIONS.test(fileName)) return true;
  const start = text.charCodeAt(0) === 0xfeff ? text.slice(1, SNIFF_LENGTH + 1) : text.slice(0, SNIFF_LENGTH);
  return SNIFF.test(start);
}
