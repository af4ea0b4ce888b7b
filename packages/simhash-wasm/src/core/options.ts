// Validates createSimHash options into the HasherConfig the engines consume, and names the pipeline.
import { describe } from './bits.js';
import { TOKENIZATIONS, type Engine, type EngineChoice, type HasherConfig, type SimHashOptions, type TermWeights, type Tokenization, type WeightFunction, type Weighting } from './types.js';
import { buildWeightTable, type WeightTable } from './weight-table.js';
import { UNICODE_VERSION } from './unicode-version.js';
import { validateTermWeights } from './term-weights.js';

/**
 * Identifies the fingerprint definition (tokens, lowercasing, shingles, FNV-1a 64 + splitmix64 feature hashes, 64
 * counters) and the Unicode version of its tables; changes whenever any fingerprint would.
 */
export const PIPELINE_VERSION = `simhash-v1+unicode${UNICODE_VERSION}`;
export const DEFAULT_SHINGLE = 3;
/** The weights part of the version when every feature weighs 1 (term frequency): no `weights` option. */
const UNIT_WEIGHTS_TAG = 'tf';

export const DEFAULT_TOKENS: Tokenization = 'words';

/**
 * `hasher.version`: the fingerprint definition, then the shingle width, the weights and, when not the default, the
 * tokenization (all change the bits). The default tokenization adds nothing, so versions from before it still hold.
 */
function hasherVersion(shingle: number, weightsTag: string, tokens: Tokenization = DEFAULT_TOKENS, termWeights: TermWeights = 'tf'): string {
  // Defaults add nothing, so every version string (and index file) written before these options existed still holds.
  const tokensTag = tokens === DEFAULT_TOKENS ? '' : `;tokens=${tokens}`;
  const termsTag = termWeights === 'tf' ? '' : `;terms=${termWeights}`;
  return `${PIPELINE_VERSION};w=${shingle};weights=${weightsTag}${tokensTag}${termsTag}`;
}

/** The version of `createSimHash()` with no options: what an index assumes its fingerprints have unless told. */
export const DEFAULT_HASHER_VERSION = hasherVersion(DEFAULT_SHINGLE, UNIT_WEIGHTS_TAG);
/** Widest shingle accepted: every byte is hashed into w running states, so w bounds the work per byte. */
export const MAX_SHINGLE = 1024;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const MASK64 = (1n << 64n) - 1n;

export function isInt32(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
}

export function validateShingle(shingle: unknown, name = 'shingle'): number {
  if (typeof shingle !== 'number' || !Number.isInteger(shingle)) {
    throw new TypeError(`${name} must be an integer from 1 to ${MAX_SHINGLE}, got ${describe(shingle)}`);
  }
  if (shingle < 1 || shingle > MAX_SHINGLE) throw new RangeError(`${name} must be an integer from 1 to ${MAX_SHINGLE}, got ${shingle}`);
  return shingle;
}

function validateWeight(value: unknown, what: string): number {
  if (!isInt32(value)) throw new RangeError(`${what} must be an int32 (an integer from ${INT32_MIN} to ${INT32_MAX}), got ${describe(value)}`);
  return value;
}

export function validateTokens(tokens: unknown, name = 'tokens'): Tokenization {
  if ((TOKENIZATIONS as readonly unknown[]).includes(tokens)) return tokens as Tokenization;
  throw new TypeError(`${name} must be ${TOKENIZATIONS.map((t) => `'${t}'`).join(' or ')}, got ${describe(tokens)}`);
}

const ENGINE_CHOICES: readonly unknown[] = ['wasm', 'pure', 'auto'] satisfies EngineChoice[];

/** The `engine` option, read before the rest because the engine resolves the rest (string weight keys). */
export function engineChoice(options: unknown): EngineChoice | undefined {
  if (options === undefined) return undefined;
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const { engine } = options as { engine?: unknown };
  if (engine === undefined || ENGINE_CHOICES.includes(engine)) return engine as EngineChoice | undefined;
  throw new TypeError(`options.engine must be 'wasm', 'pure' or 'auto', got ${describe(engine)}`);
}

