// A page's main content, with a fallback for what Readability gets wrong: the page's visible text without the
// corpus's repeated lines. Readability is right on most pages (scripts/html-quality.ts measures it on its own test
// pages), but it can be wrong in two ways fingerprints cannot survive: it can return a caption or a teaser, far
// shorter than the article ("short"), and on pages of one template with a long footer full of commas it can take the
// footer for every page's article, so unrelated pages come out identical ("shared"; test/cli/html-template.test.ts).
// Rule (b) needs the corpus's line counts (repeated-lines.ts); rule (a) is per page, its share taken of the text
// without repeated lines where there are counts. Thresholds are stated below, in docs/api.md and in docs/cli.md.
import { describe } from 'simhash-wasm/internal';
import { assertAttached } from 'simhash-wasm/internal';
import { htmlToText } from './extract.js';
import { articleText, DEFAULT_MAX_ELEMENTS } from './main-text.js';
import { countWords, lineKey, RepeatedLines } from './repeated-lines.js';

/** Rule (a), short: the main content has fewer than this share of the fallback's words... */
export const SHORT_MAIN_SHARE = 0.25;
/** ...and fewer than this many words. */
export const SHORT_MAIN_WORDS = 50;
/** Rule (b), shared: more than this share of the main content's words are on the corpus's repeated lines... */
export const SHARED_MAIN_SHARE = 0.5;
/**
 * ...and the fallback has at least this many words. Without them the whole page is shared text (the same article
 * on several pages of a small corpus, say): the main content then stands, so copies stay exact copies.
 */
export const MIN_FALLBACK_WORDS = 20;

/**
 * What a page's text is: 'main' (Readability's article), 'none' (Readability found no article: the visible text
 * without repeated lines), 'short' (rule a) or 'shared' (rule b), the last three being the fallback.
 */
export type MainTextChoice = 'main' | 'none' | 'short' | 'shared';

export interface CorpusMainText {
  readonly text: string;
  readonly choice: MainTextChoice;
}

/** Repeated lines: a counter, or the keys of its `keys()` (what worker threads are given). */
export type RepeatedLineSet = RepeatedLines | ReadonlySet<number>;

/**
 * The text of a page: its main content, or the fallback (its visible text without `repeated` lines) when the main
 * content is implausibly short or mostly shared with many pages. Without `repeated` no line is repeated, so only
 * rule (a) applies, against the whole visible text.
 */
export function htmlCorpusMainText(html: string | Uint8Array, repeated?: RepeatedLineSet): CorpusMainText {
  if (typeof html !== 'string' && !(html instanceof Uint8Array)) throw new TypeError(`html must be a string or a Uint8Array, got ${describe(html)}`);
  if (typeof html !== 'string') assertAttached(html, 'html');
  if (repeated !== undefined && !(repeated instanceof RepeatedLines) && !(repeated instanceof Set)) throw new TypeError(`repeated must be a RepeatedLines or a Set of line keys, got ${describe(repeated)}`);
  return chooseText(typeof html === 'string' ? html : new TextDecoder().decode(html), repeated);
}

/** htmlCorpusMainText without the argument checks (the analysis calls it per document). */
export function chooseText(source: string, repeated: RepeatedLineSet | undefined): CorpusMainText {
  return decideText(articleText(source, DEFAULT_MAX_ELEMENTS), htmlToText(source), repeated);
}

/**
 * The rules alone, given Readability's article text (`main`, '' for none) and the page's visible text. The main
 * content loses the repeated lines it holds (a site's kicker, share tools or support box that Readability kept:
 * furniture differs between sites, so the same article in two templates would differ by it), unless fewer than
 * MIN_FALLBACK_WORDS words would be left (the page is all shared text: copies of one article in a small corpus stay
 * exact copies) or the page's repeated lines are mostly inside it (see keepsArticle). It is then the text, unless it
 * is short (rule a) or shared (rule b): then the fallback is.
 */
export function decideText(main: string, visible: string, repeated: RepeatedLineSet | undefined): CorpusMainText {
  const fallback = repeated === undefined ? visible : fallbackText(visible, repeated);
  if (main === '') return { text: fallback !== '' ? fallback : visible, choice: 'none' };
  const fallbackWords = countWords(fallback);
  const mainWords = countWords(main);
  const trimmed = repeated === undefined ? main : fallbackText(main, repeated);
  const trimmedWords = repeated === undefined ? mainWords : countWords(trimmed);
  const trim = trimmedWords >= MIN_FALLBACK_WORDS && !keepsArticle(mainWords - trimmedWords, countWords(visible) - fallbackWords);
  const [text, words] = trim ? [trimmed, trimmedWords] : [main, mainWords];
  if (words < SHORT_MAIN_WORDS && words < SHORT_MAIN_SHARE * fallbackWords) return { text: fallback, choice: 'short' };
  // Words on repeated lines: those the trimming took out.
  if (fallbackWords >= MIN_FALLBACK_WORDS && mainWords - trimmedWords > SHARED_MAIN_SHARE * mainWords) return { text: fallback, choice: 'shared' };
  return { text, choice: 'main' };
}

/**
 * Whether the main content's repeated lines are its article rather than furniture: more of the page's words on
 * repeated lines are inside the main content than outside it. A site's template is mostly what Readability leaves
 * out (navigation, headers, footers, sidebars), so what it keeps of one is the lesser part; a page whose repeated
 * lines are mostly its article is an article on other pages too (copies of one mail or story, a near-copy among
 * them with typos on some lines), and taking those lines out would leave a near-copy only its edits.
 * `inside`: the main content's words on repeated lines; `all`: the visible text's.
 */
function keepsArticle(inside: number, all: number): boolean {
  return inside > all - inside;
}

/**
 * Texts of a corpus held in memory, by the same rules, with the repeated lines counted over all of it first (two
 * passes: the line counts, then Readability). Results in input order.
 */
export function htmlCorpusTexts(pages: Iterable<string>): CorpusMainText[] {
  const list = Array.from(pages, (page, i) => {
    if (typeof page !== 'string') throw new TypeError(`pages[${i}] must be a string, got ${describe(page)}`);
    return page;
  });
  const repeated = new RepeatedLines();
  for (const page of list) repeated.addPage(page);
  return list.map((page) => chooseText(page, repeated));
}

/** The fallback: the visible text without its repeated lines (and without lines of no word); paragraph breaks kept. */
export function fallbackText(text: string, repeated: RepeatedLineSet): string {
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const key = lineKey(line);
    if (key < 0 ? line === '' && kept.length > 0 && kept[kept.length - 1] !== '' : !repeated.has(key)) kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  return kept.join('\n');
}
