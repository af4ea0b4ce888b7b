// How inputs become documents: the options every command that reads documents shares (--jsonl, --html, --mail, ...).

export type HtmlMode = 'auto' | 'on' | 'off';
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
