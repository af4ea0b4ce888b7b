// A set of tables over the same fingerprints whose keys together cover every way k bits can differ: the tables
// of a run (the layout's keys), or of a sub-index of one oversized bucket (sub-index.ts).
import type { Table, TableSet, TableSpec } from '../types.js';
import { buildSubIndexes } from './sub-index.js';
import { buildTable, tableBytes } from './table.js';

/**
 * Builds the tables for n fingerprints in (srcHi, srcLo), original bit order. `sorted`: the input is ascending.
 * `payload` (table 0's ids) is sorted along with table 0, which must then have the identity permutation.
 */
export function buildTableSet(specs: readonly TableSpec[], srcHi: Uint32Array, srcLo: Uint32Array, n: number, sorted: boolean, k: number, depth: number, payload: Uint32Array | null = null): TableSet {
  const tables: Table[] = [];
  // Table 0 first: when its permutation is the identity it sorts the source in place, and the other tables then
  // permute from sorted input (which keeps their radix passes' writes closer together).
  for (let t = 0; t < specs.length; t++) {
    const table = buildTable(specs[t].parts, srcHi, srcLo, n, sorted, t === 0 ? payload : null);
    tables.push(table);
    if (t === 0 && table.identity) {
      srcHi = table.hi;
      srcLo = table.lo;
      sorted = true;
    }
  }
  return assembleTableSet(specs, tables, n, k, depth);
}

/** A table set from its tables, built already (by buildTable, or by merging runs): adds the sub-indexes. */
export function assembleTableSet(specs: readonly TableSpec[], tables: Table[], n: number, k: number, depth: number): TableSet {
  const maskHi = new Uint32Array(specs.length);
  const maskLo = new Uint32Array(specs.length);
  specs.forEach((spec, t) => {
    for (const [h, l] of spec.parts) {
      maskHi[t] |= h;
      maskLo[t] |= l;
    }
  });
  for (const table of tables) {
    table.children = buildSubIndexes(table, n, k, depth, buildTableSet);
    if (table.children === null) continue;
    const bits = new Uint32Array(((table.offsets.length - 1) >>> 5) + 1);
    for (const b of table.children.keys()) bits[b >>> 5] |= 1 << (b & 31);
    table.childBits = bits;
  }
  let bytes = maskHi.byteLength * 2;
  for (const table of tables) bytes += tableBytes(table);
  return { maskHi, maskLo, tables, entries: n, bytes, depth };
}

/**
 * Index of the first table of a set (by its maskHi, maskLo) whose key the xor x of two fingerprints leaves untouched,
 * -1 if none (x is beyond k). A pair met in several tables counts only in this one, so it is reported once.
 */
export function firstMatch(maskHi: Uint32Array, maskLo: Uint32Array, xHi: number, xLo: number): number {
  for (let t = 0; t < maskHi.length; t++) {
    if (((maskHi[t] & xHi) | (maskLo[t] & xLo)) === 0) return t;
  }
  return -1;
}
