// Takes docs/cli.md's picture of a dedupe report: `npx tsx scripts/screenshot-report.ts out/spam-assassin-report.html
// docs/report-spam-assassin.png`. Opens the page from disk in the test's Chromium (no network), opens the largest
// near group and its first diff, and saves the top of the page.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '../test/support/browser-harness.js';

const [page, png] = process.argv.slice(2);
if (!page || !png) throw new Error('usage: npx tsx scripts/screenshot-report.ts REPORT.html OUT.png');
const browser = await launchChromium();
try {
  const tab = await browser.context.newPage();
  await tab.setViewportSize({ width: 1100, height: 1400 });
  await tab.goto(pathToFileURL(resolve(page)).href);
  await tab.waitForSelector('body[data-ready="true"]');
  await tab.selectOption('#tier', 'near');
  const group = tab.locator('details.group').first();
  await group.locator('summary').click();
  await group.locator('button', { hasText: 'diff' }).first().click();
  await tab.screenshot({ path: png, fullPage: false });
} finally {
  await browser.close();
}
