// The two ways this package finds a page's text: its main content (Readability, about 10 MB/s, with the fallback of
// corpus-main-text.ts) or all of its visible text (htmlToText: about 100 MB/s). Named here so the layers that choose
// between them share the name.
import { chooseText } from './corpus-main-text.js';
import { htmlToText } from './extract.js';

export type HtmlExtractor = 'main' | 'text';

/**
 * `repeated`: the keys of the corpus's repeated lines (RepeatedLines.keys()), for the main content's rule (b) and its
 * fallback; without them only rule (a) applies, against the whole visible text.
 */
export function extractText(html: string, extractor: HtmlExtractor, repeated?: ReadonlySet<number>): string {
  return extractor === 'main' ? chooseText(html, repeated).text : htmlToText(html);
}
