// What the package entries export of the index.
export { SimHashIndex } from './simhash-index.js';
export type { DeserializeOptions, IndexMatch, IndexStats, PairsResult, QueryManyResult, SimHashIndexOptions, ClusterOptions } from './simhash-index.js';
export type { IndexLayout, LayoutKind, LayoutOption } from './plan/layout.js';
