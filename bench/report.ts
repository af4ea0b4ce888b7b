// The report of a million-document run: how large the page is and how long Chromium (the browser tests'
// one) takes to open it from disk and show its first groups. A synthetic run: 1,000,000 documents named like files
// of a crawl (about 40 characters), 250,000 of them in 100,000 groups of 2 to 5 (a quarter exact, the rest near,
// distances 0 to 12), texts and diffs for the 200 largest groups (about 1 KB each, a few words edited).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Bench } from 'tinybench';
import type { ClusterRow, KeepCounts } from '../packages/corpus/src/grouping/cluster-rows.js';
import { renderReport } from '../packages/corpus/src/dedupe/index.js';
import { launchChromium } from '../test/support/browser-harness.js';
import { article, edit } from '../test/support/dedupe-fixture.js';
import { XorShift32 } from '../test/support/random.js';
import type { BenchSuite, SuiteContext } from './suite.js';

const DOCUMENTS = 1_000_000;
const GROUPS = 100_000;

function syntheticRun(): { rows: ClusterRow[]; summary: KeepCounts; texts: Map<number, string> } {
  const rng = new XorShift32(14);
  const name = (i: number) => `crawl/part-${String(i >> 12).padStart(4, '0')}/doc-${String(i).padStart(7, '0')}.html`;
  const rows: ClusterRow[] = [];
  const texts = new Map<number, string>();
  let doc = 0, dropped = 0, droppedExact = 0, exactGroups = 0;
  for (let g = 1; g <= GROUPS; g++) {
    const size = 2 + rng.below(4) + (g <= 200 ? 10 : 0);
    const exact = rng.below(4) === 0;
    const first = doc;
    if (exact) exactGroups++;
    for (let m = 0; m < size; m++, doc++) {
      const distance = m === 0 || exact ? 0 : 1 + rng.below(12);
      rows.push({ id: name(doc), cluster: g, representative: name(first), distance, tier: exact ? 'exact' : 'near', kept: m === 0 });
      if (m > 0) (dropped++, exact && droppedExact++);
      if (g <= 200) texts.set(doc, m === 0 ? article(g, 160) : edit(article(g, 160), [rng.below(160), rng.below(160)]));
    }
  }
  for (; doc < DOCUMENTS; doc++) rows.push({ id: name(doc), cluster: null, representative: name(doc), distance: 0, tier: 'unique', kept: true });
  const summary: KeepCounts = { documents: DOCUMENTS, groups: GROUPS, exactGroups, nearGroups: GROUPS - exactGroups, tooShort: 0, kept: DOCUMENTS - dropped, dropped, droppedExact, droppedNear: dropped - droppedExact };
  return { rows, summary, texts };
}

async function run(context: SuiteContext): Promise<void> {
  if (!context.selected('report/million/open')) return;
  const { rows, summary, texts } = syntheticRun();
  const input = { rows, summary, pipelineVersion: 'simhash-v1+unicode17.0;w=3;weights=tf' };
  const options = { maxDistance: 12, texts: (doc: number) => texts.get(doc), evaluation: { recommended: { distance: 11, expectedPrecision: 0.93 }, rows: [{ k: 12, expectedPrecision: 0.88 }] } };
  const dir = mkdtempSync(join(tmpdir(), 'simhash-report-bench-'));
  const file = join(dir, 'report.html');
  const browser = await launchChromium();
  try {
    let html = '';
    const bench = new Bench({ name: 'report', iterations: Math.max(3, context.iterations), time: 0, warmupIterations: 1, throws: true });
    bench.add('renderReport, 1M documents (Node)', () => {
      html = renderReport(input, options);
    });
    bench.add('Chromium opens it from disk, first 100 groups drawn', async () => {
      const page = await browser.context.newPage();
      await page.goto(pathToFileURL(file).href);
      await page.locator('body[data-ready="true"]').waitFor({ timeout: 60_000 });
      await page.close();
    }, { beforeAll: () => writeFileSync(file, html) });
    await bench.run();
    const ms = (i: number) => {
      const r = bench.tasks[i].result;
      if (r.state !== 'completed') throw new Error(`bench task ${bench.tasks[i].name}: ${r.state}`);
      return `${r.latency.min.toFixed(0)} ms best, ${r.latency.p50.toFixed(0)} ms median`;
    };
    const bytes = Buffer.byteLength(html);
    context.print(`### The report of a 1M-document run\n\n` +
      `${DOCUMENTS.toLocaleString('en')} documents, ${GROUPS.toLocaleString('en')} groups, diffs for the 200 largest: ` +
      `page ${(bytes / 2 ** 20).toFixed(1)} MB (${(gzipSync(html).length / 2 ** 20).toFixed(1)} MB gzipped).\n\n` +
      `| step | time |\n| --- | ---: |\n| ${bench.tasks[0].name} | ${ms(0)} |\n| ${bench.tasks[1].name} | ${ms(1)} |\n`);
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const suite: BenchSuite = { name: 'report', run };
