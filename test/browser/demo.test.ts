// The demo page (build/demo, built by rollup) in Chromium, used as a person would: it opens on the WASM
// engine, takes two texts typed in, shows their Hamming distance (checked against the library in Node) and
// marks exactly that many bits, takes a dropped file as a third text, and groups the near-duplicates.
// Screenshots go to test-output/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSimHash, hamming, initSync } from '../../packages/simhash-wasm/src/index.js';
import { launchChromium, serve } from '../support/browser-harness.js';

const A = 'The quarterly report shows revenue grew by eight percent, driven by strong sales in the northern region and lower shipping costs across every warehouse we operate.';
const B = 'The quarterly report shows revenue grew by nine percent, driven by strong sales in the northern region and lower shipping costs across all the warehouses we operate.';
const C = 'Knead the dough for ten minutes, let it rise in a warm place for an hour, then shape two loaves and bake them until the crust sounds hollow when tapped.';

const output = new URL('../../test-output/', import.meta.url);
let page: Page;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  mkdirSync(output, { recursive: true });
  const browser = await launchChromium();
  closers.push(browser.close);
  const server = await serve({});
  closers.push(server.close);
  page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.goto(`${server.origin}/demo/`);
  await page.locator('#engine[data-engine]').waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

initSync();
const sh = createSimHash({ shingle: 3 });

it('runs on the WASM engine and says so', async () => {
  expect(await page.locator('#engine').getAttribute('data-engine')).toBe('wasm');
  expect(await page.locator('#engine').textContent()).toMatch(/WebAssembly/);
});

it('two texts entered: the distance shown is the library\'s, and that many bits are marked', async () => {
  // the page opens with three example texts: down to two, then type ours in
  await page.locator('.text-card').nth(2).getByRole('button', { name: 'remove' }).click();
  await page.getByLabel('Text A').fill(A);
  await page.getByLabel('Text B').fill(B);
  const distance = hamming(sh.fingerprint(A), sh.fingerprint(B));
  expect(distance).toBeGreaterThan(0);
  await expect.poll(() => page.locator('#distance').textContent()).toBe(`A and B: ${distance} of 64 bits differ`);
  expect(await page.locator('[data-pair="0-1"]').first().textContent()).toBe(String(distance));
  // Text A is the reference: B's grid marks the differing bits, A's marks none
  const cards = page.locator('.text-card');
  expect(await cards.nth(1).locator('.bit.diff').count()).toBe(distance);
  expect(await cards.nth(0).locator('.bit.diff').count()).toBe(0);
  expect(await cards.nth(1).locator('.bit').count()).toBe(64);
  expect(await cards.nth(1).locator('.hex').textContent()).toBe(sh.fingerprintHex(B));
  await page.screenshot({ path: new URL('demo-two-texts.png', output).pathname, fullPage: true });
});

it('a dropped text file becomes a third text; the groups and the matrix follow the threshold', async () => {
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'bread.txt', { type: 'text/plain' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }, C);
  await expect.poll(() => page.locator('.text-card').count()).toBe(3);
  expect(await page.getByLabel('Text C').inputValue()).toBe(C);
  const ab = hamming(sh.fingerprint(A), sh.fingerprint(B));
  const ac = hamming(sh.fingerprint(A), sh.fingerprint(C));
  const bc = hamming(sh.fingerprint(B), sh.fingerprint(C));
  expect(await page.locator('[data-pair="0-2"]').first().textContent()).toBe(String(ac));
  expect(await page.locator('[data-pair="1-2"]').first().textContent()).toBe(String(bc));
  // a threshold between A-B and the unrelated pairs: A and B form the one group
  const k = ab;
  expect(Math.min(ac, bc)).toBeGreaterThan(k);
  await page.locator('#threshold').fill(String(k));
  await expect.poll(() => page.locator('#groups li').allTextContents()).toEqual(['Text A, Text B']);
  await page.locator('#threshold').fill(String(Math.max(0, ab - 1)));
  await expect.poll(() => page.locator('#groups li').allTextContents()).toEqual([`none within ${Math.max(0, ab - 1)} bits`]);
  await page.screenshot({ path: new URL('demo-three-texts.png', output).pathname, fullPage: true });
});
