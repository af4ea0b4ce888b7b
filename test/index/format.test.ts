// The serialized index (docs/file-formats.md): round trips with and without names, and every foreign, truncated or
// altered buffer refused with a clear error.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checksum64 } from '../../packages/simhash-wasm/src/block-index/file/checksum.js';
import { encodeIndex } from '../../packages/simhash-wasm/src/block-index/file/serialize.js';
import { PIPELINE_VERSION } from '../../packages/simhash-wasm/src/core/options.js';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { wrapWithSketches } from '../../packages/corpus/src/cli/index-sketches.js';
import { makeData } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/index-files/${name}`, import.meta.url));

/** The ids of sample()'s index (all below 1,000). */
const idsOf = (index: SimHashIndex) => Array.from({ length: 1000 }, (_, id) => id).filter((id) => index.has(id));

function sample(options: ConstructorParameters<typeof SimHashIndex>[0] = { maxDistance: 3 }, n = 40): SimHashIndex {
  const rng = new XorShift32(7);
  const index = new SimHashIndex(options);
  const data = makeData(rng, 'clustered', n, options?.maxDistance ?? 3);
  data.forEach((fp, i) => index.add(fp, i % 2 === 0 ? 10 * i : undefined));
  index.remove(10 * 4);
  return index;
}

describe('SimHashIndex serialize / deserialize', () => {
  it('keeps k, layout, pipeline version, ids, fingerprints and the next automatic id', () => {
    const index = sample({ maxDistance: 5, layout: { blocks: 7 }, pipelineVersion: `${PIPELINE_VERSION};w=2;weights=tf` });
    const copy = SimHashIndex.deserialize(index.serialize(), { pipelineVersion: `${PIPELINE_VERSION};w=2;weights=tf` });
    expect(copy.maxDistance).toBe(5);
    expect(copy.layout).toEqual(index.layout);
    expect(copy.layout.blocks).toBe(7);
    expect(copy.pipelineVersion).toBe(`${PIPELINE_VERSION};w=2;weights=tf`);
    expect(copy.size).toBe(index.size);
    expect(copy.has(40)).toBe(false);
    for (let id = 0; id < 400; id++) expect(copy.get(id)).toBe(index.get(id));
    expect(copy.add(0n)).toBe(index.add(0n));
  });

  it('round-trips an empty index', () => {
    const copy = SimHashIndex.deserialize(new SimHashIndex({ maxDistance: 0 }).serialize());
    expect(copy.size).toBe(0);
    expect(copy.maxDistance).toBe(0);
    expect(copy.query(5n)).toEqual([]);
  });

  it('reads a buffer at any byte offset (an unaligned view)', () => {
    const bytes = sample().serialize();
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    const copy = SimHashIndex.deserialize(padded.subarray(1, 1 + bytes.length));
    expect(copy.size).toBe(sample().size);
  });

  it('reads an unaligned Node Buffer (whose slice() is a view, not a copy)', () => {
    const bytes = sample().serialize();
    const padded = Buffer.alloc(bytes.length + 3);
    padded.set(bytes, 1);
    const copy = SimHashIndex.deserialize(padded.subarray(1, 1 + bytes.length));
    expect(copy.size).toBe(sample().size);
  });

  it('refuses every truncation', () => {
    const bytes = sample().serialize();
    for (let length = 0; length < bytes.length; length++) {
      expect(() => SimHashIndex.deserialize(bytes.slice(0, length)), `length ${length}`).toThrow(RangeError);
    }
    expect(() => SimHashIndex.deserialize(bytes.slice(0, bytes.length - 1))).toThrow(/truncated/);
  });

  it('refuses every single-byte alteration', () => {
    const bytes = sample().serialize();
    for (let at = 0; at < bytes.length; at++) {
      for (const xor of [0x01, 0x80, 0xff]) {
        const altered = bytes.slice();
        altered[at] ^= xor;
        expect(() => SimHashIndex.deserialize(altered), `byte ${at} ^ ${xor}`).toThrow(RangeError);
      }
    }
  });

  it('refuses trailing bytes, foreign buffers, and says which', () => {
    const bytes = sample().serialize();
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(() => SimHashIndex.deserialize(longer)).toThrow(/beyond/);
    expect(() => SimHashIndex.deserialize(new TextEncoder().encode('{"not":"an index"}'))).toThrow(/magic/);
    expect(() => SimHashIndex.deserialize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toThrow(/magic/);
    expect(() => SimHashIndex.deserialize(new Uint8Array(0))).toThrow(/truncated/);
    const future = bytes.slice();
    future[8] = 3;
    expect(() => SimHashIndex.deserialize(future)).toThrow(/format version 3, this library reads versions 1 and 2/);
    const altered = bytes.slice();
    altered[altered.length - 20] ^= 4;
    expect(() => SimHashIndex.deserialize(altered)).toThrow(/checksum/);
  });

  it('refuses another pipeline version unless told otherwise', () => {
    const other = sample({ maxDistance: 3, pipelineVersion: 'simhash-v2+unicode18.0.0' }).serialize();
    expect(() => SimHashIndex.deserialize(other)).toThrow(/pipeline version "simhash-v2\+unicode18\.0\.0"/);
    expect(SimHashIndex.deserialize(other, { pipelineVersion: 'simhash-v2+unicode18.0.0' }).size).toBeGreaterThan(0);
    expect(SimHashIndex.deserialize(other, { acceptAnyPipelineVersion: true }).pipelineVersion).toBe('simhash-v2+unicode18.0.0');
    // The default hasher's version (this pipeline, w = 3, tf weights) passes the default check ...
    const ours = sample({ maxDistance: 3, pipelineVersion: `${PIPELINE_VERSION};w=3;weights=tf` }).serialize();
    expect(SimHashIndex.deserialize(ours).size).toBeGreaterThan(0);
    // ... and an explicit expectation must match exactly.
    expect(() => SimHashIndex.deserialize(ours, { pipelineVersion: `${PIPELINE_VERSION};w=2;weights=tf` })).toThrow(RangeError);
  });

  it('reads the index the command line\'s file with sketches ("\\x89SHSK") wraps, names included, and skips the sketches', () => {
    const index = sample();
    const names = new Map([[0, 'page/a'], [20, 'page/b']]);
    const bytes = index.serialize({ names });
    const sketches = new Map(idsOf(index).map((id) => [id, new Uint32Array(128).fill(id)]));
    const wrapped = wrapWithSketches(bytes, sketches);
    expect(SimHashIndex.deserialize(wrapped).serialize()).toEqual(SimHashIndex.deserialize(bytes).serialize());
    // Version 1, whose sketches had 32 bins (an older command line's), is read as well: the sketches are skipped.
    const older = wrapWithSketches(bytes, new Map(idsOf(index).map((id) => [id, new Uint32Array(32).fill(id)])), 32);
    expect(new DataView(older.buffer).getUint32(8, true)).toBe(1);
    expect(SimHashIndex.deserialize(older).serialize()).toEqual(SimHashIndex.deserialize(bytes).serialize());
    const withNames = SimHashIndex.deserializeWithNames(wrapped);
    expect([...withNames.names]).toEqual([...names]);
    expect(withNames.index.serialize()).toEqual(index.serialize());
    // At an odd offset of a larger buffer, as a Node Buffer may be.
    const odd = new Uint8Array(wrapped.length + 3);
    odd.set(wrapped, 3);
    expect(SimHashIndex.deserialize(odd.subarray(3)).size).toBe(index.size);
  });

  it('refuses a file with sketches whose wrapper or wrapped index is not right, saying which', () => {
    const index = sample();
    const wrapped = wrapWithSketches(index.serialize(), new Map(idsOf(index).map((id) => [id, new Uint32Array(128)])));
    const changed = (at: number, value: number) => {
      const copy = wrapped.slice();
      copy[at] = value;
      return copy;
    };
    const refused = '^bytes is not a usable simhash-wasm index: the index file with sketches \\("\\\\x89SHSK"\\) ';
    expect(() => SimHashIndex.deserialize(wrapped.subarray(0, 20))).toThrow(new RegExp(`${refused}is cut short$`));
    expect(() => SimHashIndex.deserialize(changed(8, 3))).toThrow(new RegExp(`${refused}is of version 3, not 2$`));
    // Version 1's records are shorter: the header's count of them no longer adds up.
    expect(() => SimHashIndex.deserialize(changed(8, 1))).toThrow(new RegExp(`${refused}is ${wrapped.length} bytes, its header says`));
    expect(() => SimHashIndex.deserialize(wrapped.subarray(0, wrapped.length - 1))).toThrow(new RegExp(`${refused}is ${wrapped.length - 1} bytes, its header says ${wrapped.length}$`));
    // A byte of the wrapped index: its own checksum refuses it.
    expect(() => SimHashIndex.deserialize(changed(24 + 40, wrapped[24 + 40] ^ 1))).toThrow(/^bytes is not a usable simhash-wasm index: checksum mismatch/);
  });

  it('names the argument on bad input', () => {
    expect(() => SimHashIndex.deserialize([1, 2, 3] as unknown as Uint8Array)).toThrow(/bytes must be a Uint8Array/);
    expect(() => SimHashIndex.deserialize(sample().serialize(), { pipelineVersion: 7 as unknown as string })).toThrow(TypeError);
  });
});

/** Names for every third id of sample(): ASCII, non-BMP, a combining mark, empty, a newline. */
function namesFor(index: SimHashIndex): Map<number, string> {
  const names = new Map<number, string>();
  const samples = ['doc/a.txt', 'пример/😀.html', 'e\u0301', '', 'two\nlines'];
  let i = 0;
  for (let id = 0; id < 400; id++) if (index.has(id) && id % 3 === 0) names.set(id, samples[i++ % samples.length]);
  return names;
}

describe('names in the serialized index (format 2)', () => {
  it('keeps names through serialize / deserializeWithNames, with the index', () => {
    const index = sample();
    const names = namesFor(index);
    expect(names.size).toBeGreaterThan(5);
    const bytes = index.serialize({ names });
    expect(new DataView(bytes.buffer).getUint32(8, true)).toBe(2);
    const loaded = SimHashIndex.deserializeWithNames(bytes);
    expect(loaded.names).toEqual(names);
    expect(loaded.index.size).toBe(index.size);
    for (let id = 0; id < 400; id++) expect(loaded.index.get(id)).toBe(index.get(id));
    // Plain deserialize reads the same bytes, skipping the names.
    expect(SimHashIndex.deserialize(bytes).size).toBe(index.size);
    // The order the Map was filled in does not matter: the bytes list names by ascending id.
    expect(index.serialize({ names: new Map([...names].reverse()) })).toEqual(bytes);
    // The names are the caller's to change.
    loaded.names.set(1, 'mine');
    expect(SimHashIndex.deserializeWithNames(bytes).names.has(1)).toBe(false);
  });

  it('writes format 1 without names (or with an empty Map), byte for byte what earlier versions wrote', () => {
    const old = fixture('library-format-1.idx');
    const index = SimHashIndex.deserialize(old);
    expect([index.size, index.maxDistance, index.has(10), index.has(20), index.has(30)]).toEqual([3, 4, true, true, true]);
    expect(Buffer.from(index.serialize())).toEqual(old);
    expect(Buffer.from(index.serialize({ names: new Map() }))).toEqual(old);
    expect(SimHashIndex.deserializeWithNames(old).names).toEqual(new Map());
  });

  it('stores a lone surrogate as U+FFFD, as TextEncoder does', () => {
    const index = new SimHashIndex();
    index.add(1n, 0);
    const bytes = index.serialize({ names: new Map([[0, 'a\ud800b']]) });
    expect(SimHashIndex.deserializeWithNames(bytes).names.get(0)).toBe('a\ufffdb');
  });

  it('sizes every name as TextEncoder encodes it: random UTF-16, surrogates paired and lone', () => {
    const rng = new XorShift32(11);
    const units = [0x41, 0x7f, 0x80, 0x7ff, 0x800, 0xfffd, 0xd83d, 0xde00, 0xdbff, 0xdc00, 0xe9, 0x4e2d];
    const index = new SimHashIndex();
    const names = new Map<number, string>();
    for (let id = 0; id < 300; id++) {
      index.add(BigInt(id), id);
      const length = rng.below(12);
      names.set(id, String.fromCharCode(...Array.from({ length }, () => units[rng.below(units.length)])));
    }
    const loaded = SimHashIndex.deserializeWithNames(index.serialize({ names })).names;
    const asUtf8 = (text: string) => new TextDecoder().decode(new TextEncoder().encode(text));
    for (const [id, name] of names) expect(loaded.get(id), `id ${id}`).toBe(asUtf8(name));
  });

  it('reads a named buffer at any byte offset', () => {
    const index = sample();
    const bytes = index.serialize({ names: namesFor(index) });
    const padded = Buffer.alloc(bytes.length + 3);
    padded.set(bytes, 1);
    expect(SimHashIndex.deserializeWithNames(padded.subarray(1, 1 + bytes.length)).names).toEqual(namesFor(index));
  });

  it('refuses every truncation and every single-byte alteration of a named buffer', () => {
    const index = sample(undefined, 12);
    const bytes = index.serialize({ names: namesFor(index) });
    for (let length = 0; length < bytes.length; length++) {
      expect(() => SimHashIndex.deserializeWithNames(bytes.slice(0, length)), `length ${length}`).toThrow(RangeError);
    }
    expect(() => SimHashIndex.deserializeWithNames(bytes.slice(0, bytes.length - 4))).toThrow(/truncated: the header and the names section describe \d+ bytes/);
    for (let at = 0; at < bytes.length; at++) {
      for (const xor of [0x01, 0x80, 0xff]) {
        const altered = bytes.slice();
        altered[at] ^= xor;
        expect(() => SimHashIndex.deserializeWithNames(altered), `byte ${at} ^ ${xor}`).toThrow(RangeError);
      }
    }
  });

  it('refuses, with a valid checksum, names for an id not in the index, out of order, or not UTF-8', () => {
    const image = { k: 3, shape: 4, auto: false, pipelineVersion: 'p', nextId: 8, n: 1, hi: Uint32Array.of(1), lo: Uint32Array.of(2), ids: Uint32Array.of(7) } as const;
    const read = (names: Map<number, string>) => () => SimHashIndex.deserializeWithNames(encodeIndex({ ...image, names }), { acceptAnyPipelineVersion: true });
    expect(read(new Map([[7, 'seven']]))().names.get(7)).toBe('seven');
    expect(read(new Map([[7, 'seven'], [9, 'nine']]))).toThrow(/a name is given for id 9, which is not in the index/);
    const bytes = encodeIndex({ ...image, names: new Map([[7, 'ab']]) });
    // The name's bytes made invalid UTF-8 and the checksum made right again: the name check itself must refuse.
    const broken = bytes.slice();
    broken[broken.length - 12] = 0xff;
    expect(() => SimHashIndex.deserializeWithNames(rechecksum(broken), { acceptAnyPipelineVersion: true })).toThrow(/the name of id 7 is not valid UTF-8/);
    // Two records (7, "a") and (9, "b"), 20 bytes with the padding: the first id made 9, the checksum made right.
    const two = { ...image, n: 2, nextId: 10, hi: Uint32Array.of(1, 1), lo: Uint32Array.of(2, 3), ids: Uint32Array.of(7, 9) };
    const unordered = encodeIndex({ ...two, names: new Map([[7, 'a'], [9, 'b']]) });
    expect(SimHashIndex.deserializeWithNames(unordered, { acceptAnyPipelineVersion: true }).names).toEqual(new Map([[7, 'a'], [9, 'b']]));
    new DataView(unordered.buffer).setUint32(unordered.length - 8 - 20, 9, true);
    expect(() => SimHashIndex.deserializeWithNames(rechecksum(unordered), { acceptAnyPipelineVersion: true })).toThrow(/names out of order at id 9/);
  });

  it('refuses the CLI\'s old wrapper with a message that says what reads it', () => {
    expect(() => SimHashIndex.deserializeWithNames(fixture('cli-format-2.idx'))).toThrow(/wrapper \("\\x89SHNM"\).*`simhash index query` still reads it/);
  });

  it('names the argument on bad input', () => {
    const index = sample();
    expect(() => index.serialize(null as unknown as object)).toThrow(/^options must be an object, got null/);
    expect(() => index.serialize({ names: { 0: 'a' } as unknown as Map<number, string> })).toThrow(TypeError);
    expect(() => index.serialize({ names: { 0: 'a' } as unknown as Map<number, string> })).toThrow(/options\.names must be a Map from id to name/);
    expect(() => index.serialize({ names: new Map([[0, 5 as unknown as string]]) })).toThrow(/^options\.names\.get\(0\) must be a string, got number 5$/);
    expect(() => index.serialize({ names: new Map([[-1, 'x']]) })).toThrow(RangeError);
    expect(() => index.serialize({ names: new Map([[-1, 'x']]) })).toThrow(/an id in options\.names must be an integer id/);
    expect(() => index.serialize({ names: new Map([['0' as unknown as number, 'x']]) })).toThrow(TypeError);
    expect(() => index.serialize({ names: new Map([[399, 'x']]) })).toThrow(/options\.names names id 399, which is not in the index/);
    expect(() => SimHashIndex.deserializeWithNames('bytes' as unknown as Uint8Array)).toThrow(/bytes must be a Uint8Array/);
  });
});

/** The format's checksum (src/block-index/file/checksum.ts) recomputed over an edited buffer. */
function rechecksum(bytes: Uint8Array): Uint8Array {
  const copy = bytes.slice();
  const view = new DataView(copy.buffer);
  const [a, b] = checksum64(new Uint32Array(copy.buffer, 0, (copy.length - 8) / 4));
  view.setUint32(copy.length - 8, a, true);
  view.setUint32(copy.length - 4, b, true);
  return copy;
}
