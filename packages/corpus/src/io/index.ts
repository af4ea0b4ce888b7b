// The io layer: every way documents come in (files, directories, patterns, JSONL, stdin, gzip and zstd, HTML, mail,
// the invalid-UTF-8 policy, the skip-and-report rules), one module for every command and for the library's dedupe.
// It builds on core, the public entries and html only; nothing of dedupe, pool or cli comes in here.
export { readDocumentBatches, readDocuments, readUnits } from './documents.js';
export { documentName, type DocumentEvent, type InputDocument, type JsonlFile, type ParquetFile, type ReadUnit, type WarcFile, type WholeFile } from './input-document.js';
export { readJsonlRange, recordsAt, type JsonlRange, type LineNote, type RangeRecord } from './formats/jsonl-range.js';
export { recordFields } from './formats/jsonl-record.js';
export { wantsHtml } from './formats/whole-document.js';
export type { HtmlExtractor } from '../html/extractor.js';
export { htmlExtractor, type DocumentOptions, type HtmlMode, type InvalidUtf8Mode } from './read-options.js';
export { walkInputs, type WalkEntry, type WalkOptions } from './walk/walk.js';
export { fieldPathProblem } from './formats/field-path.js';
export { quoteName, unquoteName } from './quote-name.js';
export { describeReadError } from './read-error.js';
export { lines } from './bytes/lines.js';
export { openSource, STDIN, STDIN_LABEL, type Source } from './walk/sources.js';
export { readFileDocument, readWholeFile, type ContainerFile, type FileDocument } from './formats/read-file-document.js';
export { containerDocuments } from './formats/container-documents.js';
