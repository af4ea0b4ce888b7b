// For the browser tests: Chromium driven by playwright-core (headless, a fresh profile), and a tiny static server
// for the built bundles, the demo and the test pages. Which Chromium: see browser-executable.ts (CHROME_PATH, the
// system's, or the one from the registry). No Chromium is a failure, not a skip.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumExecutable } from './browser-executable.js';
import { repo } from './paths.js';

// The machine has no network: without the background-networking flags Chromium keeps trying to reach Google's
// services and floods the log with refused connections. These flags also suit the registry's headless shell
// (@sparticuz/chromium), which starts with them as they are: it needs none of the Lambda flags it exports.
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchChromium(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const executable = await chromiumExecutable();
  const profile = mkdtempSync(join(tmpdir(), 'simhash-chromium-'));
  // launchPersistentContext is how playwright takes a --user-data-dir: a fresh one per run.
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: executable.path, env: executable.env, headless: true, args: FLAGS });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw new Error(`Chromium from ${executable.source} (${executable.path}) did not start: ${(error as Error).message}`, { cause: error });
  }
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface Page {
  /** The page's HTML. */
  html: string;
  /** Response headers, e.g. a Content-Security-Policy. */
  headers?: Record<string, string>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.png': 'image/png',
};
/** URL prefix -> directory of the repo it serves. */
const MOUNTS: Record<string, string> = {
  '/dist/browser/': 'packages/simhash-wasm/dist/browser',
  '/demo/': 'packages/simhash-wasm/build/demo',
  '/fixtures/': 'test/fixtures/browser',
};

/** Serves `pages` at their paths and the mounted directories as files; 404 for everything else. */
export async function serve(pages: Record<string, Page>): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const page = pages[path];
    if (page) {
      response.writeHead(200, { 'content-type': TYPES['.html'], ...page.headers });
      response.end(page.html);
      return;
    }
    const prefix = Object.keys(MOUNTS).find((mount) => path.startsWith(mount));
    const relative = prefix ? normalize(path.slice(prefix.length)) : '';
    const file = prefix && !relative.startsWith('..') ? join(repo, MOUNTS[prefix], relative === '.' ? 'index.html' : relative) : '';
    if (!file || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // close() alone would wait for the browser's keep-alive connections, which the tests close after the server.
  const close = () => new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  return { origin: `http://127.0.0.1:${port}`, close };
}
