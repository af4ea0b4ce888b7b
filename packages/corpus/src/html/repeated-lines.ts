// The lines many pages of a corpus share: a site's template (navigation written as plain divs, cookie banners,
// newsletter boxes, footers), which htmlToText keeps when the markup does not say it is furniture. Counted per page
// (a line twice on one page counts once), by a hash of the line's tokens, in a table of bounded size, so a corpus of
// any length is counted in fixed memory. What counts as repeated is stated in the constants below and in
// docs/api.md (the html entry).
import { describe } from 'simhash-wasm/internal';
import { htmlToText } from './extract.js';

/** A line is repeated when it is on at least this many pages... */
export const REPEATED_MIN_PAGES = 3;
/** ...and on at least this share of the pages counted (a site's template is on most of its pages; an article on few). */
export const REPEATED_SHARE = 0.01;
/**
 * Distinct lines the table holds (about 5 MB). Beyond it the table is thinned Misra-Gries fashion (every count
 * lowered by one, those at zero dropped, until half the room is free): a count is then low by at most
 * (lines counted) / (capacity / 2), so a line on more than 0.3% of pages of 100 lines each is never lost.
 */
export const LINE_TABLE_CAPACITY = 65_536;

const TOKEN = /[\p{L}\p{N}]+/gu;

/** The number of tokens (lowercased alphanumeric runs, the fingerprint's words) in `text`. */
export function countWords(text: string): number {
  let n = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.exec(text) !== null) n++;
  return n;
}

/**
 * A 53-bit key per line: two 32-bit multiplicative hashes of the line's tokens, lowercased and joined by one space,
 * so a line differing only in case, spacing or punctuation has the same key. Lines without tokens get -1.
 */
export function lineKey(line: string): number {
  const tokens = line.toLowerCase().match(TOKEN);
  if (tokens === null) return -1;
  const s = tokens.join(' ');
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return (h1 >>> 0) * 0x200000 + (h2 >>> 11);
}

/** The keys of a text's lines that hold a token, in order. */
export function lineKeys(text: string): number[] {
  const keys: number[] = [];
  for (const line of text.split('\n')) {
    const key = lineKey(line);
    if (key >= 0) keys.push(key);
  }
  return keys;
}

/** How many pages a line must be on to be repeated, after `pages` pages. */
export function repeatedThreshold(pages: number): number {
  return Math.max(REPEATED_MIN_PAGES, Math.ceil(REPEATED_SHARE * pages));
}

/**
 * Per-page line counts of a corpus, read a page at a time. `keys()` is the set of repeated lines so far: a snapshot
 * small enough to hand to worker threads with every batch (a line on 1% of pages is at most 100 lines per page of
 * text, so the set is at most 100 times a page's lines).
 */
export class RepeatedLines {
  readonly #capacity: number;
  readonly #counts = new Map<number, number>();
  readonly #repeated = new Set<number>();
  #pages = 0;
  #threshold = REPEATED_MIN_PAGES;

  constructor(options: { capacity?: number } = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
    const capacity = options.capacity ?? LINE_TABLE_CAPACITY;
    if (!Number.isSafeInteger(capacity) || capacity < 2) throw new RangeError(`options.capacity must be an integer ≥ 2, got ${describe(capacity)}`);
    this.#capacity = capacity;
  }

  /** Pages counted. */
  get pages(): number {
    return this.#pages;
  }

  /** Distinct lines held in the table (at most the capacity). */
  get size(): number {
    return this.#counts.size;
  }

  /** Counts a page's lines: its text with furniture kept, since Readability can take furniture for the article. */
  addPage(html: string): void {
    if (typeof html !== 'string') throw new TypeError(`html must be a string, got ${describe(html)}`);
    this.addLineKeys(lineKeys(htmlToText(html, { keepBoilerplate: true })));
  }

  /** Counts one page given by its lines' keys (lineKeys of its text). */
  addLineKeys(keys: Iterable<number>): void {
    this.#pages++;
    const threshold = repeatedThreshold(this.#pages);
    if (threshold !== this.#threshold) {
      this.#threshold = threshold;
      this.#refilter();
    }
    for (const key of new Set(keys)) {
      const count = (this.#counts.get(key) ?? 0) + 1;
      if (count === 1 && this.#counts.size >= this.#capacity) this.#thin();
      this.#counts.set(key, count);
      if (count >= threshold) this.#repeated.add(key);
    }
  }

  /** Whether the line with this key is repeated, by the counts so far. */
  has(key: number): boolean {
    return this.#repeated.has(key);
  }

  /** The repeated lines' keys so far. */
  keys(): Float64Array {
    return Float64Array.from(this.#repeated);
  }

  /** Misra-Gries: lower every count by one until half the table is free (amortised: a count falls once per rise). */
  #thin(): void {
    while (this.#counts.size > this.#capacity >> 1) {
      for (const [key, count] of this.#counts) {
        if (count <= 1) this.#counts.delete(key);
        else this.#counts.set(key, count - 1);
      }
    }
    this.#refilter();
  }

  #refilter(): void {
    for (const key of this.#repeated) if ((this.#counts.get(key) ?? 0) < this.#threshold) this.#repeated.delete(key);
  }
}
