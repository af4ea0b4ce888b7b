// The two ways this package finds a page's text: its main content (Readability, about 10 MB/s, with the fallback of
// corpus-main-text.ts) or all of its visible text (htmlToText: about 100 MB/s). Named here so the layers that choose
// between them share the name.
//
// Each is loaded when a run first needs it (extractorReady), in every worker and in the main thread, so runs that
// read no HTML (JSONL of plain text, mail without HTML parts) never pay for it: Readability and linkedom take about
// 80 ms to import; htmlparser2 and its DOM packages (htmlToText's, 25 modules) took 10 ms of every start of the
// command line, and a worker loads them only for its first page. The public htmlToText and htmlMainText
// (html/index.ts) import them as usual.
import type { chooseText as ChooseText } from './corpus-main-text.js';
import type { htmlToText as HtmlToText } from './extract.js';

export type HtmlExtractor = 'main' | 'text';

let chooseMainText: typeof ChooseText | undefined;
let visibleText: typeof HtmlToText | undefined;

/**
 * Resolves once extractText(…, extractor) can run. Undefined when it can already (no page needs an extractor, or
 * it is loaded), so a synchronous caller stays synchronous: see afterExtractorReady.
 */
export function extractorReady(extractor: HtmlExtractor | false | undefined): Promise<void> | undefined {
  if (extractor === 'text') return visibleText === undefined ? loadVisibleText() : undefined;
  if (extractor !== 'main' || chooseMainText !== undefined) return undefined;
  return Promise.all([import('./corpus-main-text.js'), loadVisibleText()]).then(([loaded]) => {
    chooseMainText = loaded.chooseText;
  });
}

function loadVisibleText(): Promise<void> {
  return import('./extract.js').then((loaded) => {
    visibleText = loaded.htmlToText;
  });
}

/** The extractor that inputs of these kinds need loaded (the main content's load brings the visible text too). */
export function extractorNeeded(kinds: Iterable<HtmlExtractor | false>): HtmlExtractor | false {
  let needed: HtmlExtractor | false = false;
  for (const kind of kinds) {
    if (kind === 'main') return 'main';
    if (kind === 'text') needed = 'text';
  }
  return needed;
}

/** run() once extractText(…, extractor) can run: at once when it can already, else after the load. */
export function afterExtractorReady<T>(extractor: HtmlExtractor | false | undefined, run: () => T): T | Promise<T> {
  const ready = extractorReady(extractor);
  return ready === undefined ? run() : ready.then(run);
}

/**
 * `repeated`: the keys of the corpus's repeated lines (RepeatedLines.keys()), for the main content's rule (b) and its
 * fallback; without them only rule (a) applies, against the whole visible text. Either needs extractorReady first.
 */
export function extractText(html: string, extractor: HtmlExtractor, repeated?: ReadonlySet<number>): string {
  if (extractor === 'text') {
    if (visibleText === undefined) throw new Error("internal error: extractText(…, 'text') before extractorReady('text') resolved");
    return visibleText(html);
  }
  if (chooseMainText === undefined) throw new Error("internal error: extractText(…, 'main') before extractorReady('main') resolved");
  return chooseMainText(html, repeated).text;
}

/** extractText, after waiting for the extractor to load where it has not yet (the first page by its main content). */
export async function extractTextWhenReady(html: string, extractor: HtmlExtractor, repeated?: ReadonlySet<number>): Promise<string> {
  await extractorReady(extractor);
  return extractText(html, extractor, repeated);
}
