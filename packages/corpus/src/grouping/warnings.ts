// Signs that a dedupe run's k is letting unrelated documents in. A threshold that suits balanced labelled pairs can
// be far too wide for a corpus, whose unrelated pairs grow with N²; the symptoms are visible in the groups alone.
import type { Grouping } from './group.js';

/**
 * Near members (dropped as near-duplicates) above this share of the documents compared. On the SpamAssassin bodies:
 * 3% at k = 3 and 10% at k = 10, where 96% and 92% of them are right; 28% at k = 16, where 43% are; 89% at k = 22.
 */
export const NEAR_SHARE_WARNING = 0.2;
/**
 * One near group holding more than this share of the documents compared (and at least GIANT_GROUP_MIN of them):
 * SpamAssassin's largest is 12 to 15 of 5,960 at k = 3 to 16, and 90 at k = 22, where unrelated mail joins up.
 */
export const GIANT_GROUP_SHARE = 0.01;
export const GIANT_GROUP_MIN = 20;

export function runWarnings(grouping: Grouping, documents: number, maxDistance: number): string[] {
  const compared = documents - grouping.tooShort.length;
  if (compared <= 0) return [];
  const warnings: string[] = [];
  let near = 0, largest = 0;
  for (const group of grouping.groups) {
    near += group.members.filter((m) => m.tier === 'near').length;
    if (group.tier === 'near') largest = Math.max(largest, group.members.length);
  }
  const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (near / compared > NEAR_SHARE_WARNING) {
    warnings.push(`${percent(near / compared)} of the documents compared are near-duplicates at k = ${maxDistance}: k is probably too large for this corpus (\`simhash eval --corpus\` recommends one)`);
  }
  if (largest >= GIANT_GROUP_MIN && largest / compared > GIANT_GROUP_SHARE) {
    warnings.push(`one group holds ${largest} documents (${percent(largest / compared)} of those compared) at k = ${maxDistance}: unrelated documents may be joining up (\`simhash eval --corpus\` recommends a k)`);
  }
  return warnings;
}
