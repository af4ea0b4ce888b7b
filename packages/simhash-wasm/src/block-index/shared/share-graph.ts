// A copy of a run's object graph with every typed array on one SharedArrayBuffer: posted to a worker thread, the
// objects are cloned (a few hundred small ones) but the arrays are not, so every thread reads the same memory.
// Generic on purpose: whatever plain data a run holds (tables, sub-indexes in Maps, layouts) is carried, and a
// class instance it does not know is refused loudly rather than sent without its methods.

/** The memory the copies live on: shared where the platform allows it (Node; browsers when crossOriginIsolated). */
export function sharedMemoryAvailable(): boolean {
  if (typeof SharedArrayBuffer !== 'function') return false;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return isolated !== false;
}

export type Typed = ArrayBufferView & { readonly byteLength: number; set(source: ArrayLike<unknown>): void; readonly length: number };
type TypedConstructor = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => Typed;

/**
 * A deep copy of `value` whose typed arrays all sit on one new buffer (a SharedArrayBuffer when `shared`),
 * each array copied once however often it is referenced. Plain objects, arrays, Maps and primitives are copied
 * as they are; `keep` values (by identity) are used as they are, not copied.
 */
export function copyOntoOneBuffer<T>(value: T, shared: boolean, keep: ReadonlySet<unknown> = new Set()): { copy: T; bytes: number; copies: ReadonlyMap<Typed, Typed> } {
  const offsets = new Map<Typed, number>();
  let bytes = 0;
  walk(value, keep, (array) => {
    if (offsets.has(array)) return;
    offsets.set(array, bytes);
    bytes += (array.byteLength + 7) & ~7; // 8-byte aligned, for BigUint64Array and Float64Array
  });
  const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  const copies = new Map<Typed, Typed>();
  for (const [array, at] of offsets) {
    const copy = new (array.constructor as TypedConstructor)(buffer, at, array.length);
    copy.set(array as unknown as ArrayLike<unknown>);
    copies.set(array, copy);
  }
  return { copy: rebuild(value, keep, copies) as T, bytes, copies };
}

/**
 * Points the original graph's typed arrays at their copies, in place: its objects keep their shapes (the code that
 * reads them stays monomorphic) and the original arrays can be collected, so the data is in memory once. Only for
 * a graph nobody reads concurrently and whose arrays no one writes afterwards.
 */
export function switchToCopies(value: unknown, keep: ReadonlySet<unknown>, copies: ReadonlyMap<Typed, Typed>): void {
  if (value === null || typeof value !== 'object' || keep.has(value) || isTyped(value) || Object.isFrozen(value)) return;
  const swap = (v: unknown) => (v !== null && typeof v === 'object' && isTyped(v) ? copies.get(v) ?? v : v);
  if (value instanceof Map) {
    for (const [key, v] of value) {
      value.set(key, swap(v));
      switchToCopies(v, keep, copies);
    }
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const v = record[key];
    const copy = swap(v);
    if (copy !== v) record[key] = copy;
    else switchToCopies(v, keep, copies);
  }
}

function isTyped(value: object): value is Typed {
  return ArrayBuffer.isView(value) && !(value instanceof DataView);
}

function isPlain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function walk(value: unknown, keep: ReadonlySet<unknown>, visit: (array: Typed) => void): void {
  if (value === null || typeof value !== 'object' || keep.has(value)) return;
  if (isTyped(value)) return visit(value);
  if (Array.isArray(value)) return value.forEach((v) => walk(v, keep, visit));
  if (value instanceof Map) return value.forEach((v, key) => (walk(key, keep, visit), walk(v, keep, visit)));
  if (!isPlain(value)) throw new TypeError(`cannot copy a ${value.constructor?.name ?? 'class instance'} onto shared memory: only plain data crosses to worker threads`);
  for (const v of Object.values(value)) walk(v, keep, visit);
}

function rebuild(value: unknown, keep: ReadonlySet<unknown>, copies: ReadonlyMap<Typed, Typed>): unknown {
  if (value === null || typeof value !== 'object' || keep.has(value)) return value;
  if (isTyped(value)) return copies.get(value)!;
  if (Array.isArray(value)) return value.map((v) => rebuild(v, keep, copies));
  if (value instanceof Map) return new Map([...value].map(([key, v]) => [rebuild(key, keep, copies), rebuild(v, keep, copies)]));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = rebuild(v, keep, copies);
  return out;
}
