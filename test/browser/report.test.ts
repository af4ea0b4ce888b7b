// The HTML report of a dedupe run (simhash dedupe --report), opened from disk in Chromium with every network
// request blocked, used as a reader would: its groups and members are the run's (its JSON report), opening a member
// shows the words edited in it, the tier filter, the distance filter and the id search narrow the list, and the
// page logs no error.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runCli } from '../support/cli.js';
import { fixtureTree } from '../support/dedupe-fixture.js';
import { launchChromium } from '../support/browser-harness.js';

interface JsonGroup { tier: string; members: { source: string; id?: string | number; distance: number; tier: string }[] }

let page: Page;
let groups: JsonGroup[];
const problems: string[] = [];
const blocked: string[] = [];
const closers: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  const tree = fixtureTree();
  closers.push(tree.remove);
  const report = join(tree.dir, 'report.html');
  const run = await runCli(['dedupe', '-k', '12', '--format', 'json', '--report', report, '-q', tree.dir]);
  expect(run.code, run.stderr).toBe(1); // the fixture's bad inputs are skipped
  groups = (JSON.parse(run.stdout) as { groups: JsonGroup[] }).groups;
  expect(groups.some((g) => g.tier === 'near') && groups.some((g) => g.tier === 'exact')).toBe(true);
  const browser = await launchChromium();
  closers.push(browser.close);
  // Nothing but the file itself may load: any other request is recorded and refused.
  await browser.context.route('**/*', (route) => {
    if (route.request().url().startsWith('file:')) return route.continue();
    blocked.push(route.request().url());
    return route.abort();
  });
  page = await browser.context.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  await page.goto(pathToFileURL(report).href);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 20_000 });
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

const name = (m: JsonGroup['members'][number]) => String(m.id ?? m.source);
const shownGroups = () => page.locator('details.group').count();

it('shows every group of the run with the run\'s members, and the summary counts', async () => {
  expect(await shownGroups()).toBe(groups.length);
  const pageGroups: string[][] = [];
  for (const group of await page.locator('details.group').all()) {
    await group.locator('summary').click();
    await group.locator('tr.member').first().waitFor();
    pageGroups.push((await group.locator('tr.member').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id')!))).sort());
  }
  const runGroups = groups.map((g) => g.members.map(name).sort());
  const byFirst = (a: string[], b: string[]) => a[0].localeCompare(b[0]);
  expect(pageGroups.sort(byFirst)).toEqual(runGroups.sort(byFirst));
  expect(await page.locator('[data-fact="groups"]').textContent()).toContain(String(groups.length));
});

it('a member\'s diff marks the edited word: the inserted word, and the one it replaced', async () => {
  const group = page.locator('details.group', { has: page.locator('tr.member[data-id$="04-edited.txt"]') });
  if (!(await group.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator('summary').click();
  await group.locator('tr.member[data-id$="04-edited.txt"] button').click();
  await group.locator('.diff-row .diff').waitFor();
  const diff = group.locator('.diff-row .diff');
  expect(await diff.locator('ins').allTextContents()).toEqual(['zebra']);
  expect(await diff.locator('del').count()).toBe(1);
  expect((await diff.locator('del').textContent())!.trim()).toMatch(/^[a-z]+\.?$/);
});

it('filters by tier and by distance, and searches ids', async () => {
  await page.selectOption('#tier', 'exact');
  expect(await shownGroups()).toBe(groups.filter((g) => g.tier === 'exact').length);
  expect(await page.locator('details.group.near').count()).toBe(0);
  await page.selectOption('#tier', 'near');
  expect(await shownGroups()).toBe(groups.filter((g) => g.tier === 'near').length);
  await page.selectOption('#tier', 'all');
  const within2 = groups.filter((g) => Math.max(...g.members.map((m) => m.distance)) <= 2).length;
  await page.fill('#max-distance', '2');
  expect(await shownGroups()).toBe(within2);
  await page.fill('#max-distance', '');
  await page.fill('#search', 'r1');
  expect(await shownGroups()).toBe(groups.filter((g) => g.members.some((m) => name(m).includes('r1'))).length);
  const found = page.locator('details.group').first();
  if (!(await found.evaluate((d) => (d as HTMLDetailsElement).open))) await found.locator('summary').click();
  await found.locator('tr.member[data-id="r1"]').waitFor();
  await page.fill('#search', 'no-such-document');
  expect(await shownGroups()).toBe(0);
});

it('loads nothing from the network and logs no error', () => {
  expect(blocked).toEqual([]);
  expect(problems).toEqual([]);
});
