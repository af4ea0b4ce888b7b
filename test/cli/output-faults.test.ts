// The `simhash` command's outputs under faults, as real processes on real pipes, files and devices: a reader
// that closes the pipe, a full device, /dev/full, symbolic links, bad output paths and option values.
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builtCli, lines, runCli, startCli } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { indexedCount, indexIn, jsonlDocuments, privateMountNamespace } from './output-faults-harness.js';

const files = scratchDir({});
afterAll(files.remove);

const freshDir = files.fresh;

const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.includes('.tmp.'));

/** Labelled pairs for `simhash eval`: texts of 30 words, half of them one word apart. */
function pairsJsonl(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = Array.from({ length: 30 }, (_, j) => `w${(i * 131 + j * 7919) % 5003}`).join(' ');
    const b = i % 2 === 1 ? a.replace(/^w\d+/, 'changed') : Array.from({ length: 30 }, (_, j) => `v${(i * 173 + j * 104_729) % 4999}`).join(' ');
    out += `${JSON.stringify({ a, b, duplicate: i % 2 === 1 })}\n`;
  }
  return out;
}

describe('stdout: a reader that goes away, a device that is full', () => {
  it('index build | head -1: printing stops quietly, the index is still written in full, exit code 0', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'docs.jsonl'), await jsonlDocuments(20_000, 'pipe'));
    const idx = join(dir, 'docs.idx');
    // 20,000 lines are far more than a pipe holds: head has exited long before the index is saved.
    const run = spawnSync('bash', ['-c', `"${process.execPath}" "${builtCli}" index build --jsonl -o "${idx}" "${join(dir, 'docs.jsonl')}" | head -n 1; exit \${PIPESTATUS[0]}`], { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(lines(run.stdout)).toHaveLength(1);
    expect(indexedCount(idx)).toBe(20_000);
    expect(temporaries(dir)).toEqual([]);
  });

  it.each([
    ['fingerprint', (dir: string) => ['fingerprint', '--jsonl', join(dir, 'docs.jsonl')]],
    ['dedupe', (dir: string) => ['dedupe', '--min-tokens', '0', join(dir, 'records.jsonl')]],
    ['index build', (dir: string) => ['index', 'build', '--jsonl', '-o', join(dir, 'docs.idx'), join(dir, 'docs.jsonl')]],
  ])('%s > /dev/full: one line on stderr, exit code 4', async (_verb, args) => {
    const dir = freshDir();
    writeFileSync(join(dir, 'docs.jsonl'), await jsonlDocuments(3000, 'full'));
    writeFileSync(join(dir, 'records.jsonl'), Array.from({ length: 3000 }, (_, i) => `${JSON.stringify({ id: i, text: `record ${i} of 3000` })}\n`).join(''));
    const full = openSync('/dev/full', 'w');
    let run;
    try {
      run = await runCli(args(dir), { stdoutFd: full });
    } finally {
      closeSync(full);
    }
    expect(lines(run.stderr)).toEqual(['simhash: cannot write standard output: no space left on device (ENOSPC)']);
    expect(run.code).toBe(4);
  });

  it('index build > /dev/full still writes the index in full (exit code 4 for the lost listing)', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'docs.jsonl'), await jsonlDocuments(3000, 'full'));
    const full = openSync('/dev/full', 'w');
    try {
      expect((await runCli(['index', 'build', '--jsonl', '-o', join(dir, 'docs.idx'), join(dir, 'docs.jsonl')], { stdoutFd: full })).code).toBe(4);
    } finally {
      closeSync(full);
    }
    expect(indexedCount(join(dir, 'docs.idx'))).toBe(3000);
  });
});

