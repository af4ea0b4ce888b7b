// fromHex reads exactly what toHex writes, 16 hex digits in either case, and nothing else.
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';

beforeAll(initAll);

describe.each(entries)('fromHex, %s entry', (_, entry) => {
  it('round-trips toHex, and reads upper and mixed case', () => {
    for (const fp of [0n, 1n, 0xabn, 1n << 63n, 0x0123456789abcdefn, (1n << 64n) - 1n]) {
      expect(entry.fromHex(entry.toHex(fp))).toBe(fp);
      expect(entry.fromHex(entry.toHex(fp).toUpperCase())).toBe(fp);
    }
    expect(entry.fromHex('DeadBeef0000CAFE')).toBe(0xdeadbeef0000cafen);
  });

  it('refuses anything but 16 hex digits with a RangeError naming hex and saying what it expects', () => {
    const bad = ['', 'ab', '0x00000000000000ab', '0X00000000000000AB', '000000000000000', '00000000000000000', ' 00000000000000ab', '00000000000000ab\n', '+0000000000000ab', '-000000000000001', '000000000000000g', '0000_00000000000', '0000000000000ab'];
    for (const hex of bad) {
      expect(() => entry.fromHex(hex), JSON.stringify(hex)).toThrow(RangeError);
      expect(() => entry.fromHex(hex)).toThrow(/^hex must be exactly 16 hexadecimal digits .*got "/);
    }
    expect(() => entry.fromHex('f'.repeat(1000))).toThrow(/\(1000 characters\)$/);
  });

  it('refuses a non-string with a TypeError naming hex', () => {
    for (const value of [0xabn, 171, null, undefined, ['00000000000000ab'], new String('00000000000000ab')]) {
      expect(() => entry.fromHex(value as unknown as string)).toThrow(TypeError);
      expect(() => entry.fromHex(value as unknown as string)).toThrow(/^hex must be a string of 16 hexadecimal digits/);
    }
  });
});
