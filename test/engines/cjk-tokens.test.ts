// tokens: 'cjk-chars' beyond its golden values: the option and its version, the default left exactly as it was,
// weights keyed by text, idf, interleaved streams, and what one changed character does to a Chinese paragraph.
import { beforeAll, describe, expect, it } from 'vitest';
import { cjkOracleFeatures } from '../support/cjk-oracle.js';
import { chineseParagraph, JAPANESE_SENTENCES } from '../support/cjk-texts.js';
import { golden } from '../support/golden.js';
import { entries, initAll } from '../support/engines.js';
import { lcgUniform, randomCuts } from '../support/random.js';

beforeAll(initAll);

describe.each(entries)('%s entry', (_name, entry) => {
  it('names the tokenization in the version only when it is not the default', () => {
    const plain = entry.createSimHash();
    expect(plain.tokens).toBe('words');
    expect(plain.version).not.toContain('tokens');
    expect(entry.createSimHash({ tokens: 'words' }).version).toBe(plain.version);
    const cjk = entry.createSimHash({ tokens: 'cjk-chars', shingle: 2 });
    expect(cjk.tokens).toBe('cjk-chars');
    expect(cjk.version).toBe(`${entry.createSimHash({ shingle: 2 }).version};tokens=cjk-chars`);
  });

  it("tokens: 'words' is the default definition to the bit (the reference golden file's tf column)", () => {
    const hasher = entry.createSimHash({ tokens: 'words', shingle: 3 });
    const lines = golden.slice(0, 500);
    expect(Array.from(hasher.fingerprintMany(lines.map((line) => line.text)), (fp) => fp.toString(16).padStart(16, '0'))).toEqual(lines.map((line) => line.tf[2]));
  });

  it('cuts CJK text into characters and leaves the rest as words', () => {
    const text = '東京タワーは333メートル, Hello WORLD한국어';
    const hasher = entry.createSimHash({ tokens: 'cjk-chars', shingle: 1 });
    const want = ['東', '京', 'タ', 'ワ', 'ー', 'は', '333', 'メ', 'ー', 'ト', 'ル', 'hello', 'world', '한', '국', '어'].map((t) => entry.featureHash(t));
    expect(Array.from(hasher.features(text))).toEqual(want);
    expect(Array.from(entry.createSimHash({ shingle: 1 }).features(text))).toHaveLength(3); // 東京タワーは333メートル, hello, world한국어
  });

  it('refuses a tokenization it does not know, naming the option, and stays usable', () => {
    for (const bad of ['chars', 'CJK-CHARS', 1, null]) {
      expect(() => entry.createSimHash({ tokens: bad as never })).toThrow(TypeError);
      expect(() => entry.createSimHash({ tokens: bad as never })).toThrow(/options\.tokens must be 'words' or 'cjk-chars'/);
      expect(() => entry.createIdfWeights(['中文'], { tokens: bad as never })).toThrow(/options\.tokens/);
    }
    expect(entry.createSimHash({ tokens: 'cjk-chars' }).fingerprint('中文')).toBe(entry.createSimHash({ tokens: 'cjk-chars' }).fingerprint('中 文'));
  });

  it('weights keyed by text are tokenized as the hasher tokenizes', () => {
    const byText = entry.createSimHash({ tokens: 'cjk-chars', shingle: 2, weights: new Map([['公园', 9], ['東京', 0]]) });
    const byHash = entry.createSimHash({ tokens: 'cjk-chars', shingle: 2, weights: new Map([[entry.featureHash('公 园'), 9], [entry.featureHash('東 京'), 0]]) });
    const text = chineseParagraph(200) + JAPANESE_SENTENCES[0];
    expect(byText.fingerprint(text)).toBe(byHash.fingerprint(text));
    expect(byText.version).toBe(byHash.version);
    expect(byText.fingerprint(text)).not.toBe(entry.createSimHash({ tokens: 'cjk-chars', shingle: 2 }).fingerprint(text));
  });

  it('idf weights are counted over the tokenization asked for', () => {
    const corpus = [chineseParagraph(100, 0), chineseParagraph(100, 1), chineseParagraph(100, 2)];
    const { weights } = entry.createIdfWeights(corpus, { shingle: 1, tokens: 'cjk-chars', minDocumentFrequency: 1 });
    const chars = new Set(corpus.flatMap((text) => cjkOracleFeatures(text, 1)));
    expect(new Set(weights.keys())).toEqual(chars);
  });

  it('streams of both tokenizations, interleaved, each give their one-shot fingerprint', () => {
    const text = chineseParagraph(700);
    const hashers = [entry.createSimHash({ tokens: 'cjk-chars' }), entry.createSimHash(), entry.createSimHash({ tokens: 'cjk-chars', shingle: 5 })];
    const random = lcgUniform(11);
    const parts = randomCuts(text, random, 40);
    const streams = hashers.map((hasher) => hasher.stream());
    for (const part of parts) for (const stream of streams) stream.update(part);
    expect(streams.map((stream) => stream.digest())).toEqual(hashers.map((hasher) => hasher.fingerprint(text)));
  });
});

it('one changed character in a 300-character Chinese paragraph moves a few bits under cjk-chars, fewer than under words', () => {
  const [, entry] = entries[0];
  const paragraph = chineseParagraph(300).slice(0, 300);
  const random = lcgUniform(5);
  const moved = { words: 0, 'cjk-chars': 0 };
  const trials = 200;
  for (let t = 0; t < trials; t++) {
    let at = Math.floor(random() * paragraph.length);
    while (/[，。、]/.test(paragraph[at])) at = (at + 1) % paragraph.length;
    const edited = paragraph.slice(0, at) + (paragraph[at] === '的' ? '了' : '的') + paragraph.slice(at + 1);
    for (const tokens of ['words', 'cjk-chars'] as const) {
      const hasher = entry.createSimHash({ tokens });
      moved[tokens] += entry.hamming(hasher.fingerprint(paragraph), hasher.fingerprint(edited));
    }
  }
  // Under words each clause between two commas is one token, so an edit changes w shingles of a few dozen.
  expect(moved['cjk-chars'] / trials).toBeLessThan(6);
  expect(moved['cjk-chars']).toBeLessThan(moved.words / 2);
});
