// Byte ranges of an open file, for readers that seek (Parquet reads its footer, then one row group's column chunks
// at a time): one file handle for the whole read, so a file of any size is never held in memory at once.
import { open, type FileHandle } from 'node:fs/promises';

export interface FileRangeReader {
  readonly byteLength: number;
  /** When the file was last changed (ms): with its length, whether a footer read before still holds. */
  readonly modified: number;
  /** Bytes [start, end) of the file (end defaults to its length), as a fresh ArrayBuffer. */
  slice(start: number, end?: number): Promise<ArrayBuffer>;
  close(): Promise<void>;
}

export async function openRangeReader(path: string): Promise<FileRangeReader> {
  const handle = await open(path, 'r');
  let byteLength: number;
  let modified: number;
  try {
    ({ size: byteLength, mtimeMs: modified } = await handle.stat());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return {
    byteLength,
    modified,
    slice: (start, end = byteLength) => readRange(handle, start, Math.min(end, byteLength)),
    close: () => handle.close(),
  };
}

async function readRange(handle: FileHandle, start: number, end: number): Promise<ArrayBuffer> {
  const buffer = new ArrayBuffer(Math.max(0, end - start));
  const bytes = new Uint8Array(buffer);
  let at = 0;
  while (at < bytes.length) {
    const { bytesRead } = await handle.read(bytes, at, bytes.length - at, start + at);
    if (bytesRead === 0) throw new Error(`file ended at byte ${start + at}, before byte ${end} (was it truncated while being read?)`);
    at += bytesRead;
  }
  return buffer;
}
