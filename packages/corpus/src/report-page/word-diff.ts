// A member's text against its representative's, word by word, by jsdiff (`diff`): what the report shows when a
// member is opened. The texts are cut into words and the spaces between them, and jsdiff's diffArrays compares the
// two lists (its diffWords gives the same changes but re-tokenises and merges whitespace, four times slower on the
// SpamAssassin run's 2,000 diffs). Long runs of equal words are folded to their ends, so a page with many
// near-duplicates carries what differs, not every text twice.
import { diffArrays } from 'diff';

/** [kind, text]: kind 0 equal, 1 inserted (in the member only), -1 deleted (in the representative only), 2 folded (text: how many words). */
export type DiffOp = readonly [kind: -1 | 0 | 1 | 2, text: string];

/** Equal runs longer than this many words are folded, keeping FOLD_KEEP words at each end. */
const FOLD_OVER = 60;
const FOLD_KEEP = 15;

export function wordDiff(representative: string, member: string): DiffOp[] {
  const ops: DiffOp[] = [];
  for (const change of diffArrays(tokens(representative), tokens(member))) {
    const text = change.value.join('');
    if (change.added) ops.push([1, text]);
    else if (change.removed) ops.push([-1, text]);
    else ops.push(...fold(text));
  }
  return ops;
}

/** Words and the whitespace between them, in order: joined, the text again. */
function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((t) => t !== '');
}

function fold(text: string): DiffOp[] {
  const words = text.split(/(\s+)/); // words and the spaces between them, alternating
  const count = Math.ceil(words.length / 2);
  if (count <= FOLD_OVER) return [[0, text]];
  const head = words.slice(0, 2 * FOLD_KEEP).join('');
  const tail = words.slice(words.length - 2 * FOLD_KEEP + 1).join('');
  return [[0, head], [2, String(count - 2 * FOLD_KEEP)], [0, tail]];
}
