// The pool's own task: fingerprintMany of a slice of a batch, with the worker's hasher.
import type { Text } from '../core/types.js';
import type { Task } from './task.js';

export const fingerprintTask: Task<readonly Text[], BigUint64Array> = {
  name: 'fingerprint',
  prepare: ({ hasher }) => (texts) => hasher.fingerprintMany(texts),
  transfer: (fingerprints) => [fingerprints.buffer as ArrayBuffer],
};
