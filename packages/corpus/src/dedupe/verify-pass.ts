// The verification tier's reading (grouping/verify.ts says what it computes): after the first pass, the inputs are
// read once more (second-pass.ts: same documents, same order; stdin from its spooled copy), and each distinct text is
// shingled on this thread. Every distinct text is counted for the boilerplate threshold (a list footer is boilerplate
// because the corpus is full of it, whichever documents happen to be candidates); only the documents in candidate
// pairs keep their sets, 4 bytes a distinct shingle, until the groups are made.
import type { Tokenization } from 'simhash-wasm';
import { extractText } from '../html/extractor.js';
import { htmlExtractor } from '../io/index.js';
import type { Verifier } from '../grouping/group-batches.js';
import { shingleHasher, verifyTexts, type VerifySettings } from '../grouping/verify.js';
import { rereadDocuments, type Reread } from './second-pass.js';

export interface VerifyPassSettings extends VerifySettings {
  readonly shingle: number;
  readonly tokens?: Tokenization;
}

/** A Verifier that reads the inputs of the first pass again. */
export function rereadVerifier(pass: Omit<Reread, 'documents'>, settings: VerifyPassSettings): Verifier {
  return (candidates, run) => {
    const hasher = shingleHasher(settings);
    const extractor = htmlExtractor(pass.options.html);
    async function* texts() {
      const want = (doc: number) => run.counted(doc) || run.held(doc);
      for await (const { doc, document } of rereadDocuments({ ...pass, documents: run.documents }, 'the verification of near pairs', want)) {
        yield { doc, text: document.html ? extractText(document.text, extractor) : document.text };
      }
    }
    return verifyTexts(candidates, run, texts(), hasher, settings);
  };
}
