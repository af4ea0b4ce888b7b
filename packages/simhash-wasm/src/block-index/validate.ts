// Argument checks: a TypeError or RangeError that names the argument and what was expected.
import { describe } from '../core/bits.js';
import { assertAttached } from '../core/detached.js';

export const MAX_ID = 0xffffffff;
/** k beyond 64 means nothing (every pair of 64-bit fingerprints is within 64 bits). */
export const MAX_K = 64;

export function checkDistance(value: unknown, name: string, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`${name} must be an integer from 0 to ${max}, got ${describe(value)}`);
  if (value < 0 || value > max) throw new RangeError(`${name} must be an integer from 0 to ${max}, got ${value}`);
  return value;
}

export function checkId(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new TypeError(`${name} must be an integer id from 0 to ${MAX_ID}, got ${describe(value)}`);
  if (value < 0 || value > MAX_ID) throw new RangeError(`${name} must be an integer id from 0 to ${MAX_ID}, got ${value}`);
  return value;
}

export function checkBigUint64Array(value: unknown, name: string): BigUint64Array {
  if (!(value instanceof BigUint64Array)) throw new TypeError(`${name} must be a BigUint64Array of fingerprints, got ${describe(value)}`);
  assertAttached(value, name);
  return value;
}

export function checkVersion(version: unknown): string {
  if (typeof version !== 'string' || version.length === 0) throw new TypeError(`pipelineVersion must be a non-empty string, got ${describe(version)}`);
  return version;
}
