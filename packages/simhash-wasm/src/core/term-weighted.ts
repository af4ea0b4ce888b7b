// An Engine seen through sublinear term weights: fingerprints come from the engine's feature hashes
// (sublinearFingerprint), so the engine's own counters, which can only add every occurrence, are bypassed.
import { sublinearFingerprint } from './term-weights.js';
import type { Engine, EngineStream, HasherConfig, Text } from './types.js';

/** The engine itself for 'tf' (the definition's own path, untouched); otherwise fingerprints over its features. */
export function termWeighted(engine: Engine, config: HasherConfig): Engine {
  const mode = config.termWeights;
  if (mode === undefined || mode === 'tf') return engine;
  const fingerprint = (text: Text) => sublinearFingerprint(engine.features(text, config.shingle, config.tokens), mode, config.weighting);
  return {
    name: engine.name,
    features: (text, shingle, tokens) => engine.features(text, shingle, tokens),
    featureHash: (shingleText) => engine.featureHash(shingleText),
    fingerprint,
    fingerprintMany: (texts) => BigUint64Array.from(texts, fingerprint),
    openStream: () => bufferedStream(fingerprint),
  };
}

/**
 * Counts need the whole document, so the stream keeps its chunks and fingerprints them at digest. Runs of string
 * chunks are joined before encoding (a surrogate pair cut between two string chunks stays one character); byte
 * chunks are concatenated, so a UTF-8 sequence cut between chunks decodes whole.
 */
function bufferedStream(fingerprint: (text: Text) => bigint): EngineStream {
  const chunks: Text[] = [];
  return {
    update(chunk) { chunks.push(typeof chunk === 'string' ? chunk : chunk.slice()); },
    digest() { return fingerprint(joinChunks(chunks)); },
  };
}

function joinChunks(chunks: readonly Text[]): Text {
  if (chunks.every((chunk) => typeof chunk === 'string')) return chunks.join('');
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let run: string[] = [];
  const flushRun = () => { if (run.length > 0) parts.push(encoder.encode(run.join(''))); run = []; };
  for (const chunk of chunks) {
    if (typeof chunk === 'string') run.push(chunk);
    else { flushRun(); parts.push(chunk); }
  }
  flushRun();
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) { bytes.set(part, at); at += part.length; }
  return bytes;
}
