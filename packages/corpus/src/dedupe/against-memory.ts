// dedupe()'s `against`: reference documents in memory, analysed by the run's own analyzer (the same pipeline, so the
// same fingerprints and sketches), their texts shingled again only for the pairs their sketches leave in doubt.
import { describe } from 'simhash-wasm/internal';
import type { SimHash } from 'simhash-wasm';
import type { AnalyzeInput } from '../analysis/analyze-document.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { SKETCH_BINS } from '../analysis/minhash-sketch.js';
import { extractText, type HtmlExtractor } from '../html/extractor.js';
import { shingleHashes } from '../grouping/verify.js';
import { memoryReference, type ReferenceSet } from '../grouping/reference-set.js';

const BATCH = 512;

export interface MemoryReferenceSettings {
  readonly analyzer: Analyzer;
  readonly html: false | HtmlExtractor;
  /** For the exact sets of a verified run; absent with verify 'off'. */
  readonly hasher?: SimHash;
}

export async function referenceFromDocuments(against: unknown, settings: MemoryReferenceSettings): Promise<ReferenceSet> {
  if (!Array.isArray(against)) throw new TypeError(`options.against must be an array of { id, text }, got ${describe(against)}`);
  const documents = against as readonly unknown[];
  const names: (string | number)[] = [];
  const texts: string[] = [];
  documents.forEach((document, i) => {
    if (document === null || typeof document !== 'object') throw new TypeError(`options.against[${i}] must be an object { id, text }, got ${describe(document)}`);
    const { id, text } = document as { id: unknown; text: unknown };
    if (typeof id !== 'string' && typeof id !== 'number') throw new TypeError(`options.against[${i}].id must be a string or a number, got ${describe(id)}`);
    if (typeof text !== 'string') throw new TypeError(`options.against[${i}].text must be a string, got ${describe(text)}`);
    names.push(id);
    texts.push(text);
  });
  const fingerprints = new BigUint64Array(texts.length);
  const tokens = new Uint32Array(texts.length);
  const sketches = new Uint32Array(settings.hasher === undefined ? 0 : texts.length * SKETCH_BINS);
  for (let start = 0; start < texts.length; start += BATCH) {
    const inputs: AnalyzeInput[] = texts.slice(start, start + BATCH).map((text) => ({ text, html: settings.html }));
    // A sample level asks for the sketches; the sample's sets that come with them are not used.
    const analysis = await settings.analyzer.analyze(inputs, settings.hasher === undefined ? {} : { sampleLevel: 32 });
    fingerprints.set(analysis.fingerprints, start);
    tokens.set(analysis.tokens, start);
    if (settings.hasher !== undefined) sketches.set(analysis.sketches, start * SKETCH_BINS);
  }
  const { hasher, html } = settings;
  return memoryReference({
    names, fingerprints, tokens, sketches,
    ...(hasher === undefined ? {} : {
      async *sets(want: (entry: number) => boolean) {
        for (let doc = 0; doc < texts.length; doc++) if (want(doc)) yield { doc, set: shingleHashes(hasher, html === false ? texts[doc] : extractText(texts[doc], html)) };
      },
    }),
  });
}
