// A one-permutation MinHash sketch of a document's shingle set, made in the first pass beside the fingerprint so
// that the verification tier (grouping/sketch-filter.ts) can throw out the many chance candidates of a wide
// candidate distance without reading their texts again. SKETCH_BINS bins of 32 bits: 128 bytes a document. A
// reference document's sketch (`index build --sketches`) has REFERENCE_BINS.
//
// A shingle's 32-bit hash (the exact sets' element, analysis/shingle-sets.ts: the low half of a feature hash, which
// has been through splitmix64's finalizer, so its bits are already well spread) picks its bin by its top log2(bins)
// bits (5 of 32 bins), and each bin keeps the smallest hash that falls in it. For two documents, the smaller of their
// two values in a bin is the union's minimum there: a uniformly drawn shingle of the union in that bin; the bin matches
// exactly when that shingle is in both sets. So matches / bins estimates the Jaccard similarity, and (what lets the
// verification leave boilerplate out after the fact) a bin whose union minimum is a boilerplate shingle is skipped:
// among the bins left, the drawn shingle is uniform over the union without boilerplate, so the estimate is of the
// Jaccard similarity without boilerplate, the one the verification decides by.
//
// The sketch is made in WebAssembly by simhash-wasm/internal's feature kernels (FeatureKernels.sketch, from the
// library's assembly/features/sketch.ts), over the features the engine's pass has just put in their memory.

export const SKETCH_BINS = 32;
/**
 * The bins of a reference document's sketch, stored by `index build --sketches` (512 bytes an entry). Against an
 * index the sketch estimate is all a pair is judged by (grouping/reference-match.ts), and its standard error at a
 * Jaccard of 0.5 is about 0.044 with 128 bins where 32 give 0.088: the pairs near the threshold that chance decides
 * are half as many. The first pass's own test, which only rules out pairs far below the threshold, needs no more
 * than 32.
 */
export const REFERENCE_BINS = 128;
/** An empty bin (a document with fewer shingles than bins, or none in that bin). */
export const EMPTY_BIN = 0xffffffff;
