// renderReport: a dedupe run as one self-contained HTML page (see page.ts, report-data.ts). For the library's
// dedupe() outcome, and for `simhash dedupe --report`.
import { renderPage } from './page.js';
import { reportData, type ReportInput, type ReportOptions } from './report-data.js';

export type { ReportEvaluation, ReportInput, ReportOptions } from './report-data.js';
export { sampledDocuments } from './report-data.js';

/** The report page of a dedupe run: its rows (one per document, as dedupe() returns them) and counts. */
export function renderReport(result: ReportInput, options: ReportOptions): string {
  if (result === null || typeof result !== 'object' || !Array.isArray(result.rows) || typeof result.summary !== 'object') {
    throw new TypeError('result: expected a dedupe outcome { rows, summary, pipelineVersion }');
  }
  if (options === null || typeof options !== 'object' || !Number.isInteger(options.maxDistance) || options.maxDistance < 0 || options.maxDistance > 64) {
    throw new RangeError('options.maxDistance: expected the run\'s k, an integer from 0 to 64');
  }
  if (options.texts !== undefined && typeof options.texts !== 'function') throw new TypeError('options.texts: expected a function from a document\'s number (input order) to its text');
  return renderPage(reportData(result, options));
}
