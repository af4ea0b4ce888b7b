// simhash-wasm/html: the text of an HTML page, for fingerprinting the article rather than its boilerplate (the
// seed's first pitfall): the visible text (htmlToText, fast) or the main content alone (htmlMainText, Readability).
// Separate from the core entries, so they do not pull in an HTML parser.
export { htmlToText, type HtmlTextOptions } from './extract.js';
export { htmlMainText, type HtmlMainTextOptions } from './main-text.js';
export { looksLikeHtml } from './sniff.js';
