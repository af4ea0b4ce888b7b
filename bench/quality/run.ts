// The corpus job's answers on labelled families, beside its MinHash peer, in one run: builds the held-out set
// (bench/quality/families.ts) for a seed, runs `simhash dedupe` on it at several settings and datasketch's MinHashLSH
// (bench/quality/minhash_peer.py) on the same file, and scores every grouping against the families
// (bench/quality/partition-metrics.ts): pairwise precision, recall, F1 and the adjusted Rand index, and seconds.
// The last row is the judge the repository checks groups with (word 3-shingle Jaccard >= 0.5,
// packages/corpus/src/evaluation/shingle-jaccard.ts) applied to every pair, groups being connected components: what
// a slow exact method scores on the same labels.
//
//   npm run build   # dedupe runs as users run it: the built command, as a process
//   npx tsx bench/quality/run.ts --seed 1 [--datasketch /tmp/datasketch] [--keep DIR]
//
// --datasketch: a checkout of datasketch's source (see bench/quality/minhash_peer.py); without it the peer rows are
// left out. --keep: write the families and every clusters file into DIR instead of a temporary directory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jaccard, shingleSet } from '../../packages/corpus/src/evaluation/shingle-jaccard.js';
import { argValue, buildFamilies, EDITS, familiesJsonl, type FamilyRecord } from './families.js';
import { readClusters, readFamilies, scorePartition, type PartitionScore } from './partition-metrics.js';

const repo = resolve(import.meta.dirname, '../..');
const cli = join(repo, 'packages/corpus/dist/cli.js');
const JUDGE = 0.5;

interface Row {
  readonly setting: string;
  readonly score: PartitionScore;
  readonly seconds: number;
  /** Wrongly grouped pairs of two boilerplate negatives, and the other wrong pairs. */
  readonly wrongNegatives: number;
  readonly wrongOther: number;
  /** id -> predicted label, for the per-edit recall. */
  readonly labels: Map<string, string>;
}

function score(setting: string, records: readonly FamilyRecord[], truth: Map<string, string>, predicted: Map<string, string>, seconds: number): Row {
  const ids = records.map((r) => r.id);
  for (const id of ids) if (!predicted.has(id)) throw new Error(`${setting}: no row for ${id}`);
  const result = scorePartition(ids.map((id) => truth.get(id)!), ids.map((id) => predicted.get(id)!));
  const negative = new Set(records.filter((r) => r.made === 'negative').map((r) => r.id));
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const label = predicted.get(id)!;
    const list = groups.get(label);
    if (list) list.push(id);
    else groups.set(label, [id]);
  }
  let wrongNegatives = 0;
  let wrongOther = 0;
  for (const members of groups.values()) {
    for (let a = 0; a < members.length; a++) {
      for (let b = a + 1; b < members.length; b++) {
        if (truth.get(members[a]) === truth.get(members[b])) continue;
        if (negative.has(members[a]) && negative.has(members[b])) wrongNegatives++;
        else wrongOther++;
      }
    }
  }
  return { setting, score: result, seconds, wrongNegatives, wrongOther, labels: predicted };
}

function run(command: string, args: string[]): { seconds: number; stdout: string } {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: repo, encoding: 'utf8', maxBuffer: 256 << 20 });
  const seconds = (performance.now() - started) / 1000;
  // dedupe exits 1 when it skipped an input; every record here has text, so anything but 0 is a failure.
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return { seconds, stdout: result.stdout };
}

/** Every pair judged by exact word 3-shingle Jaccard, groups the connected components of the pairs judged alike. */
function judgeEveryPair(records: readonly FamilyRecord[]): Map<string, string> {
  const sets = records.map((r) => shingleSet(r.text));
  const parent = records.map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  // Pairs that share no shingle have Jaccard 0; an inverted index finds the rest, and a pair needs
  // shared >= JUDGE * max(|A|, |B|) to reach JUDGE (Jaccard <= shared / max), so only those are judged.
  const postings = new Map<string, number[]>();
  sets.forEach((set, i) => {
    const shared = new Map<number, number>();
    for (const s of set) {
      const list = postings.get(s);
      if (list) {
        for (const j of list) shared.set(j, (shared.get(j) ?? 0) + 1);
        list.push(i);
      } else postings.set(s, [i]);
    }
    for (const [j, n] of shared) {
      if (n >= JUDGE * Math.max(set.size, sets[j].size) && jaccard(set, sets[j]) >= JUDGE) {
        const [ra, rb] = [find(i), find(j)];
        if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
      }
    }
  });
  return new Map(records.map((r, i) => [r.id, `c${find(i)}`]));
}

const pct = (x: number) => x.toFixed(4);

function table(rows: readonly Row[]): string {
  const lines = [
    '| setting | precision | recall | F1 | ARI | seconds | pairs grouped | wrong: two negatives | wrong: other |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const s = r.score;
    lines.push(`| ${r.setting} | ${pct(s.precision)} | ${pct(s.recall)} | ${pct(s.f1)} | ${pct(s.ari)} | ${r.seconds.toFixed(2)} | ${s.predictedPairs} | ${r.wrongNegatives} | ${r.wrongOther} |`);
  }
  return lines.join('\n');
}

