// The verification tier's reading (grouping/verify.ts says what it computes): after the first pass, the inputs are
// read once more (second-pass.ts: same documents, same order; stdin from its spooled copy), and the documents the
// sketches could not rule out are shingled on this thread. They keep their sets, 4 bytes a distinct shingle, until
// the groups are made.
import type { Tokenization } from 'simhash-wasm';
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import { extractText } from '../html/extractor.js';
import { htmlExtractor } from '../io/index.js';
import { shingleHasher, shingleHashes, type Verification, type VerifySettings } from '../grouping/verify.js';
import { rereadDocuments, type Reread } from './second-pass.js';

export interface VerifyPassSettings extends VerifySettings {
  readonly shingle: number;
  readonly tokens?: Tokenization;
}

/** A Verification whose sets come from reading the inputs of the first pass again. */
export function rereadVerification(pass: Omit<Reread, 'documents'>, sample: BoilerplateSample, settings: VerifyPassSettings): Verification {
  return {
    settings: { mode: settings.mode, threshold: settings.threshold },
    sample,
    async *sets(want, documents) {
      const hasher = shingleHasher(settings);
      const extractor = htmlExtractor(pass.options.html);
      for await (const { doc, document } of rereadDocuments({ ...pass, documents }, 'the verification of near pairs', want)) {
        yield { doc, set: shingleHashes(hasher, document.html ? extractText(document.text, extractor) : document.text) };
      }
    },
  };
}
