// Work on many items (queries, ids to write or remove) goes out a round at a time. The commands of a round are sent
// together, one pipeline per master, and the last reply waits behind every command before it. ioredis times a
// command from when it is sent (10 s by default, connect.ts), so a round must be small enough that its last reply
// arrives in time on a loaded machine. A round of 10,000 queries (about 40,000 GETs at k = 3) took 0.7 s on an idle
// 2-core machine. Under a full test run's load it timed out. A round of 2,048 items keeps a command's wait to about
// 10,000 others: a claim, k + 1 appends and a few removals an id; k + 1 GETs a query.
export const ITEMS_PER_ROUND = 2048;

/** Calls `round(start, end)` over [0, count) in rounds of at most `size` items, each after the one before has ended. */
export async function eachRound(count: number, round: (start: number, end: number) => Promise<void>, size = ITEMS_PER_ROUND): Promise<void> {
  for (let start = 0; start < count; start += size) await round(start, Math.min(count, start + size));
}
