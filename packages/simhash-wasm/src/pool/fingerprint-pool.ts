// fingerprintMany over worker threads: the batch is cut into chunks of about equal bytes, hashed in parallel, and
// put back in order. Every worker runs the same engine and options, so the result equals one thread's, bit for bit.
import { availableParallelism } from 'node:os';
import { describe } from '../core/bits.js';
import { assertText } from '../core/simhash.js';
import { ENGINE_NAMES, type EngineName, type SimHashOptions, type Text } from '../core/types.js';
import { loadEntry } from './engine-entry.js';
import { fingerprintTask } from './fingerprint-task.js';
import { WorkerPool } from './worker-pool.js';
import { findWorkerScript } from './worker-url.js';

export interface FingerprintPoolOptions extends Omit<SimHashOptions, 'weights'> {
  /** Worker threads; default the number of cores (os.availableParallelism()). */
  threads?: number;
  /** 'wasm' (default) or 'pure'. */
  engine?: EngineName;
  /** As for createSimHash, but a Map only: a function cannot be sent to another thread. */
  weights?: ReadonlyMap<string | bigint, number>;
}

export interface FingerprintPool {
  readonly threads: number;
  /** Pipeline version of the fingerprints, as `createSimHash(options).version`. */
  readonly version: string;
  /** The fingerprints of `texts`, in order: the same values as `createSimHash(options).fingerprintMany(texts)`. */
  fingerprintMany(texts: Iterable<Text>): Promise<BigUint64Array>;
  /** Ends the workers; calls still waiting reject. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export const MAX_THREADS = 256;
/** Chunks per thread: enough to even out documents of unequal length, few enough to keep messages large. */
const CHUNKS_PER_THREAD = 4;
const MIN_CHUNK_BYTES = 64 * 1024;
const MAX_CHUNK_BYTES = 1 << 20;

export function checkThreads(threads: unknown, name: string): number {
  if (typeof threads !== 'number' || !Number.isInteger(threads)) throw new TypeError(`${name} must be an integer, got ${describe(threads)}`);
  if (threads < 1 || threads > MAX_THREADS) throw new RangeError(`${name} must be from 1 to ${MAX_THREADS}, got ${threads}`);
  return threads;
}

export function defaultThreads(): number {
  return Math.min(availableParallelism(), MAX_THREADS);
}

/** Starts the workers (each compiles the engine once); resolves when all are ready. */
export async function createFingerprintPool(options: FingerprintPoolOptions = {}): Promise<FingerprintPool> {
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const threads = options.threads === undefined ? defaultThreads() : checkThreads(options.threads, 'options.threads');
  const engine = options.engine ?? 'wasm';
  if (!ENGINE_NAMES.includes(engine)) throw new TypeError(`options.engine must be ${ENGINE_NAMES.map((e) => `'${e}'`).join(' or ')}, got ${describe(engine)}`);
  if (typeof options.weights === 'function') throw new TypeError('options.weights must be a Map for a pool: a weight function cannot be sent to worker threads');
  // A hasher here checks every option once, with the library's own messages, before any worker starts.
  const setup = { engine, shingle: options.shingle, weights: options.weights, defaultWeight: options.defaultWeight, tokens: options.tokens , termWeights: options.termWeights };
  const { version } = (await loadEntry(engine)).createSimHash(setup);
  const pool = await WorkerPool.start(threads, setup, findWorkerScript(import.meta.url, { built: 'pool-worker.js', source: './worker.ts' }));
  const close = () => pool.close();
  return {
    threads,
    version,
    async fingerprintMany(texts: Iterable<Text>): Promise<BigUint64Array> {
      const list = textList(texts);
      const out = new BigUint64Array(list.length);
      await Promise.all(chunks(list, threads).map(async ([start, end]) => {
        out.set(await pool.run(fingerprintTask, list.slice(start, end)), start);
      }));
      return out;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function textList(texts: Iterable<Text>): readonly Text[] {
  if (texts === null || typeof texts === 'string' || typeof (texts as Iterable<Text>)?.[Symbol.iterator] !== 'function') {
    throw new TypeError(`texts must be an iterable of strings or Uint8Arrays, got ${describe(texts)}`);
  }
  const list = Array.isArray(texts) ? (texts as Text[]) : Array.from(texts);
  list.forEach((text, i) => assertText(text, `texts[${i}]`));
  return list;
}

/** [start, end) ranges of about equal size (string length stands in for bytes). */
export function chunks(list: readonly { length: number }[], threads: number): [number, number][] {
  let total = 0;
  for (const item of list) total += item.length;
  const target = Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, total / (threads * CHUNKS_PER_THREAD)));
  const ranges: [number, number][] = [];
  let start = 0;
  let size = 0;
  for (let i = 0; i < list.length; i++) {
    size += list[i].length;
    if (size >= target) {
      ranges.push([start, i + 1]);
      start = i + 1;
      size = 0;
    }
  }
  if (start < list.length) ranges.push([start, list.length]);
  return ranges;
}