export interface ResolvedOptions {
  config: HasherConfig;
  version: string;
}

export function resolveOptions(options: SimHashOptions | undefined, engine: Engine): ResolvedOptions {
  if (options === undefined) options = {};
  else if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const shingle = options.shingle === undefined ? DEFAULT_SHINGLE : validateShingle(options.shingle, 'options.shingle');
  const tokens = options.tokens === undefined ? DEFAULT_TOKENS : validateTokens(options.tokens, 'options.tokens');
  const defaultWeight = options.defaultWeight === undefined ? 1 : validateWeight(options.defaultWeight, 'options.defaultWeight');
  const { weights } = options;
  let weighting: Weighting;
  let weightsTag: string;
  if (weights === undefined) {
    if (defaultWeight !== 1) throw new TypeError('options.defaultWeight needs options.weights to be a Map');
    weighting = { kind: 'unit' };
    weightsTag = UNIT_WEIGHTS_TAG;
  } else if (typeof weights === 'function') {
    weighting = { kind: 'function', weightOf: checkedWeightFunction(weights) };
    weightsTag = 'function';
  } else if (weights instanceof Map) {
    const table = buildWeightTable(featureKeyed(weights, engine, tokens), defaultWeight);
    weighting = { kind: 'table', table };
    weightsTag = `table-${tableDigest(table)}`;
  } else {
    throw new TypeError(`options.weights must be a Map or a function, got ${describe(weights)}`);
  }
  const termWeights = validateTermWeights(options.termWeights);
  return { config: { shingle, weighting, tokens, termWeights }, version: hasherVersion(shingle, weightsTag, tokens, termWeights) };
}

function checkedWeightFunction(fn: WeightFunction): WeightFunction {
  return (featureHash) => validateWeight(fn(featureHash), `options.weights(0x${featureHash.toString(16).padStart(16, '0')})`);
}

/**
 * Re-keys a weights Map by feature hash. A string key is normalised as a document would be
 * (tokenised as the hasher tokenises, lowercased, joined by one space) so "The  Cat" weighs the shingle "the cat".
 */
function featureKeyed(weights: ReadonlyMap<unknown, unknown>, engine: Engine, tokens: Tokenization): Map<bigint, number> {
  const out = new Map<bigint, number>();
  for (const [key, value] of weights) {
    let hash: bigint;
    if (typeof key === 'bigint') {
      if (key < 0n || key > MASK64) throw new RangeError(`options.weights key ${key} must be an unsigned 64-bit feature hash`);
      hash = key;
    } else if (typeof key === 'string') {
      const features = engine.features(key, MAX_SHINGLE, tokens);
      if (features.length !== 1) throw new RangeError(`options.weights key ${JSON.stringify(key)} must hold 1 to ${MAX_SHINGLE - 1} tokens, got ${features.length === 0 ? 'none' : 'more'}`);
      hash = features[0];
    } else {
      throw new TypeError(`options.weights keys must be strings or bigint feature hashes, got ${describe(key)}`);
    }
    out.set(hash, validateWeight(value, `options.weights value for ${typeof key === 'string' ? JSON.stringify(key) : key}`));
  }
  return out;
}

/** A short digest of a weight table's contents, so hashers with different tables get different versions. */
function tableDigest(table: WeightTable): string {
  const entries: [bigint, number][] = [];
  table.keys.forEach((key, slot) => { if (key !== 0n) entries.push([key, table.weights[slot]]); });
  entries.sort((a, b) => (a[0] < b[0] ? -1 : 1));
  let h = 0x811c9dc5;
  const mix = (n: number) => { h = Math.imul(h ^ (n >>> 0), 0x01000193); };
  for (const [key, weight] of entries) { mix(Number(key & 0xffffffffn)); mix(Number(key >> 32n)); mix(weight); }
  mix(table.defaultWeight);
  mix(table.zeroKeyWeight);
  return (h >>> 0).toString(16).padStart(8, '0');
}
