// What size 'auto' plans the layout for. The plan depends on the size alone (rounded down to a step of a grid a
// quarter-octave apart; none below PLAN_MIN), never on the batches that led there, so an index grown in any steps,
// or saved and loaded on the way, has the layout a fresh index of its size has. A re-plan rebuilds the tables only
// when the layout it picks differs, which happens at a few sizes only; the grid keeps the planned size within 19%
// of the real one (planning once per doubling let the cost model's pick be off by up to 2×).

/** Below this many fingerprints 'auto' keeps the layout it started with (planned for expectedSize, or for 0). */
export const PLAN_MIN = 1024;
const STEPS_PER_DOUBLING = 4;

/** PLAN_MIN · 2^(j/4), j = 0, 1, ...: every size up to 2^33 (more than an index can hold, ids being 32-bit). */
const GRID: readonly number[] = (() => {
  const grid: number[] = [];
  for (let j = 0; PLAN_MIN * 2 ** (j / STEPS_PER_DOUBLING) <= 2 ** 33; j++) grid.push(Math.floor(PLAN_MIN * 2 ** (j / STEPS_PER_DOUBLING)));
  return grid;
})();

/** The size an 'auto' index of `size` fingerprints plans for: the grid step at or below it, or expectedSize if larger. */
export function planSize(size: number, expectedSize: number): number {
  let plan = 0;
  if (size >= PLAN_MIN) {
    let low = 0, high = GRID.length - 1; // the last grid step <= size
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (GRID[mid] <= size) low = mid;
      else high = mid - 1;
    }
    plan = GRID[low];
  }
  return Math.max(plan, expectedSize);
}

/**
 * Whether an index planned for `planned` re-plans at `size`: up as soon as the plan grows, down only once the size
 * has halved, so adds and removes around one size do not rebuild the tables back and forth.
 */
export function needsReplan(planned: number, size: number, expectedSize: number): boolean {
  const target = planSize(size, expectedSize);
  if (target > planned) return true;
  return target < planned && 2 * Math.max(size, expectedSize) <= planned;
}
