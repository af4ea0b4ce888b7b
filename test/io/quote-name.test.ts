// Names in line-per-document output, quoted as git quotes paths when they hold a control character, " or \, and
// read back from a list of names (index remove --names-from).
import { describe, expect, it } from 'vitest';
import { quoteName, unquoteName } from '../../packages/corpus/src/io/quote-name.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';

describe('quoteName', () => {
  it('leaves ordinary names alone, spaces and non-ASCII letters included', () => {
    for (const name of ['a.txt', 'docs/with space.txt', 'Größe/東京.md', 'rec-1', '(stdin):3', "it's"]) expect(quoteName(name)).toBe(name);
  });

  it('quotes as git does: C escapes, octal for other control bytes', () => {
    expect(quoteName('we\tird\nname.txt')).toBe('"we\\tird\\nname.txt"');
    expect(quoteName('say "hi"')).toBe('"say \\"hi\\""');
    expect(quoteName('back\\slash')).toBe('"back\\\\slash"');
    expect(quoteName('bell\x07\b\v\f\r')).toBe('"bell\\a\\b\\v\\f\\r"');
    expect(quoteName('esc\x1b[0m')).toBe('"esc\\033[0m"');
    expect(quoteName('del\x7f')).toBe('"del\\177"');
    expect(quoteName('c1\u0085 and ü')).toBe('"c1\\302\\205 and ü"');
    expect(quoteName('nul\u0000')).toBe('"nul\\000"');
  });

  it('never leaves a raw line break or tab in its output', () => {
    for (let code = 0; code < 0x100; code++) {
      const quoted = quoteName(`a${String.fromCharCode(code)}b`);
      expect(quoted).not.toMatch(/[\n\r\t\u0000-\u001f\u007f-\u009f]/);
    }
  });
});

describe('unquoteName', () => {
  it('reads back every name quoteName writes, random names of every kind of character included', () => {
    const pieces = ['\uFEFF', 'a', ' ', 'é', '東', '😀', '"', '\\', '\n', '\t', '\r', '\x07', '\x1b', '\x7f', '\u0085', '\u0000', '0', '7', '\\0', 'x"y'];
    const random = new Random(3);
    for (let trial = 0; trial < 2000; trial++) {
      const name = Array.from({ length: 1 + Math.floor(random.next() * 12) }, () => random.pick(pieces)).join('');
      expect(unquoteName(quoteName(name)), JSON.stringify(name)).toBe(name);
    }
  });

  it('a line not in quotes is the name as it is; a broken quote is no name', () => {
    for (const line of ['rec-1', 'docs/with space.txt', 'a "quoted" word', 'ends with "', '']) expect(unquoteName(line)).toBe(line);
    expect(unquoteName('"we\\tird"')).toBe('we\tird');
    for (const bad of ['"', '"open', '"a"b"', '"bad \\q escape"', '"\\377"', '"trailing \\"', '"\\40"']) expect(unquoteName(bad), bad).toBeUndefined();
  });
});
