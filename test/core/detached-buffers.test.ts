// Views of a detached ArrayBuffer (memory transferred by postMessage or structuredClone) read as empty: every entry
// point that takes a typed array refuses them with a TypeError naming the argument, and keeps working afterwards.
// Empty views of live memory stay valid input.
import { MessageChannel } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';

beforeAll(initAll);

const TEXT = 'a document about transferring buffers between threads';
const DETACHED = /is a view of a detached ArrayBuffer/;

/** `view`, its buffer transferred away by structuredClone (the copy is dropped). */
function detach<T extends ArrayBufferView>(view: T): T {
  structuredClone(view, { transfer: [view.buffer as ArrayBuffer] });
  expect(view.byteLength).toBe(0);
  return view;
}

function detachedText(): Uint8Array {
  return detach(new TextEncoder().encode(TEXT));
}

/** Throws a TypeError whose message names `name` and says the buffer is detached. */
function expectDetachedError(call: () => unknown, name: string): void {
  let error: unknown;
  try {
    call();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(TypeError);
  expect((error as Error).message).toMatch(DETACHED);
  expect((error as Error).message.startsWith(`${name} is a view`)).toBe(true);
}

describe.each(entries)('detached buffers, %s entry', (_, entry) => {
  it('fingerprint, fingerprintHex and features refuse a detached text and stay usable', () => {
    const hasher = entry.createSimHash();
    const expected = hasher.fingerprint(TEXT);
    expectDetachedError(() => hasher.fingerprint(detachedText()), 'text');
    expectDetachedError(() => hasher.fingerprintHex(detachedText()), 'text');
    expectDetachedError(() => hasher.features(detachedText()), 'text');
    expect(hasher.fingerprint(new TextEncoder().encode(TEXT))).toBe(expected);
    expect(hasher.features(TEXT).length).toBeGreaterThan(0);
  });

  it('a buffer transferred by postMessage is refused too', () => {
    const hasher = entry.createSimHash();
    const bytes = new TextEncoder().encode(TEXT);
    const { port1, port2 } = new MessageChannel();
    try {
      port1.postMessage(bytes, [bytes.buffer]);
    } finally {
      port1.close();
      port2.close();
    }
    expectDetachedError(() => hasher.fingerprint(bytes), 'text');
  });

  it('fingerprintMany names the detached element and stays usable', () => {
    const hasher = entry.createSimHash();
    const live = new TextEncoder().encode(TEXT);
    expectDetachedError(() => hasher.fingerprintMany(['one', detachedText(), 'three']), 'texts[1]');
    expectDetachedError(() => hasher.fingerprintMany(new Set([detachedText()])), 'texts[0]');
    expect(hasher.fingerprintMany(['one', live])).toEqual(BigUint64Array.from([hasher.fingerprint('one'), hasher.fingerprint(TEXT)]));
  });

  it('stream().update refuses a detached chunk; the stream goes on', () => {
    const hasher = entry.createSimHash();
    const stream = hasher.stream().update('a document about ');
    expectDetachedError(() => stream.update(detachedText()), 'chunk');
    expect(stream.update('transferring buffers between threads').digest()).toBe(hasher.fingerprint(TEXT));
  });

  it('createIdfWeights names the detached document of the corpus', () => {
    expectDetachedError(() => entry.createIdfWeights(['first', detachedText()]), 'corpus[1]');
  });

  it('empty views of live memory are valid input: the empty text', () => {
    const hasher = entry.createSimHash();
    const empty = hasher.fingerprint('');
    const views = [
      new Uint8Array(0),
      new Uint8Array(new ArrayBuffer(0)),
      new TextEncoder().encode(TEXT).subarray(5, 5),
      new Uint8Array(new SharedArrayBuffer(0)),
      Buffer.alloc(0),
    ];
    for (const view of views) {
      expect(hasher.fingerprint(view)).toBe(empty);
      expect(hasher.features(view).length).toBe(0);
      expect(hasher.stream().update(view).digest()).toBe(empty);
    }
    expect(hasher.fingerprintMany(views)).toEqual(new BigUint64Array(views.length).fill(empty));
  });

  it('SimHashIndex: addMany, queryMany and deserialize refuse detached arrays and stay usable', () => {
    const index = new entry.SimHashIndex();
    index.addMany(BigUint64Array.from([1n, 2n, 0xffn]));
    const bytes = index.serialize();
    expectDetachedError(() => index.addMany(detach(BigUint64Array.from([5n, 6n]))), 'fingerprints');
    expectDetachedError(() => index.addMany(BigUint64Array.from([5n, 6n]), detach(Uint32Array.from([10, 11]))), 'ids');
    expectDetachedError(() => index.queryMany(detach(BigUint64Array.from([1n]))), 'fingerprints');
    expectDetachedError(() => entry.SimHashIndex.deserialize(detach(bytes.slice())), 'bytes');
    expect(index.size).toBe(3);
    expect(Array.from(index.addMany(BigUint64Array.from([5n, 6n]), Uint32Array.from([10, 11])))).toEqual([10, 11]);
    // 1 is within 3 bits of 1, 5, 2 and 6 (not of 0xff), by distance: ids 0, 10, 1, 11.
    expect(index.queryMany(BigUint64Array.from([1n])).ids).toEqual(Uint32Array.from([0, 10, 1, 11]));
    expect(entry.SimHashIndex.deserialize(bytes).size).toBe(3);
    // Empty arrays of live memory stay valid.
    expect(index.addMany(new BigUint64Array(0), new Uint32Array(0)).length).toBe(0);
    expect(index.queryMany(new BigUint64Array(0)).offsets).toEqual(Uint32Array.from([0]));
  });
});