/** The share of copies grouped with their original, by the edit that made them (two edits: one row). */
function editTable(records: readonly FamilyRecord[], rows: readonly Row[]): string {
  const originals = new Map(records.filter((r) => r.made === 'original').map((r) => [r.family, r.id]));
  const copies = records.filter((r) => r.made !== 'original' && r.made !== 'negative');
  const kinds = [...EDITS, 'two edits'];
  const kindOf = (made: string) => (made.includes('+') ? 'two edits' : made);
  const lines = [`| copy made by | copies | ${rows.map((r) => r.setting).join(' | ')} |`, `|---|---:|${rows.map(() => '---:').join('|')}|`];
  for (const kind of kinds) {
    const these = copies.filter((c) => kindOf(c.made) === kind);
    const shares = rows.map((row) => {
      const found = these.filter((c) => row.labels.get(c.id) === row.labels.get(originals.get(c.family)!)).length;
      return these.length === 0 ? '-' : `${((100 * found) / these.length).toFixed(1)}%`;
    });
    lines.push(`| ${kind} | ${these.length} | ${shares.join(' | ')} |`);
  }
  return lines.join('\n');
}

const args = process.argv.slice(2);
const seed = Number(argValue(args, '--seed') ?? 1);
const datasketch = argValue(args, '--datasketch');
const keep = argValue(args, '--keep');
if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build first`);
if (datasketch !== undefined && !existsSync(join(datasketch, 'datasketch', 'lsh.py'))) throw new Error(`${datasketch} is not a datasketch checkout (no datasketch/lsh.py)`);
const dir = keep ?? mkdtempSync(join(tmpdir(), 'simhash-quality-'));
mkdirSync(dir, { recursive: true });

try {
  const set = await buildFamilies(seed);
  const familiesPath = join(dir, `families-${seed}.jsonl`);
  writeFileSync(familiesPath, familiesJsonl(set.records));
  const truth = readFamilies(readFileSync(familiesPath, 'utf8'));
  const answers: { setting: string; labels: Map<string, string>; seconds: number }[] = [];
  /** One grouping: `command` writes its clusters file to `out`; its labels and time join the answers. */
  const answer = (setting: string, out: string, command: string, args: readonly string[]) => {
    const { seconds } = run(command, [...args]);
    answers.push({ setting, labels: readClusters(readFileSync(out, 'utf8')), seconds });
  };

  const settings: [string, string[]][] = [
    ['simhash dedupe (defaults)', []],
    ['simhash dedupe -k 12', ['-k', '12']],
    ['simhash dedupe -k 14 --grouping connected', ['-k', '14', '--grouping', 'connected']],
  ];
  settings.forEach(([setting, flags], i) => {
    const out = join(dir, `simhash-${seed}-${i}.csv`);
    answer(setting, out, process.execPath, [cli, 'dedupe', ...flags, '-q', '--format', 'summary', '--clusters', out, familiesPath]);
  });

  if (datasketch !== undefined) {
    const peer = join(repo, 'bench/quality/minhash_peer.py');
    const variants: [string, string[]][] = [
      ['datasketch MinHashLSH (256 perm, threshold 0.7), candidates', []],
      ['datasketch MinHashLSH, candidates with Jaccard >= 0.5', ['--verify', '0.5']],
      // The threshold of the Jaccard judge below: what a user who wants its answers from LSH would set.
      ['datasketch MinHashLSH, threshold 0.5, candidates with Jaccard >= 0.5', ['--threshold', '0.5', '--verify', '0.5']],
    ];
    variants.forEach(([setting, flags], i) => {
      const out = join(dir, `minhash-${seed}-${i}.csv`);
      answer(setting, out, 'python3', [peer, datasketch, familiesPath, out, ...flags]);
    });
  }

  const started = performance.now();
  const judged = judgeEveryPair(set.records);
  answers.push({ setting: 'every pair by word 3-shingle Jaccard >= 0.5, connected', labels: judged, seconds: (performance.now() - started) / 1000 });

  const rows = answers.map((a) => score(a.setting, set.records, truth, a.labels, a.seconds));
  // The same answers on the originals and their copies alone: the boilerplate negatives' pairs (three disclaimers
  // on 110 documents each, about 18,000 pairs) outnumber the families' pairs ten to one, so on the whole set they
  // decide precision; without them the table says how well copies are found and told apart.
  const longOnly = set.records.filter((r) => r.made !== 'negative');
  const longRows = answers.map((a) => score(a.setting, longOnly, truth, a.labels, a.seconds));
  const { score: s0 } = rows[0];
  console.log(`## seed ${seed}: ${set.records.length} documents (${set.originals} originals, ${set.copies} copies, ${set.negatives} boilerplate negatives); ${s0.truePairs} pairs in a family`);
  console.log(`${cpus().length} cores, Node ${process.version}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; seconds: the whole process (dedupe and the peer), or the in-process loop (the Jaccard judge)\n`);
  console.log(table(rows));
  console.log(`\nThe originals and their copies alone (${longOnly.length} documents; the negatives left out):\n`);
  console.log(table(longRows));
  console.log('\nCopies grouped with their original, by the edit that made them:\n');
  console.log(editTable(set.records, rows));
} finally {
  if (keep === undefined) rmSync(dir, { recursive: true, force: true });
}
