// cluster-key-slot (the Redis Cluster hash slot of a key, by the ioredis authors) ships no types.
declare module 'cluster-key-slot' {
  export default function calculateSlot(key: string | Buffer): number;
}
