// The README's table of what 'auto' picks is the cost model's answer, not a copy that drifts from it.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { autoLayoutTable } from '../../scripts/auto-layout-table.js';
import { README } from './lines.js';

it("README's table of what 'auto' picks is what the cost model picks (npx tsx scripts/auto-layout-table.ts)", () => {
  const readme = readFileSync(README, 'utf8').split('\n');
  const start = readme.findIndex((line) => line.startsWith('| n \\ k |'));
  expect(start, 'the table in README.md').toBeGreaterThan(0);
  let end = start;
  while (end < readme.length && readme[end].startsWith('|')) end++;
  expect(readme.slice(start, end).join('\n')).toBe(autoLayoutTable());
});
