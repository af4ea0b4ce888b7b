// The hasher object both entries hand out: input checks and conveniences over one Engine.
import { describe, toHex } from './bits.js';
import { assertAttached } from './detached.js';
import { resolveOptions } from './options.js';
import { termWeighted } from './term-weighted.js';
import type { Engine, EngineName, EngineStream, FeatureSink, FingerprintWithFeatures, HasherConfig, SimHashOptions, Text, Tokenization } from './types.js';

export interface SimHashStream {
  /** Feeds the next chunk (string or UTF-8 bytes); cut anywhere. Returns the stream for chaining. */
  update(chunk: Text): SimHashStream;
  /** The fingerprint of all chunks so far. Ends the stream: later calls to update throw; digest returns the same value. */
  digest(): bigint;
}

export interface SimHash {
  /** Which engine computes the fingerprints. */
  readonly engine: EngineName;
  readonly shingle: number;
  /** How this hasher cuts text into tokens: 'words' or 'cjk-chars'. */
  readonly tokens: Tokenization;
  /** Pipeline version of this hasher's fingerprints: definition, Unicode version, w, weights, tokens. */
  readonly version: string;
  fingerprint(text: Text): bigint;
  fingerprintHex(text: Text): string;
  fingerprintMany(texts: Iterable<Text>): BigUint64Array;
  /** The feature hashes of a document, in order, repeats included. */
  features(text: Text): BigUint64Array;
  /**
   * fingerprint(text) and features(text) together, in one pass over the text where the engine can (the WebAssembly
   * engine with unit weights): for callers that need both, such as a second signal (MinHash, shingle sets) beside the
   * fingerprint.
   */
  fingerprintWithFeatures(text: Text): FingerprintWithFeatures;
  stream(): SimHashStream;
}

export function assertText(text: unknown, name: string): asserts text is Text {
  if (typeof text === 'string') return;
  if (!(text instanceof Uint8Array)) throw new TypeError(`${name} must be a string or a Uint8Array of UTF-8, got ${describe(text)}`);
  if (text.length === 0) assertAttached(text, name); // only an empty view can be of a detached buffer
}

/** fingerprintWithFeatures of a checked text: the engine's one pass where it has one, else its two calls. */
function fingerprintAndFeatures(engine: Engine, text: Text, config: HasherConfig, sink?: FeatureSink): FingerprintWithFeatures {
  return engine.fingerprintWithFeatures?.(text, config, sink) ?? { fingerprint: engine.fingerprint(text, config), features: engine.features(text, config.shingle, config.tokens) };
}

/** A hasher's settings when its fingerprint is the unit-weight votes of its features alone (FeatureTools.unitVotes). */
export interface UnitVoteSettings {
  readonly shingle: number;
  readonly tokens: Tokenization;
}

/** What the pool's tasks get besides the hasher (TaskContext), from one resolution of the options. */
export interface FeatureTools {
  /**
   * createSimHashWith(baseEngine, options).fingerprintWithFeatures, the features written into the caller's sink (a
   * view of sink.buffer, valid until its next use) where the engine can: for tasks that take the features of
   * millions of documents one at a time.
   */
  readonly fingerprintWithFeaturesInto: (text: Text, sink: FeatureSink) => FingerprintWithFeatures;
  /**
   * The shingle width and tokens when the fingerprint is the unit-weight votes of the features alone (no weight
   * table or function, no term weights but counts): then any pass that makes the same features gives the same
   * fingerprint, as the corpus kernels' engine pass does in a module of its own. Absent for any other options.
   */
  readonly unitVotes?: UnitVoteSettings;
}

/**
 * The options resolved once for both (a weights Map's table took 300 ms to build at 100,000 terms, for every worker).
 * Not on the hasher: the browser bundles need none of it.
 */
export function createFeatureTools(baseEngine: Engine, options?: SimHashOptions): FeatureTools {
  const { config } = resolveOptions(options, baseEngine);
  const engine = termWeighted(baseEngine, config);
  const fingerprintWithFeaturesInto = (text: Text, sink: FeatureSink) => {
    assertText(text, 'text');
    return fingerprintAndFeatures(engine, text, config, sink);
  };
  // termWeighted gives back the engine itself where the term weights are the counts (or none).
  const unit = config.weighting.kind === 'unit' && engine === baseEngine;
  return { fingerprintWithFeaturesInto, ...(unit ? { unitVotes: { shingle: config.shingle, tokens: config.tokens } } : {}) };
}

export function createSimHashWith(baseEngine: Engine, options?: SimHashOptions): SimHash {
  const { config, version } = resolveOptions(options, baseEngine);
  const engine = termWeighted(baseEngine, config);
  return Object.freeze({
    engine: engine.name,
    shingle: config.shingle,
    tokens: config.tokens,
    version,
    fingerprint(text: Text): bigint {
      assertText(text, 'text');
      return engine.fingerprint(text, config);
    },
    fingerprintHex(text: Text): string {
      assertText(text, 'text');
      return toHex(engine.fingerprint(text, config));
    },
    fingerprintMany(texts: Iterable<Text>): BigUint64Array {
      if (texts === null || typeof (texts as Iterable<Text>)?.[Symbol.iterator] !== 'function' || typeof texts === 'string') {
        throw new TypeError(`texts must be an iterable of strings or Uint8Arrays, got ${describe(texts)}`);
      }
      const list = Array.isArray(texts) ? texts : Array.from(texts);
      for (let i = 0; i < list.length; i++) {
        const text = list[i];
        // The full check only for what may fail it (not a Uint8Array, or an empty one: detached buffers read as empty).
        if (typeof text !== 'string' && (!(text instanceof Uint8Array) || text.length === 0)) assertText(text, `texts[${i}]`);
      }
      return engine.fingerprintMany(list, config);
    },
    features(text: Text): BigUint64Array {
      assertText(text, 'text');
      return engine.features(text, config.shingle, config.tokens);
    },
    fingerprintWithFeatures(text: Text): FingerprintWithFeatures {
      assertText(text, 'text');
      return fingerprintAndFeatures(engine, text, config);
    },
    stream(): SimHashStream {
      return wrapStream(engine.openStream(config));
    },
  });
}

function wrapStream(inner: EngineStream): SimHashStream {
  let result: bigint | undefined;
  let broken: unknown;
  const stream: SimHashStream = {
    update(chunk: Text) {
      if (result !== undefined) throw new TypeError('stream.update() after digest(): open a new stream()');
      if (broken !== undefined) throw new TypeError('stream.update() after an earlier call threw; open a new stream()', { cause: broken });
      assertText(chunk, 'chunk');
      try {
        inner.update(chunk);
      } catch (error) {
        broken = error;
        throw error;
      }
      return stream;
    },
    digest() {
      if (broken !== undefined) throw new TypeError('stream.digest() after an earlier call threw; open a new stream()', { cause: broken });
      if (result === undefined) {
        try {
          result = inner.digest();
        } catch (error) {
          broken = error;
          throw error;
        }
      }
      return result;
    },
  };
  return stream;
}
