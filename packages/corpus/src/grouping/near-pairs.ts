// The pairs of documents the near tier joins by: those within the candidate distance, or of them the verified ones.
// Apart from group.ts, which re-exports it, so that leader-pairs.ts (which group.ts imports) can name it too.

/** Pairs (earlier[i], later[i]) of document numbers, earlier[i] < later[i], at distance[i]. */
export interface NearPairs {
  readonly earlier: Uint32Array;
  readonly later: Uint32Array;
  readonly distance: Uint8Array;
}