describe('written files: symbolic links, modes, a full device', () => {
  it('--out through a symbolic link: the link stays, the file it names is replaced, its mode 0600 kept', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'real'));
    const real = join(dir, 'real', 'docs.idx');
    writeFileSync(real, 'old content');
    chmodSync(real, 0o600);
    const link = join(dir, 'link.idx');
    symlinkSync('real/docs.idx', link);
    const run = await runCli(['index', 'build', '--jsonl', '-o', link, '-'], { stdin: await jsonlDocuments(50, 'link') });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('real/docs.idx');
    expect(statSync(real).mode & 0o7777).toBe(0o600);
    expect(indexedCount(real)).toBe(50);
    expect([...temporaries(dir), ...temporaries(join(dir, 'real'))]).toEqual([]);
  });

  it('--plot through a symbolic link to a 0640 file: link and mode kept, the plot replaced', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'pairs.jsonl'), pairsJsonl(20));
    writeFileSync(join(dir, 'plot-target.svg'), 'old plot');
    chmodSync(join(dir, 'plot-target.svg'), 0o640);
    symlinkSync('plot-target.svg', join(dir, 'plot.svg'));
    const run = await runCli(['eval', '--min-tokens', '0', '--pairs', join(dir, 'pairs.jsonl'), '--plot', join(dir, 'plot.svg')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(lstatSync(join(dir, 'plot.svg')).isSymbolicLink()).toBe(true);
    expect(statSync(join(dir, 'plot-target.svg')).mode & 0o7777).toBe(0o640);
    expect(readFileSync(join(dir, 'plot-target.svg'), 'utf8')).toMatch(/^<svg[\s\S]*<\/svg>\n$/);
  });

  it('a new file gets 0666 minus the umask', async () => {
    const dir = freshDir();
    const run = await runCli(['index', 'build', '--jsonl', '-o', join(dir, 'new.idx'), '-'], { stdin: await jsonlDocuments(5, 'mode') });
    expect(run.code).toBe(0);
    const umask = process.umask();
    expect(statSync(join(dir, 'new.idx')).mode & 0o7777).toBe(0o666 & ~umask);
  });

  it('--append to a missing file creates it, with the command line\'s -k and --layout', async () => {
    const dir = freshDir();
    const idx = join(dir, 'fresh.idx');
    const run = await runCli(['index', 'build', '--append', '-k', '5', '--layout', 'scan', '--jsonl', '-o', idx, '-'], { stdin: await jsonlDocuments(7, 'append') });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const index = indexIn(idx);
    expect([index.size, index.maxDistance, index.layout.kind]).toEqual([7, 5, 'scan']);
  });

  const tmpfs = privateMountNamespace();
  const onTmpfs = 'skip' in tmpfs ? it.skip : it;
  if ('skip' in tmpfs) console.warn(`full-device tests skipped: ${tmpfs.skip}`);

  /**
   * Runs the CLI on a 256 kB tmpfs holding `old` as the target (and, with fill, no free space left beside it), then
   * copies the tmpfs's content out before the namespace and its mount vanish.
   */
  function onFullDevice(dir: string, args: string, options: { fill: boolean }) {
    if ('skip' in tmpfs) throw new Error(tmpfs.skip);
    const script = [
      'set -e',
      'mkdir -p "$DIR/mnt" "$DIR/after"',
      'mount -t tmpfs -o size=256k tmpfs "$DIR/mnt"',
      'cp -p "$DIR/old" "$DIR/mnt/$TARGET"',
      options.fill ? 'dd if=/dev/zero of="$DIR/mnt/filler" bs=4096 2>/dev/null || true' : 'true',
      'set +e',
      `"$NODE" "$CLI" ${args} > /dev/null 2> "$DIR/stderr"`,
      'echo $? > "$DIR/code"',
      'rm -f "$DIR/mnt/filler"',
      'cp -a "$DIR/mnt/." "$DIR/after/"',
    ].join('\n');
    const result = tmpfs.run(script, { DIR: dir, NODE: process.execPath, CLI: builtCli, TARGET: 'target' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    return {
      code: Number(readFileSync(join(dir, 'code'), 'utf8')),
      stderr: readFileSync(join(dir, 'stderr'), 'utf8'),
      after: readdirSync(join(dir, 'after')),
      target: readFileSync(join(dir, 'after', 'target')),
    };
  }

  onTmpfs('--out on a full device: exit code 4, one line naming the file and ENOSPC, the old index byte-identical, no temporary file left', async () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'docs.jsonl'), await jsonlDocuments(40_000, 'big')); // about 480 kB of index
    const old = await runCli(['index', 'build', '--jsonl', '-o', join(dir, 'old'), '-'], { stdin: await jsonlDocuments(10, 'old') });
    expect(old.code).toBe(0);
    const run = onFullDevice(dir, `index build --jsonl -o "$DIR/mnt/$TARGET" "$DIR/docs.jsonl"`, { fill: false });
    expect(lines(run.stderr)).toEqual([`simhash: cannot write the index ${join(dir, 'mnt', 'target')}: no space left on device (ENOSPC)`]);
    expect(run.code).toBe(4);
    expect(run.target.equals(readFileSync(join(dir, 'old')))).toBe(true);
    expect(run.after).toEqual(['target']);
  });

  onTmpfs('--out on a read-only file system: exit code 2 naming --out, before any input is read', () => {
    if ('skip' in tmpfs) return;
    const dir = freshDir();
    const script = 'mkdir -p "$DIR/ro" && mount -t tmpfs -o size=64k,ro tmpfs "$DIR/ro" && "$NODE" "$CLI" index build -o "$DIR/ro/x.idx" - < /dev/zero 2> "$DIR/stderr"; echo $? > "$DIR/code"';
    expect(tmpfs.run(script, { DIR: dir, NODE: process.execPath, CLI: builtCli }).status).toBe(0);
    expect(readFileSync(join(dir, 'code'), 'utf8').trim()).toBe('2');
    expect(readFileSync(join(dir, 'stderr'), 'utf8')).toContain(`error: option '-o, --out <file>' argument '${join(dir, 'ro', 'x.idx')}' is invalid. Cannot write there: cannot create files in the directory ${join(dir, 'ro')}: read-only file system (EROFS).`);
  });

  onTmpfs('--plot on a full device: exit code 4, one line, the old plot byte-identical, no temporary file left', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'pairs.jsonl'), pairsJsonl(20));
    writeFileSync(join(dir, 'old'), '<svg>the old plot</svg>\n');
    // A long title makes the new plot several pages, more than the old one's page freed by truncating it in place.
    const run = onFullDevice(dir, `eval --min-tokens 0 --pairs "$DIR/pairs.jsonl" --title "${'long title '.repeat(1500)}" --plot "$DIR/mnt/$TARGET"`, { fill: true });
    expect(lines(run.stderr)).toEqual([`simhash: cannot write ${join(dir, 'mnt', 'target')}: no space left on device (ENOSPC)`]);
    expect(run.code).toBe(4);
    expect(run.target.toString('utf8')).toBe('<svg>the old plot</svg>\n');
    expect(run.after).toEqual(['target']);
  });
});

