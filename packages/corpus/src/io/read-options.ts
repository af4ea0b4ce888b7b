// How inputs become documents: the options every command that reads documents shares (--jsonl, --html, --mail, ...).
import type { HtmlExtractor } from '../html/extractor.js';

/**
 * Which inputs are HTML, and how their text is found. 'auto': those named or sniffed as HTML, by their main content
 * (Readability) with the fallback of html/corpus-main-text.ts (the visible text without the corpus's repeated lines
 * where the main content is implausibly short or shared by many pages: on pages of one template whose footer is long
 * and full of commas, Readability took the footer for the article, test/cli/html-template); 'main': every input so;
 * 'auto-text': those named or sniffed as HTML, by all their visible text (the default before); 'text' (and 'on', its
 * older name): every input so; 'off': none.
 */
export type HtmlMode = 'auto' | 'auto-text' | 'main' | 'text' | 'on' | 'off';
export function htmlExtractor(mode: HtmlMode): HtmlExtractor {
  return mode === 'main' || mode === 'auto' ? 'main' : 'text';
}
export type InvalidUtf8Mode = 'skip' | 'replace';

export interface DocumentOptions {
  /**
   * true: every input is JSONL; false: none is; undefined (the default): files named *.jsonl or *.ndjson (also
   * compressed, *.jsonl.gz) are, and so is stdin when its first non-blank byte is "{".
   */
  readonly jsonl?: boolean;
  /** Inputs that are not JSONL are e-mail messages: fingerprint the body only. */
  readonly mail: boolean;
  readonly html: HtmlMode;
  readonly invalidUtf8: InvalidUtf8Mode;
  /** Where a JSONL record's text is: a dotted path (default "text"). */
  readonly textField?: string;
  /** Where a JSONL record's id is: a dotted path (default "id"); a record without one is named `<file>:<line>`. */
  readonly idField?: string;
  /**
   * Where a record's number to keep by is (dedupe --keep-max/--keep-min): a dotted path into a JSONL record or a
   * table row. A record without a number there is still a document, flagged (a 'flagged' event after it).
   */
  readonly keepField?: string;
}
