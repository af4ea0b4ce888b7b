// The held-out set's edits (bench/quality/families.ts): each makes the change a copy may carry, by the
// amount the set promises, and the cleaning of a message keeps its own words only. The whole set is built from the
// SpamAssassin corpus by bench/quality/run.ts; these check the parts on texts made here.
import { describe, expect, it } from 'vitest';
import { applyEdit, ownText, paragraphs, type EditContext } from '../../bench/quality/families.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';

const WORDS = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
// 4 paragraphs of 100 distinct words each: w0 ... w399.
const PARAGRAPHS = Array.from({ length: 4 }, (_, p) => Array.from({ length: 100 }, (_, i) => `w${p * 100 + i}`).join(' '));
const TEXT = PARAGRAPHS.join('\n\n');

function context(seed: number): EditContext {
  return { random: new Random(seed), vocabulary: ['zzreplaced'], otherParagraph: () => 'another document paragraph here' };
}

/** Positions where the two word lists differ (same length). */
function changed(a: string[], b: string[]): number {
  expect(b.length).toBe(a.length);
  return a.filter((w, i) => w !== b[i]).length;
}

describe('the edits of a copy', () => {
  it('replaces 1% to 6% of the words with words of the vocabulary', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const words = WORDS(applyEdit(TEXT, 'replace', context(seed)));
      const n = changed(WORDS(TEXT), words);
      expect(n).toBeGreaterThanOrEqual(4);
      expect(n).toBeLessThanOrEqual(24);
      expect(words.filter((w) => w === 'zzreplaced').length).toBe(n);
    }
  });

  it('mistypes 2% to 4% of the words, each by one letter', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const out = WORDS(applyEdit(TEXT, 'typos', context(seed)));
      const before = WORDS(TEXT);
      const n = changed(before, out);
      expect(n).toBeGreaterThanOrEqual(6); // a typo can leave a word as it was (a letter swapped with its twin)
      expect(n).toBeLessThanOrEqual(16);
      out.forEach((w, i) => expect(Math.abs(w.length - before[i].length)).toBeLessThanOrEqual(1));
    }
  });

  it('swaps two paragraphs and keeps every one', () => {
    const out = paragraphs(applyEdit(TEXT, 'swap', context(3)));
    expect([...out].sort()).toEqual([...PARAGRAPHS].sort());
    expect(out.filter((p, i) => p !== PARAGRAPHS[i]).length).toBe(2);
  });

  it('cuts the end, keeping 75% to 95% of the words', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const out = WORDS(applyEdit(TEXT, 'truncate', context(seed)));
      expect(out.length).toBeGreaterThanOrEqual(300);
      expect(out.length).toBeLessThanOrEqual(380);
      expect(out).toEqual(WORDS(TEXT).slice(0, out.length));
    }
  });

  it('adds a byline before and a trailer after, from the shared pool', () => {
    const a = paragraphs(applyEdit(TEXT, 'byline-trailer', context(1)));
    expect(a.slice(1, -1)).toEqual(PARAGRAPHS);
    expect(WORDS(a[0]).length).toBeGreaterThan(3);
    expect(WORDS(a.at(-1)!).length).toBeGreaterThan(3);
  });

  it("appends a paragraph of another document", () => {
    expect(paragraphs(applyEdit(TEXT, 'append', context(1)))).toEqual([...PARAGRAPHS, 'another document paragraph here']);
  });

  it('cuts a paragraph longer than the text to the text\'s own number of words: the copy stays more its original', () => {
    const long = Array.from({ length: 1000 }, (_, i) => `other${i}`).join(' ');
    const out = paragraphs(applyEdit(TEXT, 'append', { ...context(1), otherParagraph: () => long }));
    expect(out.slice(0, -1)).toEqual(PARAGRAPHS);
    expect(out.at(-1)).toBe(long.split(' ').slice(0, 400).join(' '));
  });
});

describe('a message cleaned to its own words', () => {
  it('drops quoted lines, the "wrote:" line, and everything from the signature or the list footer on', () => {
    const body = [
      'On Monday, Ann wrote:',
      '> the quoted question',
      '| another quoting style',
      '',
      'My answer, in my own words.',
      '',
      'A second paragraph.',
      '-- ',
      'Bob, signature',
      '_______________________________________________',
      'List mailing list',
    ].join('\n');
    expect(ownText(body)).toBe('My answer, in my own words.\n\nA second paragraph.');
    expect(ownText('Text\n_______________________________________________\nList footer')).toBe('Text');
  });
});
