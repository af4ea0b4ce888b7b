// The inlined module's hex decoding (src/wasm/hex.ts): the portable decoder equals Node's for every length (the
// last, partial word included), and hexToBytes takes Uint8Array.fromHex first, then Buffer, then the portable one.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hexToBytes, hexToBytesPortable } from '../../packages/simhash-wasm/src/wasm/hex.js';
import { WASM_HEX } from '../../packages/simhash-wasm/src/wasm/wasm-bytes.js';

const U8 = Uint8Array as unknown as { fromHex?: (hex: string) => Uint8Array };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('hexToBytesPortable', () => {
  it('decodes every length from 0 to 64 bytes, and the module', () => {
    for (let n = 0; n <= 64; n++) {
      const bytes = randomBytes(n);
      expect(hexToBytesPortable(bytes.toString('hex')), `${n} bytes`).toEqual(new Uint8Array(bytes));
    }
    expect(Buffer.from(hexToBytesPortable(WASM_HEX)).equals(Buffer.from(WASM_HEX, 'hex'))).toBe(true);
  });

  it('keeps bytes 0x00 and 0xff and the high bit of each word', () => {
    const hex = '00ff80017fffffff80000000fe';
    expect([...hexToBytesPortable(hex)]).toEqual([...Buffer.from(hex, 'hex')]);
  });
});

describe('hexToBytes', () => {
  const hex = '0061736d01000000';

  it('uses Uint8Array.fromHex where the platform has it', () => {
    const fromHex = vi.fn((text: string) => new Uint8Array(Buffer.from(text, 'hex')));
    const had = Object.getOwnPropertyDescriptor(Uint8Array, 'fromHex');
    Object.defineProperty(Uint8Array, 'fromHex', { value: fromHex, configurable: true, writable: true });
    try {
      expect([...hexToBytes(hex)]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
      expect(fromHex).toHaveBeenCalledWith(hex);
    } finally {
      if (had) Object.defineProperty(Uint8Array, 'fromHex', had);
      else delete U8.fromHex;
    }
  });

  it("uses Node's Buffer without fromHex, and the portable decoder without either", () => {
    if (U8.fromHex) return; // this Node has fromHex: the test above covers it
    const from = vi.spyOn(Buffer, 'from');
    expect([...hexToBytes(hex)]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    expect(from).toHaveBeenCalledWith(hex, 'hex');
    from.mockClear();
    vi.stubGlobal('Buffer', undefined);
    expect([...hexToBytes(hex)]).toEqual([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    expect(from).not.toHaveBeenCalled();
  });
});
