// The median of a benchmark's samples: the middle one, or the mean of the two in the middle of an even count. One
// definition for every suite, so their tables' "median" columns mean the same thing.
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
