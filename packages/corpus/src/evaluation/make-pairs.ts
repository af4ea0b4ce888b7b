// Labelled pairs from any corpus, for users who have no labels: each document is paired with copies made by
// controlled edits (duplicates) and with other documents, alone or sharing a byline or footer (not duplicates).
import { Random } from './random.js';

export interface LabelledPair {
  readonly a: string;
  readonly b: string;
  readonly duplicate: boolean;
  /** How b was made from a: edit-N (N words replaced), byline, footer, shuffle; unrelated, shared-byline, shared-footer. */
  readonly kind: string;
  /** Where a (and b, for pairs of two documents) came from. */
  readonly source?: string;
}

export interface MakePairsOptions {
  /** Documents to draw (default 500; all when there are fewer). */
  readonly count?: number;
  readonly seed?: number;
  /** Words replaced in the edit-N copies (default 1, 2, 4, 8, 16). */
  readonly edits?: readonly number[];
  /** Documents with fewer words are not drawn (their distances are noise; default 20). */
  readonly minWords?: number;
}

export interface CorpusDocument {
  readonly text: string;
  readonly source?: string;
}

export const DEFAULT_EDITS = [1, 2, 4, 8, 16] as const;
const FIRST_NAMES = ['Ann', 'Bob', 'Chen', 'Dana', 'Eve', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jon', 'Kofi', 'Lena'];
const LAST_NAMES = ['Smith', 'Okafor', 'Novak', 'Garcia', 'Ito', 'Larsen', 'Moreau', 'Patel', 'Quinn', 'Rossi'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const WORD = /\S+/g;

export function makePairs(corpus: readonly CorpusDocument[], options: MakePairsOptions = {}): LabelledPair[] {
  const random = new Random(options.seed ?? 1);
  const minWords = options.minWords ?? 20;
  const edits = options.edits ?? DEFAULT_EDITS;
  const eligible = corpus.filter((d) => wordCount(d.text) >= minWords);
  if (eligible.length < 2) return [];
  const drawn = random.shuffle([...eligible]).slice(0, options.count ?? 500);
  const vocabulary = sampleVocabulary(drawn, random);
  const pairs: LabelledPair[] = [];
  for (const doc of drawn) {
    const { text, source } = doc;
    const pair = (b: string, duplicate: boolean, kind: string, other?: CorpusDocument) =>
      pairs.push({ a: text, b, duplicate, kind, ...(source === undefined ? {} : { source: other?.source ? `${source} + ${other.source}` : source }) });
    for (const n of edits) pair(replaceWords(text, n, vocabulary, random), true, `edit-${n}`);
    pair(`${byline(random)}\n\n${text}`, true, 'byline');
    pair(`${text}\n\n${footer(random)}`, true, 'footer');
    const shuffled = shuffleParagraphs(text, random);
    if (shuffled !== null) pair(shuffled, true, 'shuffle');
    let other = random.pick(drawn);
    while (other === doc) other = random.pick(drawn);
    pair(other.text, false, 'unrelated', other);
    // Boilerplate shared by different documents: shared boilerplate, near-duplicate detection's first pitfall, as negatives.
    const sharedByline = byline(random);
    pairs.push({ a: `${sharedByline}\n\n${text}`, b: `${sharedByline}\n\n${other.text}`, duplicate: false, kind: 'shared-byline', ...(source ? { source: `${source} + ${other.source}` } : {}) });
    const sharedFooter = footer(random);
    pairs.push({ a: `${text}\n\n${sharedFooter}`, b: `${other.text}\n\n${sharedFooter}`, duplicate: false, kind: 'shared-footer', ...(source ? { source: `${source} + ${other.source}` } : {}) });
  }
  return pairs;
}

function wordCount(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Replacement words come from the corpus itself, so edits look like its text. */
function sampleVocabulary(docs: readonly CorpusDocument[], random: Random): string[] {
  const words: string[] = [];
  for (let i = 0; i < 2000 && docs.length > 0; i++) {
    const all = random.pick(docs).text.match(WORD) ?? [];
    if (all.length > 0) words.push(random.pick(all));
  }
  return words.length > 0 ? words : ['word'];
}

/** Replaces n distinct whitespace-separated words (all of them if there are fewer) with corpus words. */
export function replaceWords(text: string, n: number, vocabulary: readonly string[], random: Random): string {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(WORD)) spans.push([m.index, m.index + m[0].length]);
  const chosen = random.shuffle(spans.map((_, i) => i)).slice(0, n).sort((x, y) => x - y);
  let out = '';
  let at = 0;
  for (const i of chosen) {
    const [start, end] = spans[i];
    let word = random.pick(vocabulary);
    if (word === text.slice(start, end)) word = `${word}x`;
    out += text.slice(at, start) + word;
    at = end;
  }
  return out + text.slice(at);
}

function byline(random: Random): string {
  return `By ${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}, ${1 + random.below(28)} ${random.pick(MONTHS)} ${2000 + random.below(25)}`;
}

function footer(random: Random): string {
  const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
  return `--\n${name}\nSent from my phone. To unsubscribe from this list, reply with "unsubscribe ${random.below(100000)}" in the subject line.`;
}

/** The paragraphs (blank-line separated) in another order; null if there is only one. */
export function shuffleParagraphs(text: string, random: Random): string | null {
  const paragraphs = text.split(/\n[ \t]*\n+/).filter((p) => p.trim() !== '');
  if (paragraphs.length < 2) return null;
  const order = paragraphs.map((_, i) => i);
  while (order.every((v, i) => v === i)) random.shuffle(order);
  return order.map((i) => paragraphs[i]).join('\n\n');
}
