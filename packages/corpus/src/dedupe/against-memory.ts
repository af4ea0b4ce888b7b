// dedupe()'s `against`: reference documents in memory, read and analysed as the run's own documents are
// (memory-documents.ts, on the run's analyzer: the same fingerprints and sketches), their texts shingled again only
// for the pairs their sketches leave in doubt.
import { describe } from 'simhash-wasm/internal';
import type { SimHash } from 'simhash-wasm';
import type { AnalyzedBatch } from '../analysis/analyze-document.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import { joinBatches } from '../analysis/batch-arrays.js';
import { extractTextWhenReady, type HtmlExtractor } from '../html/extractor.js';
import { shingleHashes } from '../grouping/verify.js';
import { memoryReference, type ReferenceSet } from '../grouping/reference-set.js';
import { analyzeMemoryDocuments, type MemoryDocument } from './memory-documents.js';

export interface MemoryReferenceSettings {
  readonly analyzer: Analyzer;
  readonly html: false | HtmlExtractor;
  /** For the exact sets of a verified run; absent with verify 'off'. */
  readonly hasher?: SimHash;
}

export async function referenceFromDocuments(against: unknown, settings: MemoryReferenceSettings): Promise<ReferenceSet> {
  if (!Array.isArray(against)) throw new TypeError(`options.against must be an array of { id, text }, got ${describe(against)}`);
  const names: (string | number)[] = [];
  const texts: string[] = [];
  const { hasher, html } = settings;
  // A sample asks for the sketches; its sets are not used.
  const sample = hasher === undefined ? undefined : new BoilerplateSample();
  const batches: AnalyzedBatch[] = [];
  const read = (_doc: number, { id, text }: MemoryDocument) => (names.push(id), texts.push(text));
  for await (const batch of analyzeMemoryDocuments(against as readonly unknown[], { analyzer: settings.analyzer, html, label: 'options.against', sample, read })) batches.push(batch);
  const { fingerprints, tokens, sketches } = joinBatches(batches);
  return memoryReference({
    names, fingerprints, tokens, sketches,
    ...(hasher === undefined ? {} : {
      async *sets(want: (entry: number) => boolean) {
        for (let doc = 0; doc < texts.length; doc++) if (want(doc)) yield { doc, set: shingleHashes(hasher, html === false ? texts[doc] : await extractTextWhenReady(texts[doc], html)) };
      },
    }),
  });
}
