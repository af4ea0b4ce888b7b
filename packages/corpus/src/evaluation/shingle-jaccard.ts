// A judge of near-duplicates that does not use SimHash: the Jaccard similarity of two texts' sets of word 3-shingles
// (lowercased runs of letters and digits). It checks dedupe's groups (scripts/judge-dedupe.ts), so it must not share
// the fingerprint's code: a bug there would otherwise pass its own test.

const WORD = /[\p{L}\p{N}]+/gu;

/** A pair of documents is a copy, for the judge, when their word 3-shingle sets overlap this much (Jaccard). */
export const JUDGE_JACCARD = 0.5;

export function shingleSet(text: string, width = 3): Set<string> {
  const words = text.toLowerCase().match(WORD) ?? [];
  const shingles = new Set<string>();
  if (words.length < width) {
    if (words.length > 0) shingles.add(words.join(' '));
    return shingles;
  }
  for (let i = 0; i + width <= words.length; i++) shingles.add(words.slice(i, i + width).join(' '));
  return shingles;
}

/** |A ∩ B| / |A ∪ B|; 1 for two empty sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}
