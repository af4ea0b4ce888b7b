// The main content of an HTML page (the article, without navigation, comments, teaser lists and footers), found by
// Mozilla's Readability over linkedom's DOM, then made text by htmlToText: the same breaks and the same words as the
// fast extractor, so `main` and `text` differ only in what they keep. Where Readability finds no article, or fails
// (it has thrown on real mail bodies), the page's visible text is the answer instead: never nothing, never a throw.
import { Readability } from '@mozilla/readability';
import { DOMParser } from 'linkedom';
import { describe } from 'simhash-wasm/internal';
import { assertAttached } from 'simhash-wasm/internal';
import { htmlToText } from './extract.js';
import { wholeDocumentHtml } from './whole-document-html.js';

export interface HtmlMainTextOptions {
  /**
   * Pages with more elements than this skip Readability and get the visible text (Readability's work grows with the
   * page: a huge page would cost seconds). Default 20,000 elements; 0 = no limit.
   */
  maxElements?: number;
}

export const DEFAULT_MAX_ELEMENTS = 20_000;
/**
 * Readability's work grows with the square of the nesting depth (it walks each node's ancestors): 3,000 nested
 * divs took 93 s. Real pages nest a few dozen deep; deeper ones get the visible text.
 */
const MAX_DEPTH = 256;

/** The text of the page's main content; the visible text of the whole page where no main content is found. */
export function htmlMainText(html: string | Uint8Array, options: HtmlMainTextOptions = {}): string {
  if (typeof html !== 'string' && !(html instanceof Uint8Array)) throw new TypeError(`html must be a string or a Uint8Array, got ${describe(html)}`);
  if (typeof html !== 'string') assertAttached(html, 'html');
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS;
  if (!Number.isSafeInteger(maxElements) || maxElements < 0) throw new RangeError(`options.maxElements must be an integer ≥ 0, got ${describe(maxElements)}`);
  const source = typeof html === 'string' ? html : new TextDecoder().decode(html);
  const text = articleText(source, maxElements);
  return text !== '' ? text : htmlToText(source);
}

/** The text of the article Readability finds in `source`; '' when it finds none or fails (arguments not checked). */
export function articleText(source: string, maxElements = DEFAULT_MAX_ELEMENTS): string {
  const article = mainContentHtml(source, maxElements);
  // The fast extractor's rules apply inside the article too, so main keeps no furniture that text drops.
  return article === undefined ? '' : htmlToText(article);
}

/** The HTML of the article Readability finds, or undefined when it finds none or fails. */
function mainContentHtml(source: string, maxElements: number): string | undefined {
  try {
    const document = new DOMParser().parseFromString(wholeDocumentHtml(source), 'text/html');
    // linkedom builds no implied elements: without a real <html> and <body> Readability would read the wrong tree.
    if (document.documentElement?.localName !== 'html' || document.body === null) return undefined;
    // Checked here: Readability's own maxElemsToParse counts getElementsByTagName('*'), which linkedom leaves empty.
    if (exceeds(document.documentElement as unknown as Element, maxElements === 0 ? Infinity : maxElements, MAX_DEPTH)) return undefined;
    // JSON-LD only gives metadata (title, byline), which the text does not use.
    const reader = new Readability(document as unknown as Document, { disableJSONLD: true });
    return reader.parse()?.content ?? undefined;
  } catch {
    // Readability or the DOM gave up on this page (a throw, or too many elements): its visible text stands in.
    return undefined;
  }
}

/** Whether the tree under `root` has more than `maxElements` elements, or any deeper than `maxDepth` (no recursion). */
function exceeds(root: Element, maxElements: number, maxDepth: number): boolean {
  const stack: [Element, number][] = [[root, 0]];
  let elements = 0;
  while (stack.length > 0) {
    const [element, depth] = stack.pop()!;
    if (++elements > maxElements || depth > maxDepth) return true;
    for (const child of Array.from(element.children)) stack.push([child, depth + 1]);
  }
  return false;
}
