// `dedupe --against FILE` where FILE is an index (`simhash index build`): its entries' fingerprints and names, and
// with a file written by `index build --sketches` their sketches, which are all there is to verify a pair by (an index
// keeps no text: grouping/reference-match.ts). An index without sketches can be used only with --verify off.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { EMPTY_BIN, REFERENCE_BINS } from '../analysis/minhash-sketch.js';
import { memoryReference, type ReferenceSet } from '../grouping/reference-set.js';
import { looksLikeIndexFile, nameOf } from './index-file.js';
import { readIndexFile } from './index-output.js';
import { UsageError } from './context.js';

/** A regular file that begins as an index file does. */
export function isIndexFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    const fd = openSync(path, 'r');
    try {
      const head = new Uint8Array(8);
      return readSync(fd, head, 0, 8, 0) === 8 && looksLikeIndexFile(head);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false; // not readable here: read as documents, which reports why
  }
}

/**
 * The entries of the index file, in id order; a damaged file is a UsageError (exit 2), as for index query.
 * `sketchBins`: the bins of its sketches (REFERENCE_BINS, or SKETCH_BINS in a file of an older simhash).
 */
export function readReferenceIndex(path: string): { readonly pipelineVersion: string; readonly reference: ReferenceSet; readonly sketchBins?: number } {
  const { index, names, sketches, sketchBins } = readIndexFile(path);
  const bins = sketchBins ?? REFERENCE_BINS;
  // Every entry the command line writes has a name (and, with sketches, a sketch); an application's may have neither.
  const ids = [...new Set([...names.keys(), ...(sketches?.keys() ?? [])])].filter((id) => index.has(id)).sort((a, b) => a - b);
  // An index holds no list of its ids: those without a name or a sketch (an application's serialize()) cannot be found.
  if (ids.length < index.size) throw new UsageError(`--against ${path}: ${index.size - ids.length} of its ${index.size} entries have no name (an index an application serialized): build the reference with simhash index build --sketches`);
  const all = new Uint32Array(sketches === undefined ? 0 : ids.length * bins);
  if (sketches !== undefined) ids.forEach((id, i) => all.set(sketches.get(id) ?? new Uint32Array(bins).fill(EMPTY_BIN), i * bins));
  return {
    pipelineVersion: index.pipelineVersion,
    ...(sketchBins === undefined ? {} : { sketchBins }),
    reference: memoryReference({ names: ids.map((id) => nameOf(names, id)), fingerprints: BigUint64Array.from(ids, (id) => index.get(id)!), sketches: all, bins }),
  };
}
