// Names in line-per-document output, quoted as git quotes paths when they hold a control character, " or \.
import { describe, expect, it } from 'vitest';
import { quoteName } from '../../packages/corpus/src/io/quote-name.js';

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
