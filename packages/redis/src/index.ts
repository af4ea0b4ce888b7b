// simhash-wasm-redis: a near-duplicate index shared by many processes and machines, on Redis Cluster (or one Redis
// server). Node only: it needs ioredis and sockets, so no browser bundle includes it.
export { RedisSimHashIndex, type RedisIndexOptions } from './redis-simhash-index.js';
export type { RedisConnectionOptions } from './connect.js';
export type { RedisMatch } from './reads.js';
export type { BarrierOptions } from './barrier.js';
export { RedisIndexDataLostError, RedisIndexError } from './errors.js';
export { parseNode } from './connect.js';
