// walkInputs: globbed walking in name order, hidden entries and directory links skipped, named files always read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkInputs, type WalkOptions } from '../../packages/corpus/src/io/walk/walk.js';

describe('walkInputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-walk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['b.txt', 'a.md', 'sub/c.txt', 'sub/deep/d.txt', 'node_modules/e.txt', '.git/f.txt', 'sub/.g.txt']) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), name);
  }
  symlinkSync(join(dir, 'sub'), join(dir, 'loop')); // a link to a directory: not walked
  symlinkSync(join(dir, 'b.txt'), join(dir, 'z-link.txt')); // a link to a file: read
  const walk = async (options: WalkOptions, inputs = [dir]) => {
    const out: string[] = [];
    for await (const e of walkInputs(inputs, options)) out.push(e.kind === 'file' ? e.path.slice(dir.length + 1) : e.kind === 'error' ? `error:${e.path}` : '-');
    return out;
  };

  it('walks in name order, skipping hidden entries and directory links', async () => {
    expect(await walk({})).toEqual(['a.md', 'b.txt', 'node_modules/e.txt', 'sub/c.txt', 'sub/deep/d.txt', 'z-link.txt']);
    expect(await walk({ hidden: true })).toEqual(['.git/f.txt', 'a.md', 'b.txt', 'node_modules/e.txt', 'sub/.g.txt', 'sub/c.txt', 'sub/deep/d.txt', 'z-link.txt']);
  });

  it('include and exclude globs: base names at any depth, or paths from the walked directory', async () => {
    expect(await walk({ include: ['*.txt'], exclude: ['node_modules'] })).toEqual(['b.txt', 'sub/c.txt', 'sub/deep/d.txt', 'z-link.txt']);
    expect(await walk({ include: ['sub/**'] })).toEqual(['sub/c.txt', 'sub/deep/d.txt']);
    expect(await walk({ exclude: ['sub/deep', '*.md'] })).toEqual(['b.txt', 'node_modules/e.txt', 'sub/c.txt', 'z-link.txt']);
  });

  it('files named on the command line are read whatever the globs say; stdin and missing paths pass through', async () => {
    expect(await walk({ include: ['*.txt'] }, [join(dir, 'a.md'), '-', join(dir, 'missing')])).toEqual(['a.md', '-', `error:${join(dir, 'missing')}`]);
  });
});
