// simhash-wasm-corpus/html: the text of an HTML page, for fingerprinting the article rather than its boilerplate
// (the first pitfall of near-duplicate detection: pages of one site share most of their markup and navigation):
// the visible text (htmlToText, fast), the main content alone (htmlMainText, Readability), or the main content with
// a fallback to the visible text without the corpus's repeated lines (htmlCorpusMainText, htmlCorpusTexts).
export { htmlToText, type HtmlTextOptions } from './extract.js';
export { htmlMainText, type HtmlMainTextOptions } from './main-text.js';
export { looksLikeHtml } from './sniff.js';
export { htmlCorpusMainText, htmlCorpusTexts, type CorpusMainText, type MainTextChoice, type RepeatedLineSet } from './corpus-main-text.js';
export { lineKey, RepeatedLines } from './repeated-lines.js';
