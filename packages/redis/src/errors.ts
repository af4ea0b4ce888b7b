// The errors the Redis index throws of its own (argument errors are TypeError and RangeError, as everywhere).

/** Redis cannot give a trustworthy answer: unreachable, or a node lost the index's data. */
export class RedisIndexError extends Error {
  override name = 'RedisIndexError';
}

/** A node lost the index's data (its slot marker is gone, as after a restart without persistence). */
export class RedisIndexDataLostError extends RedisIndexError {
  override name = 'RedisIndexDataLostError';
}