describe('options and output paths are checked before any input is read', () => {
  /** stdin is left open: a command that started reading it would wait forever, so a quick exit shows it did not. */
  async function withOpenStdin(args: string[]) {
    const started = startCli(args);
    const timer = setTimeout(() => started.child.kill('SIGKILL'), 20_000);
    const run = await started.done;
    clearTimeout(timer);
    started.child.stdin?.destroy();
    return run;
  }

  it('eval --plot into a missing directory: exit code 2 naming --plot, before reading the pairs', async () => {
    const dir = freshDir();
    const run = await withOpenStdin(['eval', '--pairs', '-', '--plot', join(dir, 'no-such-dir', 'plot.svg')]);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--plot');
    expect(run.stderr).toContain(`the directory ${join(dir, 'no-such-dir')} does not exist`);
  });

  it('eval --plot naming a directory, index build --out in a missing directory: exit code 2 naming the option', async () => {
    const dir = freshDir();
    const plot = await withOpenStdin(['eval', '--pairs', '-', '--plot', dir]);
    expect([plot.code, plot.stderr.includes('--plot'), plot.stderr.includes('is a directory')]).toEqual([2, true, true]);
    const out = await withOpenStdin(['index', 'build', '-o', join(dir, 'missing', 'x.idx'), '-']);
    expect([out.code, out.stderr.includes('--out'), out.stderr.includes('does not exist')]).toEqual([2, true, true]);
  });

  it.each([['0'], ['-1'], ['x'], ['1.5']])('make-pairs --edits %s: exit code 2 with a message naming --edits', async (value) => {
    const run = await withOpenStdin(['make-pairs', '--edits', '4', '--edits', value]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--edits must be an integer from 1 to');
    expect(run.stdout).toBe('');
  });

  it('--lock-wait takes whole seconds', async () => {
    const run = await withOpenStdin(['index', 'build', '--lock-wait', 'soon', '-o', join(freshDir(), 'x.idx'), '-']);
    expect([run.code, run.stderr.includes('--lock-wait must be an integer')]).toEqual([2, true]);
  });

  it.each([['fingerprint'], ['index build'], ['index query'], ['dedupe'], ['make-pairs'], ['eval']])('%s --help shows no "(default: [])"', async (verb) => {
    const run = await runCli([...verb.split(' '), '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: simhash');
    expect(run.stdout).not.toContain('(default: [])');
  });
});

describe('many bad inputs', () => {
  it('30,000 malformed lines: the first 20 reported, then one line with the count; exit code 1', async () => {
    const bad = Array.from({ length: 30_000 }, (_, i) => `not json ${i}`).join('\n');
    // One good line, so the run has a document (none at all is exit code 5, another matter).
    const run = await runCli(['fingerprint', '--jsonl', '-'], { stdin: `${bad}\n${await jsonlDocuments(1, 'good')}` });
    expect(run.code).toBe(1);
    const errors = lines(run.stderr);
    expect(errors).toHaveLength(21);
    expect(errors.slice(0, 20).every((line, i) => line.startsWith(`simhash: (stdin):${i + 1}: `))).toBe(true);
    expect(errors[20]).toBe('simhash: 29,980 more inputs skipped, not shown (30,000 in all)');
  });

  it('the count comes before the error that ended the run, which stays the last line', async () => {
    const bad = Array.from({ length: 25 }, (_, i) => `not json ${i}`).join('\n');
    const run = await runCli(['fingerprint', '--jsonl', '-'], { stdin: `${bad}\n` });
    expect(run.code).toBe(5);
    expect(lines(run.stderr).slice(20)).toEqual(['simhash: 5 more inputs skipped, not shown (25 in all)', 'simhash: no input documents']);
  });

  it('dedupe --format json still lists every skipped input', async () => {
    const bad = Array.from({ length: 1000 }, (_, i) => `not json ${i}`).join('\n');
    const good = JSON.stringify({ id: 'good', text: 'one good document among the bad lines' });
    const run = await runCli(['dedupe', '--jsonl', '--format', 'json', '-'], { stdin: `${bad}\n${good}\n` });
    expect(lines(run.stderr)).toHaveLength(21);
    const report = JSON.parse(run.stdout) as { skipped: unknown[] };
    expect(report.skipped).toHaveLength(1000);
  });
});
