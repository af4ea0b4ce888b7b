// How inputs become documents: the options every command that reads documents shares (--jsonl, --html, --mail, ...).
import type { HtmlExtractor } from '../html/extractor.js';

/**
 * Which inputs are HTML, and how their text is found. 'auto': those named or sniffed as HTML, by all their visible
 * text; 'text' (and 'on', its older name): every input so; 'main': every input, by its main content (htmlMainText:
 * Readability); 'off': none. Main content is opt-in: on pages of one template whose footer is long and full of
 * commas, Readability took the footer for the article and every page came out the same (test/cli/html-template).
 */
export type HtmlMode = 'auto' | 'main' | 'text' | 'on' | 'off';
export function htmlExtractor(mode: HtmlMode): HtmlExtractor {
  return mode === 'main' ? 'main' : 'text';
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
}
