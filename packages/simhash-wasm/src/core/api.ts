// The engine-bound half of the public API; each entry binds it to its engine.
import { createIdfWeightsWith, type IdfOptions, type IdfWeights } from './idf.js';
import { createSimHashWith, type SimHash } from './simhash.js';
import type { Engine, EngineChoice, SimHashOptions, Text } from './types.js';
import { describe } from './bits.js';
import { engineChoice } from './options.js';

/** An entry's engine for an `engine` option (undefined: the entry's default). */
export type EngineResolver = (choice?: EngineChoice) => Engine;

export function bindApi(getEngine: EngineResolver) {
  return {
    /** A hasher with fixed options (engine, shingle width, weights). */
    createSimHash(options?: SimHashOptions): SimHash {
      return createSimHashWith(getEngine(engineChoice(options)), options);
    },
    /** The feature hash of one shingle's text, exactly as given (FNV-1a 64 of its UTF-8, then splitmix64). */
    featureHash(shingleText: string): bigint {
      if (typeof shingleText !== 'string') throw new TypeError(`shingleText must be a string, got ${describe(shingleText)}`);
      return getEngine().featureHash(shingleText);
    },
    /** idf weights from a corpus, ready for `createSimHash({ shingle, weights, defaultWeight })`. */
    createIdfWeights(corpus: Iterable<Text>, options?: IdfOptions): IdfWeights {
      return createIdfWeightsWith(getEngine(), corpus, options);
    },
  };
}
