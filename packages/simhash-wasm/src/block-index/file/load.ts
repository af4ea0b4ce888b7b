// Reading a serialized index: the bytes decoded and checked (serialize.ts), then what the format cannot check by
// itself: the pipeline version against the caller's, the layout against k, the order of the fingerprints, names
// only for ids in the index.
import { describe } from '../../core/bits.js';
import { assertAttached } from '../../core/detached.js';
import { DEFAULT_HASHER_VERSION } from '../../core/options.js';
import { binomial, MAX_TABLES } from '../plan/layout.js';
import { firstUnknownName } from './names.js';
import { decodeIndex, type DecodedImage } from './serialize.js';
import type { DeserializeOptions } from '../types.js';
import { checkVersion, MAX_K } from '../validate.js';

/** withNames false skips the names section (the checksum still covers it): deserialize() has no use for them. */
export function readImage(bytes: Uint8Array, options: DeserializeOptions, withNames: boolean): DecodedImage {
  if (!(bytes instanceof Uint8Array)) throw new TypeError(`bytes must be a Uint8Array, got ${describe(bytes)}`);
  assertAttached(bytes, 'bytes');
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const image = decodeIndex(bytes, withNames);
  const fail = (why: string): never => {
    throw new RangeError(`bytes is not a usable simhash-wasm index: ${why}`);
  };
  const { acceptAnyPipelineVersion } = options;
  if (acceptAnyPipelineVersion !== undefined && typeof acceptAnyPipelineVersion !== 'boolean') {
    throw new TypeError(`options.acceptAnyPipelineVersion must be a boolean, got ${describe(acceptAnyPipelineVersion)}`);
  }
  if (!acceptAnyPipelineVersion) {
    // Exactly: the shingle width and the weights change the fingerprints as much as the tokenizer does.
    const expected = options.pipelineVersion === undefined ? DEFAULT_HASHER_VERSION : checkVersion(options.pipelineVersion);
    if (image.pipelineVersion !== expected) {
      const whose = options.pipelineVersion === undefined ? ' (that of createSimHash() with default options)' : '';
      throw new RangeError(`bytes holds fingerprints of pipeline version "${image.pipelineVersion}", expected "${expected}"${whose}: fingerprints of different pipelines are not comparable. Pass { pipelineVersion: hasher.version } of the hasher that made them, or { acceptAnyPipelineVersion: true } to load it anyway`);
    }
  }
  if (image.k > MAX_K) fail(`maxDistance ${image.k} is above ${MAX_K}`);
  const shape = image.shape;
  if (typeof shape === 'number' && (shape < image.k + 1 || shape > 64 || binomial(shape, image.k) > MAX_TABLES)) {
    fail(`layout of ${shape} blocks is not valid for maxDistance ${image.k}`);
  }
  if (typeof shape === 'object' && (shape.substrings < 1 || shape.substrings > Math.min(image.k + 1, 64))) {
    fail(`layout of ${shape.substrings} substrings is not valid for maxDistance ${image.k}`);
  }
  const { n, hi, lo, ids } = image;
  for (let i = 1; i < n; i++) {
    if (hi[i - 1] > hi[i] || (hi[i - 1] === hi[i] && lo[i - 1] > lo[i])) fail(`fingerprints out of order at ${i}`);
  }
  let maxId = -1;
  for (let i = 0; i < n; i++) if (ids[i] > maxId) maxId = ids[i];
  if (n > 0 && image.nextId <= maxId) fail(`next id ${image.nextId} is not above the largest id ${maxId}`);
  const unknown = firstUnknownName(ids, n, image.names);
  if (unknown !== undefined) fail(`a name is given for id ${unknown}, which is not in the index`);
  return image;
}
