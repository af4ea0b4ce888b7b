// simhash-wasm-corpus/html: the text of an HTML page, for fingerprinting the article rather than its boilerplate
// (the first pitfall of near-duplicate detection: pages of one site share most of their markup and navigation):
// the visible text (htmlToText, fast) or the main content alone (htmlMainText, Readability).
export { htmlToText, type HtmlTextOptions } from './extract.js';
export { htmlMainText, type HtmlMainTextOptions } from './main-text.js';
export { looksLikeHtml } from './sniff.js';
