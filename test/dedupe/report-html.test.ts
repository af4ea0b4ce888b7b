// renderReport (simhash-wasm/dedupe) on the library's dedupe() outcome: the data the page embeds (groups largest
// first, the histogram of near members, the bounded sample of diffs), text that cannot break out of the page, and
// clear errors for bad arguments.
import { describe, expect, it } from 'vitest';
import { dedupe, renderReport } from '../../packages/corpus/src/dedupe/index.js';
import type { ReportData } from '../../packages/corpus/src/report-page/report-data.js';
import { article, edit } from '../support/dedupe-fixture.js';

const docs = [
  ...Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, text: i === 0 ? article(1) : edit(article(1), [10 + i * 7]) })),
  { id: 'b0', text: article(2) },
  { id: 'b1', text: article(2) },
  { id: '</script><script>alert(1)</script>', text: edit(article(2), [3]) },
  { id: 'c0', text: article(3) },
];

function embedded(html: string): ReportData {
  const json = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1];
  return JSON.parse(json) as ReportData;
}

describe('renderReport', () => {
  it('embeds every group largest first, the near members\' distances, and diffs for the sampled groups only', async () => {
    const outcome = await dedupe(docs, { maxDistance: 12, minTokens: 5 });
    const html = renderReport(outcome, { maxDistance: 12, texts: (doc) => docs[doc].text, sampleGroups: 1 });
    const data = embedded(html);
    expect(data.groups.map((g) => g[1].length)).toEqual([6, 3]);
    expect(data.groups[0][1][0]).toEqual(['a0', 0, 'kept', -1, 1]);
    // Each member's verified similarity to its representative, as the rows have it (one word edited: 0.9 and up).
    const similarity = new Map(outcome.rows.map((r) => [r.id, r.similarity]));
    for (const m of data.groups[0][1]) expect(m[4]).toBe(similarity.get(m[0] as string));
    expect(data.groups[0][1].slice(1).every((m) => m[4]! > 0.9 && m[4]! < 1)).toBe(true);
    expect(data.warnings).toEqual([]);
    const near = outcome.rows.filter((r) => r.tier === 'near' && r.id !== r.representative);
    expect(data.histogram.reduce((a, b) => a + b, 0)).toBe(near.length);
    near.forEach((r) => expect(data.histogram[r.distance]).toBeGreaterThan(0));
    // Only the largest group has diffs (sampleGroups: 1): five members, each with its one edited word.
    expect(data.diffs.length).toBe(5);
    expect(data.groups[1][1].every((m) => m[3] === -1)).toBe(true);
    for (const diff of data.diffs) expect(diff.filter((op) => op[0] === 1).map((op) => op[1])).toEqual(['zebra']);
    expect(data.summary.documents).toBe(docs.length);
  });

  it('lists each group\'s kept member first and calls it kept, whichever member a keep rule chose', async () => {
    // keep 'longest': a3, given one more word, is the longest of group a and stays; a0 comes first in the input.
    const longer = docs.map((d) => (d.id === 'a3' ? { ...d, text: `${d.text} appendix` } : d));
    const outcome = await dedupe(longer, { maxDistance: 12, minTokens: 5, keep: 'longest' });
    const data = embedded(renderReport(outcome, { maxDistance: 12, texts: (doc) => longer[doc].text }));
    const group = data.groups[0][1];
    expect(group[0].slice(0, 3)).toEqual(['a3', 0, 'kept']);
    expect(group.slice(1).map((m) => [m[0], m[2]])).toEqual([['a0', 'near'], ['a1', 'near'], ['a2', 'near'], ['a4', 'near'], ['a5', 'near']]);
    expect(group.filter((m) => m[2] === 'kept')).toHaveLength(1);
  });

  it('flags a group far larger than the rest, on the page as in the summary', () => {
    const rows = Array.from({ length: 200 }, (_, d) => {
      const cluster = d < 25 ? 1 : d < 27 ? 2 : null;
      const representative = cluster === 1 ? 'd0' : cluster === 2 ? 'd25' : `d${d}`;
      return { id: `d${d}`, cluster, representative, distance: 0, tier: cluster === null ? 'unique' as const : 'near' as const, kept: representative === `d${d}`, similarity: cluster === null ? null : 1 };
    });
    const summary = { documents: 200, groups: 2, exactGroups: 0, nearGroups: 2, tooShort: 0, kept: 175, dropped: 25, droppedExact: 0, droppedNear: 25 };
    const html = renderReport({ rows, summary, pipelineVersion: 'test' }, { maxDistance: 20 });
    expect(embedded(html).warnings).toEqual([expect.stringMatching(/^one group holds 25 documents \(12\.5% of those compared\) at k = 20, 12 times the next largest \(2\); it is group 1:/)]);
    expect(html).toContain('<div id="warnings"></div>');
  });

  it('keeps ids and texts inside the data: no "</script>" of a document can end the element', async () => {
    const outcome = await dedupe(docs, { maxDistance: 12, minTokens: 5 });
    const html = renderReport(outcome, { maxDistance: 12, texts: (doc) => docs[doc].text });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(embedded(html).groups.flatMap((g) => g[1].map((m) => m[0]))).toContain('</script><script>alert(1)</script>');
    expect(html).not.toMatch(/https?:\/\//); // nothing to fetch
  });

  it('without texts: ids and distances only, and the page says so', async () => {
    const outcome = await dedupe(docs, { maxDistance: 12, minTokens: 5 });
    const data = embedded(renderReport(outcome, { maxDistance: 12 }));
    expect(data.diffs).toEqual([]);
    expect(data.sample.withTexts).toBe(false);
  });

  it('bad arguments: TypeError or RangeError naming them', async () => {
    const outcome = await dedupe(docs.slice(0, 2), {});
    expect(() => renderReport(null as never, { maxDistance: 3 })).toThrow(TypeError);
    expect(() => renderReport(outcome, { maxDistance: 65 })).toThrow(/options.maxDistance/);
    expect(() => renderReport(outcome, { maxDistance: 3, texts: 'x' as never })).toThrow(/options.texts/);
  });
});
