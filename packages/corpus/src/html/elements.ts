// Which elements hold no visible article text, and which ones break text into blocks.

/** Never rendered as text, or not part of the document's own words (scripts, styles, forms' widgets, embeds). */
export const INVISIBLE = new Set([
  'head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'canvas', 'iframe', 'object', 'embed',
  'audio', 'video', 'picture', 'map', 'select', 'option', 'datalist', 'textarea', 'button', 'dialog',
]);

/** Site furniture around the article: navigation and sidebars, wherever they are. */
export const FURNITURE = new Set(['nav', 'aside', 'menu']);

/**
 * ARIA roles of site furniture. A `header` or `footer` outside any sectioning element has the role banner or
 * contentinfo implicitly (HTML-AAM), so those are dropped too; inside an article they are its own byline or notes.
 */
export const FURNITURE_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'search', 'menu', 'menubar']);

/** Elements inside which a header or footer belongs to the section, not to the page. */
export const SECTIONING = new Set(['article', 'main', 'section', 'aside', 'nav', 'blockquote', 'details', 'fieldset', 'figure', 'td']);

/** Elements whose start and end separate text, as a browser lays them out on their own lines. */
export const PARAGRAPH_BREAK = new Set([
  'p', 'div', 'section', 'article', 'main', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol',
  'dl', 'table', 'figure', 'figcaption', 'header', 'footer', 'address', 'hr', 'details', 'summary', 'fieldset',
  'form', 'body', 'html', 'center',
]);

export const LINE_BREAK = new Set(['br', 'li', 'dt', 'dd', 'tr', 'caption', 'legend', 'option', 'label']);

/** Cells of one row stay on one line, apart. */
export const WORD_BREAK = new Set(['td', 'th', 'img', 'input', 'wbr']);
