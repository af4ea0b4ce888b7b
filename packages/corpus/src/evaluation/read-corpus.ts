// The documents `simhash make-pairs` makes labelled pairs from: read as every command reads them, HTML reduced to its
// text first (as --html says), because the edits go into the visible text: replacing a word inside a tag would test
// the HTML parser, not SimHash. Texts alone, nothing analysed (`eval --corpus` reads by dedupe's first pass instead:
// analysed-corpus.ts).
import type { Readable } from 'node:stream';
import { extractTextWhenReady } from '../html/extractor.js';
import { htmlExtractor, readDocuments, walkInputs, type DocumentOptions, type WalkOptions } from '../io/index.js';
import type { CorpusDocument } from './make-pairs.js';

export async function readCorpus(inputs: readonly string[], stdin: Readable, options: DocumentOptions & WalkOptions, skipped: (source: string, reason: string) => void): Promise<CorpusDocument[]> {
  const corpus: CorpusDocument[] = [];
  for await (const event of readDocuments(walkInputs(inputs, options), stdin, options)) {
    if (event.kind === 'skipped') skipped(event.source, event.reason);
    else if (event.kind === 'document') {
      const { text, html, source } = event.document;
      corpus.push({ text: html ? await extractTextWhenReady(text, htmlExtractor(options.html)) : text, source });
    }
  }
  return corpus;
}
