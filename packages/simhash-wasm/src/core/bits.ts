// Fingerprint helpers that need no engine: bigint in, numbers and hex out.

const MASK64 = (1n << 64n) - 1n;
const HEX16 = /^[0-9a-fA-F]{16}$/;

export function assertFingerprint(value: unknown, name: string): asserts value is bigint {
  if (typeof value !== 'bigint') throw new TypeError(`${name} must be a bigint fingerprint, got ${describe(value)}`);
  if (value < 0n || value > MASK64) throw new RangeError(`${name} must be an unsigned 64-bit bigint, got ${value}`);
}

/** Set bits of a 32-bit word (SWAR, no table): the Hamming distance of two words is popcount32(a ^ b). */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Number of differing bits between two 64-bit fingerprints (0..64). */
export function hamming(a: bigint, b: bigint): number {
  assertFingerprint(a, 'a');
  assertFingerprint(b, 'b');
  const x = a ^ b;
  return popcount32(Number(x & 0xffffffffn)) + popcount32(Number(x >> 32n));
}

/** 1 - hamming / 64: 1 for identical fingerprints, about 0.5 for unrelated ones. */
export function similarity(a: bigint, b: bigint): number {
  return 1 - hamming(a, b) / 64;
}

/** 16 lowercase hex digits. */
export function toHex(fingerprint: bigint): string {
  assertFingerprint(fingerprint, 'fingerprint');
  return fingerprint.toString(16).padStart(16, '0');
}

/**
 * Parses exactly 16 hex digits, either case, as toHex writes them. Nothing shorter and no 0x prefix: a truncated or
 * otherwise mangled fingerprint is an error here rather than a different fingerprint.
 */
export function fromHex(hex: string): bigint {
  if (typeof hex !== 'string') throw new TypeError(`hex must be a string of 16 hexadecimal digits, got ${describe(hex)}`);
  if (!HEX16.test(hex)) {
    const shown = hex.length > 40 ? `${JSON.stringify(hex.slice(0, 40))}... (${hex.length} characters)` : JSON.stringify(hex);
    throw new RangeError(`hex must be exactly 16 hexadecimal digits (0-9, a-f or A-F; no 0x prefix, no spaces), got ${shown}`);
  }
  return BigInt('0x' + hex);
}

export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  if (typeof value === 'string') return `a string`;
  return `${typeof value} ${String(value)}`;
}
