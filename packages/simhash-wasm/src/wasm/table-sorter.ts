// ScanKernel.tableOrder in the scan module (assembly/scan/table-sort.ts says how it sorts): the arrays placed, the
// call, the results taken out. In an instance of its own, not the scans': a sort needs 32 bytes a row while it runs,
// and WebAssembly memory never shrinks. The instance serves the sorts of one synchronous run of code (an index's
// tables are built in one: addMany's four, whose memory is then grown and faulted in once, not four times) and is
// let go when it ends, so the library keeps none of it.
import type { TableOrder } from '../core/scan-kernel.js';

interface SortExports {
  readonly memory: WebAssembly.Memory;
  reserve(bytes: number): number;
  tableSort(first: number, second: number, n: number, withPayload: number, terms: number, hiCount: number, loCount: number, backHiCount: number, backLoCount: number, counts: number): number;
}

/** Where the arrays start: past anything the module itself keeps (it keeps nothing; one page to spare). */
const BASE = 65536;
/** Bytes of a record (assembly/scan/table-sort.ts), and of the radix passes' digit counts (8-bit digits). */
const RECORD = 16, COUNTS_BYTES = 4 << 8;

export class TableSorter {
  #current: SortExports | null = null;

  constructor(private readonly module: WebAssembly.Module) {}

  /** The instance of this run of code: made at its first sort, let go once the run ends (a microtask then). */
  #instance(): SortExports {
    if (this.#current === null) {
      this.#current = new WebAssembly.Instance(this.module, {}).exports as unknown as SortExports;
      queueMicrotask(() => { this.#current = null; });
    }
    return this.#current;
  }

  /** ScanKernel.tableOrder: `back` are the inverse permutation's terms (tables/permutation.ts's inverseHiTerms and inverseLoTerms). */
  order(terms: readonly [hi: Int32Array, lo: Int32Array, backHi: Int32Array, backLo: Int32Array], hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): TableOrder | null {
    const first = BASE, second = first + RECORD * n, counts = second + RECORD * n, termsAt = counts + COUNTS_BYTES;
    const bytes = termsAt + terms.reduce((sum, t) => sum + 4 * t.length, 0);
    const ex = this.#instance();
    if (ex.memory.buffer.byteLength < bytes && !ex.reserve(bytes)) return null;
    const words = new Uint32Array(ex.memory.buffer);
    // Rows are placed, and come back, as u32 arrays one after another: `at` counts in u32.
    let at = second >>> 2;
    for (const array of payload === null ? [hi, lo] : [hi, lo, payload]) {
      words.set(array.subarray(0, n), at);
      at += n;
    }
    at = termsAt >>> 2;
    for (const t of terms) {
      words.set(t, at);
      at += t.length;
    }
    const out = ex.tableSort(first, second, n, payload === null ? 0 : 1, termsAt, terms[0].length / 4, terms[1].length / 4, terms[2].length / 4, terms[3].length / 4, counts) >>> 2;
    const column = (i: number) => words.subarray(out + i * n, out + (i + 1) * n);
    const order = { permutedHi: column(0), hi: column(1).slice(), lo: column(2).slice() };
    payload?.set(column(3));
    return order;
  }
}

