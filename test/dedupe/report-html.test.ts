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
    expect(data.groups[0][1][0]).toEqual(['a0', 0, 'first', -1]);
    const near = outcome.rows.filter((r) => r.tier === 'near' && r.id !== r.representative);
    expect(data.histogram.reduce((a, b) => a + b, 0)).toBe(near.length);
    near.forEach((r) => expect(data.histogram[r.distance]).toBeGreaterThan(0));
    // Only the largest group has diffs (sampleGroups: 1): five members, each with its one edited word.
    expect(data.diffs.length).toBe(5);
    expect(data.groups[1][1].every((m) => m[3] === -1)).toBe(true);
    for (const diff of data.diffs) expect(diff.filter((op) => op[0] === 1).map((op) => op[1])).toEqual(['zebra']);
    expect(data.summary.documents).toBe(docs.length);
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
