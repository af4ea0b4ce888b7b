// simhash-wasm/html: the visible text of an HTML page, for fingerprinting the article rather than its boilerplate
// (the seed's first pitfall). Separate from the core entries, so they do not pull in an HTML parser.
export { htmlToText, type HtmlTextOptions } from './extract.js';
export { looksLikeHtml } from './sniff.js';
