// The reports' JSON written a piece at a time (cli/pretty-json.ts) is JSON.stringify(value, null, 2) to the byte,
// for any object whose streamed fields are arrays: empty, nested, with strings that need escapes, with undefined
// fields (left out) and items (null), and the pieces joined into writes of any size lose and repeat nothing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { prettyJson, Streamed, writePieces } from '../../packages/corpus/src/cli/pretty-json.js';

const json = fc.jsonValue();
const record = fc.dictionary(fc.string(), fc.oneof(json, fc.constant(undefined), fc.constant(() => 1), fc.constant(Symbol('s'))));

describe('prettyJson', () => {
  it('is JSON.stringify(value, null, 2), with streamed arrays', () => {
    fc.assert(
      fc.property(record, fc.array(fc.oneof(json, fc.constant(undefined))), fc.array(fc.string()), (fields, streamed, keys) => {
        const value: Record<string, unknown> = { ...fields };
        const plain: Record<string, unknown> = { ...fields };
        for (const key of keys) {
          value[key] = new Streamed(streamed);
          plain[key] = streamed;
        }
        expect([...prettyJson(value)].join('')).toBe(JSON.stringify(plain, null, 2));
      }),
      { numRuns: 500 },
    );
  });

  it('an empty object, an empty streamed array, and a streamed array of nested objects with line breaks in strings', () => {
    expect([...prettyJson({})].join('')).toBe('{}');
    expect([...prettyJson({ a: undefined })].join('')).toBe('{}');
    const items = [{ name: 'line\nbreak "quoted"', members: [{ doc: 1 }, { doc: 2, tags: [] }] }, [], 'é\u2028'];
    const value = { groups: new Streamed(items), empty: new Streamed([]), n: 3 };
    expect([...prettyJson(value)].join('')).toBe(JSON.stringify({ groups: items, empty: [], n: 3 }, null, 2));
  });

  it('a streamed array longer than one piece (256 items), of every kind of item, ends and starts each piece right', () => {
    const kinds = (i: number) => [{ n: i, nested: { list: [i, 'a\nb'] } }, undefined, 'é\u2028', [i, [], {}], null, i / 3, () => i][i % 7];
    for (const length of [255, 256, 257, 512, 1000]) {
      const items = Array.from({ length }, (_, i) => kinds(i));
      expect([...prettyJson({ items: new Streamed(items), after: true })].join(''), `${length} items`).toBe(JSON.stringify({ items, after: true }, null, 2));
    }
  });

  it('writePieces joins pieces into writes of about the size asked, in order', async () => {
    const pieces = Array.from({ length: 1000 }, (_, i) => `piece ${i};`);
    for (const size of [1, 50, 1 << 20]) {
      const writes: string[] = [];
      await writePieces(pieces, async (text) => void writes.push(text), size);
      expect(writes.join('')).toBe(pieces.join(''));
      // Every write but the last reaches the size, and passes it by less than one piece.
      for (const text of writes.slice(0, -1)) expect(text.length).toBeGreaterThanOrEqual(size);
      for (const text of writes) expect(text.length).toBeLessThan(size + 'piece 999;'.length);
      if (size === 1 << 20) expect(writes.length).toBe(1);
    }
  });
});
