// The mailing-list fixture of the verification tests (test/dedupe/verify-boilerplate.test.ts,
// test/cli/dedupe-verify.test.ts): short messages that share a long footer, and one real edit.
import type { DedupeDocument } from '../../packages/corpus/src/dedupe/dedupe-documents.js';
import { article } from '../support/dedupe-fixture.js';

export const FOOTER = `You received this message because you are subscribed to the Example Users group. To unsubscribe from this group
and stop receiving emails from it, send an email to example-users+unsubscribe@lists.example.org. To view this discussion
on the web visit the archive, and for more options read the list guidelines and the code of conduct before posting again.`;

/** 40 short messages (15-word bodies) with the footer; message 0 also edited by one word as message 40. */
export function mailingList(): DedupeDocument[] {
  const messages = Array.from({ length: 40 }, (_, i) => ({ id: `msg${i}`, text: `${article(100 + i, 15)}\n\n-- \n${FOOTER}` }));
  messages.push({ id: 'msg0-edited', text: messages[0].text.replace(/^(\S+ \S+ \S+ \S+ \S+ \S+ )\S+/, '$1zebra') });
  return messages;
}

