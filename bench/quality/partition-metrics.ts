// The scorer: how far a grouping of documents is from the labelled families (bench/quality/families.ts), by pairs
// (precision, recall and F1 over the pairs put in one group) and by the adjusted Rand index of the two partitions
// (Hubert and Arabie 1985; the same formula as scikit-learn's adjusted_rand_score). Both come from one contingency
// table, counted in a map, so a set of any size costs one pass.
//
//   npx tsx bench/quality/partition-metrics.ts families.jsonl clusters.csv
import { readFileSync } from 'node:fs';

export interface PartitionScore {
  readonly documents: number;
  /** Pairs in one family. */
  readonly truePairs: number;
  /** Pairs in one predicted group. */
  readonly predictedPairs: number;
  /** Pairs in both. */
  readonly agreedPairs: number;
  /** agreed / predicted; 1 when nothing was grouped (no claim was wrong). */
  readonly precision: number;
  /** agreed / true; 1 when no family has two members (nothing was missed). */
  readonly recall: number;
  /** Harmonic mean of precision and recall; 0 when both are 0. */
  readonly f1: number;
  /** Adjusted Rand index: 1 for the same partition, about 0 for chance agreement, negative below chance. */
  readonly ari: number;
}

const pairs = (n: number) => (n * (n - 1)) / 2;

function sizes(labels: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const label of labels) out.set(label, (out.get(label) ?? 0) + 1);
  return out;
}

/**
 * Scores `predicted` against `truth`: two label arrays, one label per document, in the same document order. Equal
 * labels mean one group; give each document that is in no group a label of its own.
 */
export function scorePartition(truth: readonly string[], predicted: readonly string[]): PartitionScore {
  if (truth.length !== predicted.length) throw new Error(`${truth.length} true labels but ${predicted.length} predicted`);
  const n = truth.length;
  const sum = (counts: Map<string, number>) => [...counts.values()].reduce((s, c) => s + pairs(c), 0);
  const truePairs = sum(sizes(truth));
  const predictedPairs = sum(sizes(predicted));
  // A cell of the contingency table: one family and one group. NUL cannot be in a label from a file's text field.
  const agreedPairs = sum(sizes(truth.map((t, i) => `${t}\0${predicted[i]}`)));
  const precision = predictedPairs === 0 ? 1 : agreedPairs / predictedPairs;
  const recall = truePairs === 0 ? 1 : agreedPairs / truePairs;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  const expected = n < 2 ? 0 : (truePairs * predictedPairs) / pairs(n);
  const most = (truePairs + predictedPairs) / 2;
  // Both partitions all singletons, or both one group: they agree and chance cannot be told apart; scikit-learn says 1.
  const ari = most === expected ? 1 : (agreedPairs - expected) / (most - expected);
  return { documents: n, truePairs, predictedPairs, agreedPairs, precision, recall, f1, ari };
}

/** The families file: JSONL {id, family}; a null family is the document's own. Returns id -> label, in file order. */
export function readFamilies(text: string): Map<string, string> {
  const labels = new Map<string, string>();
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const record = JSON.parse(line) as { id: unknown; family: unknown };
    const id = String(record.id);
    if (labels.has(id)) throw new Error(`families line ${i + 1}: id ${id} twice`);
    labels.set(id, record.family === null || record.family === undefined ? `single:${id}` : `family:${String(record.family)}`);
  });
  return labels;
}

/** RFC 4180 records: fields quoted when they hold a comma, a quote or a line break, quotes doubled; CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * A clusters file (`simhash dedupe --clusters out.csv`, columns from packages/corpus/src/dedupe/clusters-file.ts, or
 * the same columns from bench/quality/minhash_peer.py), CSV or JSONL: id -> label. The `cluster` column is the group's
 * number, empty (CSV) or null (JSONL) for a document in no group, which is then a group of its own.
 */
export function readClusters(text: string): Map<string, string> {
  const labels = new Map<string, string>();
  const put = (id: string, cluster: string | number | null) => {
    if (labels.has(id)) throw new Error(`clusters file: id ${id} twice`);
    labels.set(id, cluster === null || cluster === '' ? `single:${id}` : `group:${cluster}`);
  };
  if (text.trimStart().startsWith('{')) {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const row = JSON.parse(line) as { id: string | number; cluster: number | null };
      put(String(row.id), row.cluster);
    }
    return labels;
  }
  const [header, ...rows] = parseCsv(text);
  const idAt = header.indexOf('id');
  const clusterAt = header.indexOf('cluster');
  if (idAt < 0 || clusterAt < 0) throw new Error(`clusters file: no id or cluster column in "${header.join(',')}"`);
  for (const row of rows) if (row.length > 1 || row[0] !== '') put(row[idAt], row[clusterAt]);
  return labels;
}

/** Scores a clusters file against the families: the two must name the same documents. */
export function scoreFiles(familiesText: string, clustersText: string): PartitionScore {
  const truth = readFamilies(familiesText);
  const predicted = readClusters(clustersText);
  const missing = [...truth.keys()].filter((id) => !predicted.has(id));
  const extra = [...predicted.keys()].filter((id) => !truth.has(id));
  if (missing.length > 0 || extra.length > 0) {
    throw new Error(`the clusters file misses ${missing.length} ids of the families (${missing.slice(0, 3).join(', ')}) and has ${extra.length} others (${extra.slice(0, 3).join(', ')})`);
  }
  const ids = [...truth.keys()];
  return scorePartition(ids.map((id) => truth.get(id)!), ids.map((id) => predicted.get(id)!));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [families, clusters] = process.argv.slice(2);
  if (!families || !clusters) {
    console.error('usage: npx tsx bench/quality/partition-metrics.ts families.jsonl clusters.csv');
    process.exit(2);
  }
  console.log(JSON.stringify(scoreFiles(readFileSync(families, 'utf8'), readFileSync(clusters, 'utf8')), null, 2));
}
