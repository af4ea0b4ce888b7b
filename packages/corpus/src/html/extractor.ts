// The two ways this package finds a page's text: its main content (Readability, about 10 MB/s, with the fallback of
// corpus-main-text.ts) or all of its visible text (htmlToText: about 100 MB/s). Named here so the layers that choose
// between them share the name.
//
// Readability and linkedom take about 80 ms to import, in every worker and in the main thread: the main content is
// loaded when a run first needs it (extractorReady), so runs that read no page by its main content (--html text or
// off, mail and JSONL without HTML) never pay it. The public htmlMainText (html/index.ts) imports it as usual.
import type { chooseText as ChooseText } from './corpus-main-text.js';
import { htmlToText } from './extract.js';

export type HtmlExtractor = 'main' | 'text';

let chooseMainText: typeof ChooseText | undefined;

/**
 * Resolves once extractText(…, extractor) can run. Undefined when it can already (no page needs the main content,
 * or it is loaded), so a synchronous caller stays synchronous: see afterExtractorReady.
 */
export function extractorReady(extractor: HtmlExtractor | false | undefined): Promise<void> | undefined {
  if (extractor !== 'main' || chooseMainText !== undefined) return undefined;
  return import('./corpus-main-text.js').then((loaded) => {
    chooseMainText = loaded.chooseText;
  });
}

/** run() once extractText(…, extractor) can run: at once when it can already, else after the load. */
export function afterExtractorReady<T>(extractor: HtmlExtractor | false | undefined, run: () => T): T | Promise<T> {
  const ready = extractorReady(extractor);
  return ready === undefined ? run() : ready.then(run);
}

/**
 * `repeated`: the keys of the corpus's repeated lines (RepeatedLines.keys()), for the main content's rule (b) and its
 * fallback; without them only rule (a) applies, against the whole visible text. 'main' needs extractorReady first.
 */
export function extractText(html: string, extractor: HtmlExtractor, repeated?: ReadonlySet<number>): string {
  if (extractor === 'text') return htmlToText(html);
  if (chooseMainText === undefined) throw new Error("internal error: extractText(…, 'main') before extractorReady('main') resolved");
  return chooseMainText(html, repeated).text;
}

/** extractText, after waiting for the extractor to load where it has not yet (the first page by its main content). */
export async function extractTextWhenReady(html: string, extractor: HtmlExtractor, repeated?: ReadonlySet<number>): Promise<string> {
  await extractorReady(extractor);
  return extractText(html, extractor, repeated);
}
