// deserialize() demands the exact pipeline version by default: an index of another shingle width or weights no
// longer loads silently into a default setup. `{ pipelineVersion }` names the one expected,
// `{ acceptAnyPipelineVersion: true }` opts out.
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';
import { XorShift32 } from '../support/random.js';

beforeAll(initAll);

const DOCS = ['the quick brown fox jumps over the lazy dog', 'the quick brown fox jumped over the lazy dog', 'a completely different sentence about indexes'];

describe.each(entries)('SimHashIndex pipeline version, %s entry', (_, entry) => {
  const { SimHashIndex, createSimHash } = entry;

  function indexOf(hasher: ReturnType<typeof createSimHash>, withVersion = true) {
    const index = new SimHashIndex(withVersion ? { pipelineVersion: hasher.version } : {});
    index.addMany(hasher.fingerprintMany(DOCS));
    const rng = new XorShift32(4);
    index.addMany(BigUint64Array.from({ length: 50 }, () => rng.fp()));
    return index;
  }

  it('an index records the default hasher version unless told another', () => {
    const plain = createSimHash();
    expect(new SimHashIndex().pipelineVersion).toBe(plain.version);
    expect(createSimHash({ engine: 'pure' }).version).toBe(plain.version);
    const bytes = indexOf(plain, false).serialize();
    expect(SimHashIndex.deserialize(bytes).pipelineVersion).toBe(plain.version);
    expect(SimHashIndex.deserialize(bytes, { pipelineVersion: plain.version }).size).toBe(53);
  });

  it('a w = 2 index is refused by default, with what was recorded, what was expected and how to opt out', () => {
    const w2 = createSimHash({ shingle: 2 });
    const bytes = indexOf(w2).serialize();
    let error: unknown;
    try {
      SimHashIndex.deserialize(bytes);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RangeError);
    const message = (error as Error).message;
    expect(message).toContain(`pipeline version "${w2.version}"`);
    expect(message).toContain(`expected "${createSimHash().version}"`);
    expect(message).toContain('{ pipelineVersion: hasher.version }');
    expect(message).toContain('{ acceptAnyPipelineVersion: true }');
    // Nor does it load as an index of the default hasher's version named explicitly.
    expect(() => SimHashIndex.deserialize(bytes, { pipelineVersion: createSimHash().version })).toThrow(RangeError);
  });

  it('a w = 2 index loads with the w = 2 hasher version, and answers its queries', () => {
    const w2 = createSimHash({ shingle: 2 });
    const original = indexOf(w2);
    const copy = SimHashIndex.deserialize(original.serialize(), { pipelineVersion: w2.version });
    expect(copy.pipelineVersion).toBe(w2.version);
    expect(copy.size).toBe(original.size);
    for (const text of [...DOCS, 'the quick brown fox jumps over a lazy dog']) {
      const query = w2.fingerprint(text);
      expect(copy.query(query)).toEqual(original.query(query));
    }
    expect(copy.query(w2.fingerprint(DOCS[0]))[0]).toEqual({ id: 0, distance: 0 });
  });

  it('a w = 2 index loads with the opt-out, and keeps its version', () => {
    const w2 = createSimHash({ shingle: 2 });
    const copy = SimHashIndex.deserialize(indexOf(w2).serialize(), { acceptAnyPipelineVersion: true });
    expect(copy.pipelineVersion).toBe(w2.version);
    expect(copy.size).toBe(53);
    expect(SimHashIndex.deserialize(indexOf(w2).serialize(), { acceptAnyPipelineVersion: false, pipelineVersion: w2.version }).size).toBe(53);
  });

  it('other weights are refused by default too, and so is a bare PIPELINE_VERSION (not saying w or weights)', () => {
    const weighted = createSimHash({ weights: new Map([['quick brown fox', 5]]) });
    expect(() => SimHashIndex.deserialize(indexOf(weighted).serialize())).toThrow(/pipeline version ".*;w=3;weights=table-/);
    const bare = new SimHashIndex({ pipelineVersion: entry.PIPELINE_VERSION }).serialize();
    expect(() => SimHashIndex.deserialize(bare)).toThrow(RangeError);
    expect(SimHashIndex.deserialize(bare, { pipelineVersion: entry.PIPELINE_VERSION }).pipelineVersion).toBe(entry.PIPELINE_VERSION);
  });

  it('names a bad option', () => {
    const bytes = new SimHashIndex().serialize();
    expect(() => SimHashIndex.deserialize(bytes, { acceptAnyPipelineVersion: 'yes' as unknown as boolean })).toThrow(/^options\.acceptAnyPipelineVersion must be a boolean/);
    expect(() => SimHashIndex.deserialize(bytes, { pipelineVersion: '' })).toThrow(TypeError);
  });
});
