// A page rewritten as one complete <html><head>…</head><body>…</body></html>, for linkedom. A browser's parser adds
// the html, head and body elements a page leaves out (HTML's "implied" tags); linkedom does not: given `<p>text</p>`
// it makes the <p> the document element, and given plain text it builds no document element at all. Readability
// needs a real body to search, so the page's head and body are found here and put back in one fixed frame.
// Each search is one forward scan (no backtracking pattern), so no page makes this slower than linear.

const HEAD_START = /<head[\s>]/gi;
const HEAD_END = /<\/head\s*>|<body[\s>]/gi;
const BODY_START = /<body[\s>]/gi;
/** The frame's own tags, where they stand in the body's part of the page: the doctype, html and the body's end. */
const FRAME_TAGS = /<!doctype[^<>]*>|<\/?html(?:\s[^<>]*)?>|<\/body\s*>/gi;

export function wholeDocumentHtml(source: string): string {
  let head = '';
  let bodyFrom = 0;
  const headStart = find(HEAD_START, source, 0);
  const bodyStart = find(BODY_START, source, 0);
  if (headStart >= 0 && (bodyStart < 0 || headStart < bodyStart)) {
    const headOpenEnd = tagEnd(source, headStart);
    const headEnd = find(HEAD_END, source, headOpenEnd);
    head = source.slice(headOpenEnd, headEnd < 0 ? source.length : headEnd);
    bodyFrom = headEnd < 0 ? source.length : source[headEnd + 1] === '/' ? tagEnd(source, headEnd) : headEnd;
  }
  // Without a <body> tag, everything after the head (or all of it) is the body, as a browser reads it; content after
  // </body> belongs to the body too (a browser moves it there).
  if (bodyStart >= bodyFrom) bodyFrom = tagEnd(source, bodyStart);
  const body = source.slice(bodyFrom).replace(FRAME_TAGS, '');
  return `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`;
}

/** Where `pattern` first matches at or after `from`, or -1. */
function find(pattern: RegExp, source: string, from: number): number {
  pattern.lastIndex = from;
  const match = pattern.exec(source);
  return match === null ? -1 : match.index;
}

/** Just past the `>` of the tag starting at `start` (the end of the source if it has none). */
function tagEnd(source: string, start: number): number {
  const close = source.indexOf('>', start);
  return close < 0 ? source.length : close + 1;
}
