// ScanKernel.tableOrder in the scan module (assembly/scan/table-sort.ts says how it sorts): the arrays placed, the
// call, the results taken out. In an instance of its own for each sort, not the scans': a sort needs 36 bytes a row
// while it runs, and WebAssembly memory never shrinks, so memory kept between sorts would stay the library's for
// good (36 MB after an index of 1M fingerprints). A fresh instance of the compiled module costs microseconds.
import type { TableOrder } from '../core/scan-kernel.js';

interface SortExports {
  readonly memory: WebAssembly.Memory;
  reserve(bytes: number): number;
  tableSort(hi: number, lo: number, payload: number, withPayload: number, n: number, permHi: number, permLo: number, hiTerms: number, hiTermCount: number, loTerms: number, loTermCount: number, items: number, other: number, counts: number): number;
}

/** Where the arrays start: past anything the module itself keeps (it keeps nothing; one page to spare). */
const BASE = 65536;
/** The radix passes' digit counts: 16-bit digits. */
const COUNTS_BYTES = 4 << 16;

export class TableSorter {
  constructor(private readonly module: WebAssembly.Module) {}

  order(hiTerms: Int32Array, loTerms: Int32Array, hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): TableOrder | null {
    const rows = 4 * n;
    const hiAt = BASE, loAt = hiAt + rows, payloadAt = loAt + rows, permHiAt = payloadAt + rows, permLoAt = permHiAt + rows;
    const hiTermsAt = permLoAt + rows, loTermsAt = hiTermsAt + 4 * hiTerms.length;
    const itemsAt = align8(loTermsAt + 4 * loTerms.length), otherAt = itemsAt + 8 * n, countsAt = otherAt + 8 * n;
    const bytes = countsAt + COUNTS_BYTES;
    const ex = new WebAssembly.Instance(this.module, {}).exports as unknown as SortExports;
    if (ex.memory.buffer.byteLength < bytes && !ex.reserve(bytes)) return null;
    const words = new Uint32Array(ex.memory.buffer);
    words.set(hi.subarray(0, n), hiAt / 4);
    words.set(lo.subarray(0, n), loAt / 4);
    if (payload !== null) words.set(payload.subarray(0, n), payloadAt / 4);
    new Int32Array(ex.memory.buffer).set(hiTerms, hiTermsAt / 4);
    new Int32Array(ex.memory.buffer).set(loTerms, loTermsAt / 4);
    const out = ex.tableSort(hiAt, loAt, payloadAt, payload === null ? 0 : 1, n, permHiAt, permLoAt, hiTermsAt, hiTerms.length / 4, loTermsAt, loTerms.length / 4, itemsAt, otherAt, countsAt);
    const order = { permutedHi: words.slice(permHiAt / 4, permHiAt / 4 + n), hi: words.slice(out / 4, out / 4 + n), lo: words.slice(out / 4 + n, out / 4 + 2 * n) };
    if (payload !== null) payload.set(words.subarray(permLoAt / 4, permLoAt / 4 + n));
    return order;
  }
}

const align8 = (at: number) => (at + 7) & ~7;
