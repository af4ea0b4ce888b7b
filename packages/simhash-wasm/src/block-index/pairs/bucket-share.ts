// How pairs() deals its work out to worker threads (src/pool): each table's buckets, cut so that every share gets
// about as many rows. pairs.ts and multi-index-pairs.ts both cut by it, so their shares together give each pair once.

/**
 * The buckets first .. end - 1 of table t (of `tables`, each of n rows, bucket offsets `offsets`) that share `part`
 * of `parts` takes: the tables' rows laid end to end are cut into `parts` equal stretches, and a bucket goes with the
 * stretch its first row is in (found by binary search: no pass over the buckets).
 */
export function bucketShare(offsets: Uint32Array, t: number, tables: number, n: number, part: number, parts: number): [number, number] {
  const buckets = offsets.length - 1;
  if (parts === 1) return [0, buckets];
  const total = tables * n;
  // Bucket b is in stretch p when p <= (t n + offsets[b]) parts / total < p + 1: the first bucket at or past p.
  const firstOf = (p: number) => {
    let low = 0, high = buckets;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((t * n + offsets[mid]) * parts < p * total) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  return [firstOf(part), firstOf(part + 1)];
}
