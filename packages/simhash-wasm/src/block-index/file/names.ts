// Names in a serialized index (format 2, docs/file-formats.md) belong to ids in it: checked when writing and when
// reading. Sorted typed copies rather than a lookup per name: a million names check in tens of milliseconds.

/** The smallest named id that is not among ids[0 .. n - 1], or undefined if every one is. */
export function firstUnknownName(ids: Uint32Array, n: number, names: ReadonlyMap<number, string>): number | undefined {
  if (names.size === 0) return undefined;
  const sorted = ids.slice(0, n).sort();
  const named = Uint32Array.from(names.keys());
  // Already ascending when read from bytes (decodeIndex checks) or filled in id order: then not sorted again.
  for (let i = 1; i < named.length; i++) {
    if (named[i] < named[i - 1]) {
      named.sort();
      break;
    }
  }
  let at = 0;
  for (let i = 0; i < named.length; i++) {
    const id = named[i];
    while (at < n && sorted[at] < id) at++;
    if (at === n || sorted[at] !== id) return id;
  }
  return undefined;
}
