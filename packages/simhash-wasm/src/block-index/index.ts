// What the package entries export of the index.
export { SimHashIndex } from './simhash-index.js';
export type { IndexWithNames } from './simhash-index.js';
export type { ClusterOptions, DeserializeOptions, SerializeOptions, IndexLayout, IndexMatch, IndexStats, LayoutKind, LayoutOption, PairsResult, QueryManyResult, SimHashIndexOptions } from './types.js';
