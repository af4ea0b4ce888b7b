// The two ways this package finds a page's text: its main content (htmlMainText: Readability, about 10 MB/s) or all
// of its visible text (htmlToText: about 100 MB/s). Named here so the layers that choose between them share the name.
import { htmlToText } from './extract.js';
import { htmlMainText } from './main-text.js';

export type HtmlExtractor = 'main' | 'text';

export function extractText(html: string, extractor: HtmlExtractor): string {
  return extractor === 'main' ? htmlMainText(html) : htmlToText(html);
}
