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
/**
 * Or a near group this many times the next largest (and at least GIANT_GROUP_MIN): far larger than the rest, whatever
 * its share. With verification a group grows only through verified edges, so one that dwarfs the others is the
 * place to look first (shared boilerplate the count missed, a template, a real campaign).
 */
export const GIANT_GROUP_RATIO = 10;

export function runWarnings(grouping: Grouping, documents: number, maxDistance: number): string[] {
  const compared = documents - grouping.tooShort.length;
  if (compared <= 0) return [];
  const warnings: string[] = [];
  let near = 0;
  for (const group of grouping.groups) near += group.members.filter((m) => m.tier === 'near').length;
  if (near / compared > NEAR_SHARE_WARNING) {
    warnings.push(`${percent(near / compared)} of the documents compared are near-duplicates at k = ${maxDistance}: k is probably too large for this corpus (\`simhash eval --corpus\` recommends one)`);
  }
  const giant = giantGroupWarning(grouping.groups.map((g, i) => ({ number: i + 1, size: g.members.length, near: g.tier === 'near' })), compared, maxDistance);
  if (giant !== undefined) warnings.push(giant);
  return warnings;
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The largest near group, when it holds too large a share of the documents compared or is far larger than the
 * next (GIANT_GROUP_RATIO); the report page (report-page/report-data.ts) shows the same line.
 */
export function giantGroupWarning(groups: readonly { number: number; size: number; near: boolean }[], compared: number, maxDistance: number): string | undefined {
  let largest: { number: number; size: number } | undefined;
  for (const g of groups) if (g.near && (largest === undefined || g.size > largest.size)) largest = g;
  // The next largest group of either tier: what "the rest" look like.
  let next = 0;
  for (const g of groups) if (g !== largest) next = Math.max(next, g.size);
  if (largest === undefined || largest.size < GIANT_GROUP_MIN || compared <= 0) return undefined;
  const share = largest.size / compared > GIANT_GROUP_SHARE;
  const dwarfs = next > 0 && largest.size >= GIANT_GROUP_RATIO * next;
  if (!share && !dwarfs) return undefined;
  return `one group holds ${largest.size} documents (${percent(largest.size / compared)} of those compared) at k = ${maxDistance}`
    + (dwarfs ? `, ${Math.floor(largest.size / next)} times the next largest (${next}); it is group ${largest.number}` : `; it is group ${largest.number}`)
    + `: unrelated documents may be joining up (\`simhash eval --corpus\` recommends a k)`;
}
