// A plain WARC/WET file's records handed to the workers (in-order.ts): found from their headers on this thread
// (io/formats/warc-spans.ts) and cut into spans of whole records, each a task, made one at a time as there is room;
// where the scan stops, the rest of the file is read here as a stream, as a whole file is (its reader's events). A
// span that comes back unframed (warc-task.ts) stops both: the file is then read on as a stream from that span.
import { containerDocuments, recordFields, type DocumentEvent, type DocumentOptions } from '../io/index.js';
import { warcSpans, type WarcSpan } from '../io/formats/warc-spans.js';
import type { RangeTaskResult } from './records-result.js';

export type WarcRead =
  | { readonly span: WarcSpan; readonly result: Promise<RangeTaskResult> }
  /** The file from where the scan stopped, read here. */
  | { readonly rest: AsyncGenerator<DocumentEvent[]> };

/** A WARC record has no fields: a file read here by its reader needs none. */
const NO_FIELDS = recordFields(undefined, undefined, undefined);

/** `stopped()`: the file is read on as a stream already (a span came back unframed): no more spans, and no rest. */
export async function* warcReads(path: string, spanBytes: number, options: DocumentOptions, readSpan: (span: WarcSpan) => Promise<RangeTaskResult>, stopped: () => boolean): AsyncGenerator<WarcRead> {
  for (const step of warcSpans(path, spanBytes)) {
    if (stopped()) return;
    if ('span' in step) yield { span: step.span, result: readSpan(step.span) };
    else yield { rest: unlessStopped(stopped, () => warcRest(path, options, step.rest)) };
  }
}

/** The file's records from the one at `from` on, read here as a stream. */
export function warcRest(path: string, options: DocumentOptions, from: number): AsyncGenerator<DocumentEvent[]> {
  return containerDocuments(path, 'warc', options, NO_FIELDS, from);
}

/** The reader's events, unless the file is read on from elsewhere by the time they are first asked for (then none). */
async function* unlessStopped(stopped: () => boolean, read: () => AsyncIterable<DocumentEvent[]>): AsyncGenerator<DocumentEvent[]> {
  if (!stopped()) yield* read();
}
