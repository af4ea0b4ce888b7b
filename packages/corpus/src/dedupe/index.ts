// simhash-wasm-corpus (Node): the corpus job as a library. dedupe(documents, options) groups exact copies and
// near-duplicates and returns a row per document (what `simhash dedupe --clusters` writes) and the counts.
export { dedupe, type DedupeDocument, type DedupeFlag, type DedupeOptions, type DedupeOutcome } from './dedupe-documents.js';
export type { ClusterRow, KeepCounts, RowTier } from '../grouping/cluster-rows.js';
export type { VerifyMode } from '../grouping/verify.js';
export type { KeepRule } from '../grouping/keep.js';
export { renderReport, sampledDocuments, type ReportEvaluation, type ReportInput, type ReportOptions } from '../report-page/render-report.js';
