// Which Chromium the browser tests drive: CHROME_PATH when set, else the system's /usr/bin/chromium, else the
// headless Chromium that ships in the registry as the devDependency @sparticuz/chromium, so `npm ci && npm test`
// needs nothing beyond Node. Its binary is brotli-packed in node_modules; unpacking it takes about 2 s, once.
// That binary (chrome-headless-shell) links libnss3, libnspr4 and libexpat, which a bare Debian does not have; the
// package carries them (built for Amazon Linux 2023, fine on any newer glibc), so the binary runs on them.
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface Executable {
  path: string;
  /** Where it came from, for messages. */
  source: 'CHROME_PATH' | 'system' | '@sparticuz/chromium';
  /** Environment for the browser process. */
  env: NodeJS.ProcessEnv;
}

export async function chromiumExecutable(): Promise<Executable> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is ${fromEnv}, which does not exist`);
    return { path: fromEnv, source: 'CHROME_PATH', env: process.env };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, source: 'system', env: process.env };
  const cache = await unpackRegistryChromium();
  const libraries = [join(cache, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return { path: join(cache, 'chromium'), source: '@sparticuz/chromium', env: { ...process.env, LD_LIBRARY_PATH: libraries } };
}

/**
 * Unpacks @sparticuz/chromium into `<tmp>/simhash-wasm-chromium-<version>/` (the binary `chromium` and the libraries
 * in `al2023/lib/`) and returns that directory.
 * The package unpacks into os.tmpdir() and trusts whatever `<tmp>/chromium` it finds there (another version, or a
 * half-written one from a killed run, or from the other test file unpacking at the same moment in another vitest
 * worker). So it unpacks into a fresh staging directory, and the staging directory becomes the cache by one rename:
 * the cache directory exists only complete. Two workers racing both unpack; the second rename loses and is dropped.
 */
async function unpackRegistryChromium(): Promise<string> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@sparticuz/chromium'); // build/index.js; its exports hide package.json
  const { version } = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  const name = `simhash-wasm-chromium-${version}`;
  const cache = join(tmpdir(), name);
  const binary = join(cache, 'chromium');
  if (existsSync(binary)) return cache;

  removeStaleStaging(name);
  const staging = mkdtempSync(join(tmpdir(), `${name}.partial-`));
  const { default: chromium, inflate } = await import('@sparticuz/chromium');
  chromium.setGraphicsMode = false; // no SwiftShader: the tests run with --disable-gpu
  const savedTmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging; // os.tmpdir() reads it on every call, and the package unpacks there
  let unpacked: string;
  try {
    unpacked = await chromium.executablePath();
    await inflate(join(dirname(entry), '..', 'bin', 'al2023.tar.br')); // into <staging>/al2023/lib
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`could not unpack @sparticuz/chromium into ${staging}: ${(error as Error).message}`, { cause: error });
  } finally {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
  }
  if (unpacked !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${unpacked}, expected ${staging}/chromium`);
  try {
    renameSync(staging, cache);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || !existsSync(binary)) throw error;
    rmSync(staging, { recursive: true, force: true }); // another worker finished first: use its copy
  }
  return cache;
}

/** Staging directories left by killed runs (200 MB each); an hour is far longer than an unpack takes. */
function removeStaleStaging(name: string): void {
  const hourAgo = Date.now() - 3600_000;
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(`${name}.partial-`)) continue;
    const path = join(tmpdir(), entry);
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // gone already: another run cleaned it up
    }
  }
}
