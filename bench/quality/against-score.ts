// The score of a dedupe of a new batch against a reference (`simhash dedupe NEW --against REF`) on the labelled
// families (families.ts): the set split into a reference (the first 60% of its shuffled records) and a new batch.
// A new document whose family has a member in the reference should be dropped for the reference; precision, recall
// and F1 of "dropped for the reference" say how well; `namedRight` counts those of them whose named reference document
// is of their family; and every other family (a family with no member in the reference, or a document that is its
// own family) should have exactly one document in the kept corpus.
import type { FamilyRecord } from './families.js';

/** A row of the clusters file (--clusters out.jsonl), the fields scored. */
export interface AgainstRow {
  readonly id: string | number;
  readonly tier: string;
  readonly reference?: string | number | null;
}

export interface AgainstScore {
  /** New documents whose family is in the reference: those that should go. */
  readonly positives: number;
  /** New documents dropped for the reference. */
  readonly dropped: number;
  readonly truePositives: number;
  readonly precision: number;
  readonly recall: number;
  readonly f1: number;
  /** Positives dropped for a reference document of their own family, and their share of the positives. */
  readonly namedRight: number;
  readonly namedShare: number;
  /** Families of the new batch with no member in the reference, and of them those with exactly one kept document. */
  readonly otherFamilies: number;
  readonly keptOnce: number;
}

/** The split: the first `share` of the records (already shuffled by the set) are the reference. */
export function splitFamilies(records: readonly FamilyRecord[], share = 0.6): { reference: FamilyRecord[]; batch: FamilyRecord[] } {
  const at = Math.round(records.length * share);
  return { reference: records.slice(0, at), batch: records.slice(at) };
}

const familyOf = (r: FamilyRecord) => r.family ?? `own:${r.id}`;

/** `rows`: the clusters file's rows of the batch; `kept`: the ids in the kept corpus. */
export function scoreAgainst(reference: readonly FamilyRecord[], batch: readonly FamilyRecord[], rows: readonly AgainstRow[], kept: ReadonlySet<string>): AgainstScore {
  const referenceFamily = new Map(reference.map((r) => [r.id, familyOf(r)]));
  const inReference = new Set(referenceFamily.values());
  const row = new Map(rows.map((r) => [String(r.id), r]));
  let positives = 0, dropped = 0, truePositives = 0, namedRight = 0;
  const keptByFamily = new Map<string, number>();
  for (const record of batch) {
    const r = row.get(record.id);
    if (r === undefined) throw new Error(`no row for ${record.id}`);
    const positive = inReference.has(familyOf(record));
    const gone = r.tier === 'reference';
    if (positive) positives++;
    if (gone) dropped++;
    if (positive && gone) truePositives++;
    if (positive && gone && referenceFamily.get(String(r.reference)) === familyOf(record)) namedRight++;
    if (!positive) keptByFamily.set(familyOf(record), (keptByFamily.get(familyOf(record)) ?? 0) + (kept.has(record.id) ? 1 : 0));
  }
  const precision = dropped === 0 ? 1 : truePositives / dropped;
  const recall = positives === 0 ? 1 : truePositives / positives;
  return {
    positives, dropped, truePositives, precision, recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    namedRight, namedShare: positives === 0 ? 1 : namedRight / positives,
    otherFamilies: keptByFamily.size,
    keptOnce: [...keptByFamily.values()].filter((n) => n === 1).length,
  };
}

export function describeScore(kind: string, s: AgainstScore): string {
  const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
  return `${kind.padEnd(8)} dropped ${s.dropped} for the reference, ${s.truePositives} of ${s.positives} that should go: precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}, F1 ${s.f1.toFixed(4)}; reference named right ${s.namedRight} (${pct(s.namedShare)}); other families kept once ${s.keptOnce} of ${s.otherFamilies}`;
}
