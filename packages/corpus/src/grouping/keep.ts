// Which member of a group stays: its representative, the one document of the group the kept corpus holds and every
// row of the group names. The grouping (group.ts) decides who belongs together; this decides who stays, and changes
// no group. Every path that makes groups asks here (a run on one machine and the library's dedupe() through
// group-batches.ts, the collect step of a sharded run through group.ts), and the choice depends on the members
// alone: their token counts, their field values and, for ties, their input order; never on threads or shards.

/**
 * 'first': the earliest member in input order. 'longest' / 'shortest': the most / fewest tokens (the document's
 * token count, as --min-tokens counts them). { max: FIELD } / { min: FIELD }: the largest / smallest number in a
 * record's field (a dotted path); a member without a number there ranks last. Ties: the earliest.
 */
export type KeepRule = 'first' | 'longest' | 'shortest' | { readonly max: string } | { readonly min: string };

export const KEEP_NAMES = ['first', 'longest', 'shortest'] as const;

/** The field a rule ranks by, or undefined for a rule by tokens or input order. */
export function keepField(rule: KeepRule | undefined): string | undefined {
  if (rule === undefined || typeof rule === 'string') return undefined;
  return 'max' in rule ? rule.max : rule.min;
}

/** Each document's value of the rule's field (NaN where it has none), or undefined for a rule by no field. */
export function keepValues(documents: readonly { readonly keepValue?: number }[], rule: KeepRule | undefined): Float64Array | undefined {
  if (keepField(rule) === undefined) return undefined;
  return Float64Array.from(documents, (d) => d.keepValue ?? NaN);
}

/**
 * The position in `docs` (a group's members, in input order) of the member to keep. `values`: the field's value per
 * document number, NaN for none (keepValues); needed by a rule by field.
 */
export function chooseRepresentative(docs: readonly number[], rule: KeepRule, tokens: Uint32Array, values?: Float64Array): number {
  if (rule === 'first') return 0;
  const score = scorer(rule, tokens, values);
  let best = 0;
  let bestScore = score(docs[0]);
  // Strictly better only: on a tie the earlier member stays.
  for (let i = 1; i < docs.length; i++) {
    const s = score(docs[i]);
    if (s > bestScore) [best, bestScore] = [i, s];
  }
  return best;
}

/** Higher is better; a document without a number in the field scores -Infinity (last; a field value is finite). */
function scorer(rule: Exclude<KeepRule, 'first'>, tokens: Uint32Array, values?: Float64Array): (doc: number) => number {
  if (rule === 'longest') return (doc) => tokens[doc];
  if (rule === 'shortest') return (doc) => -tokens[doc];
  if (values === undefined) throw new Error('internal: a keep rule by field without the field\'s values');
  const sign = 'max' in rule ? 1 : -1;
  return (doc) => (Number.isNaN(values[doc]) ? -Infinity : sign * values[doc]);
}
