// The docs' table of what 'auto' picks (docs/design.md, "The cost model") is the cost model's answer, not a copy
// that drifts from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { autoLayoutTable } from '../../scripts/auto-layout-table.js';
import { repo } from '../support/paths.js';

it("docs/design.md's table of what 'auto' picks is what the cost model picks (npx tsx scripts/auto-layout-table.ts)", () => {
  const page = readFileSync(join(repo, 'docs/design.md'), 'utf8').split('\n');
  const start = page.findIndex((line) => line.startsWith('| n \\ k |'));
  expect(start, 'the table in docs/design.md').toBeGreaterThan(0);
  let end = start;
  while (end < page.length && page[end].startsWith('|')) end++;
  expect(page.slice(start, end).join('\n')).toBe(autoLayoutTable());
});
