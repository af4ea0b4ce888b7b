// Views of a detached ArrayBuffer: after postMessage or structuredClone transfers a buffer's memory away, every view
// of it reads as empty, so a transferred document would hash as empty text and transferred fingerprints as no
// fingerprints. They are refused instead. Only an empty view can be one, so the check costs one length test on the
// hot path; the probe below runs for empty views only.

/** ArrayBuffer.prototype.detached (ES2024; missing in Node 20's V8), where there is one. */
const detachedGetter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detached')?.get;

function isDetachedBuffer(buffer: ArrayBufferLike): boolean {
  if (buffer.byteLength !== 0) return false;
  if (detachedGetter !== undefined && buffer instanceof ArrayBuffer) return detachedGetter.call(buffer) === true;
  try {
    // Constructing a view of a detached buffer is a TypeError; of an empty live one (or a shared one) it is not.
    new Uint8Array(buffer, 0, 0);
    return false;
  } catch {
    return true;
  }
}

/** Throws a TypeError naming `name` if `view` is a view of a detached ArrayBuffer. */
export function assertAttached(view: ArrayBufferView, name: string): void {
  if (view.byteLength === 0 && isDetachedBuffer(view.buffer)) {
    throw new TypeError(`${name} is a view of a detached ArrayBuffer: its memory was transferred away (postMessage, structuredClone with transfer) and can no longer be read; pass a copy made before the transfer`);
  }
}
