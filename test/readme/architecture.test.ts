// ARCHITECTURE.md describes the code as it is: it names every source folder and every dependency-cruiser rule, and
// every file or folder it names in backticks exists. What counts as named (its section "How this file is checked",
// which itself names nothing: its examples would name what they illustrate):
//   - a source folder is each directory under packages/*/src and under packages/simhash-wasm/assembly, at any depth.
//     It is named when a backticked span, with a trailing slash, is its repository path
//     (`packages/corpus/src/io/walk/`) or its path relative to its package's src/ (`io/walk/`; the AssemblyScript
//     folders relative to the package: `assembly/scan/`). The short form counts only where no other source folder
//     has the same one, and a package's src/ itself goes by its repository path (`packages/redis/src/`).
//   - a rule is named when its `name` (each entry of the forbidden list of .dependency-cruiser.cjs, with a
//     layer-<key> rule for every key of its LAYERS) stands in backticks.
//   - each key of LAYERS has one row in the layer tables (a table row whose first cell is the key), whose last cell
//     lists the layers of its MAY_IMPORT row, comma-separated, in any order ("nothing" for none).
//   - a backticked span that looks like a path (a known file ending, or a trailing slash) must be the end of a path
//     that exists in the repository; build outputs (`dist/...`) aside, as they are not there before a build.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repo } from '../support/paths.js';

const DOC = 'ARCHITECTURE.md';
const CHECKED = '## How this file is checked';
const doc = readFileSync(join(repo, DOC), 'utf8');
/** Every `span` of a text (inline code; a span does not cross a line). */
const spansOf = (text: string) => new Set([...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]));
/** What names folders and rules: the document before that section, whose examples would name them anyway. */
const spans = spansOf(doc.split(CHECKED)[0]);

/** Directories below `dir` (a repository path ending in "/"), at any depth, as repository paths ending in "/". */
function subdirectories(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [`${dir}${entry.name}/`, ...subdirectories(`${dir}${entry.name}/`)]);
}

interface SourceFolder {
  /** From the repository's top: packages/corpus/src/io/walk/. */
  readonly path: string;
  /** Relative to its package's src/ (io/walk/), or to the package for assembly/; none for a src/ itself. */
  readonly short?: string;
}

function sourceFolders(): SourceFolder[] {
  const folders: SourceFolder[] = [];
  const packages = readdirSync(join(repo, 'packages'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const { name } of packages) {
    const src = `packages/${name}/src/`;
    folders.push({ path: src });
    for (const path of subdirectories(src)) folders.push({ path, short: path.slice(src.length) });
  }
  const assembly = 'packages/simhash-wasm/assembly/';
  folders.push({ path: assembly, short: 'assembly/' });
  for (const path of subdirectories(assembly)) folders.push({ path, short: `assembly/${path.slice(assembly.length)}` });
  return folders;
}

/** The names a folder may go by: its repository path, and its short path where that is unambiguous. */
function namesOf(folder: SourceFolder, all: readonly SourceFolder[]): string[] {
  const unique = folder.short !== undefined && all.filter((other) => other.short === folder.short).length === 1;
  return unique ? [folder.path, folder.short!] : [folder.path];
}

interface CruiserConfig {
  readonly forbidden: readonly { readonly name: string }[];
}

/** The forbidden rules' names, LAYERS's keys and MAY_IMPORT (constants it does not export, so read in its scope). */
function cruiserRules(): { names: string[]; layers: string[]; mayImport: Record<string, string[]> } {
  const file = join(repo, '.dependency-cruiser.cjs');
  const config = createRequire(import.meta.url)(file) as CruiserConfig;
  const module = { exports: {} };
  const source = `${readFileSync(file, 'utf8')}\nreturn { LAYERS, MAY_IMPORT };`;
  const scope = new Function('module', 'exports', 'require', source);
  const { LAYERS, MAY_IMPORT } = scope(module, module.exports, createRequire(file)) as {
    LAYERS: Record<string, string>;
    MAY_IMPORT: Record<string, string[]>;
  };
  return { names: config.forbidden.map((rule) => rule.name), layers: Object.keys(LAYERS), mayImport: MAY_IMPORT };
}

/** Every file and directory of the repository (directories ending in "/"), without node_modules, .git and builds. */
function repositoryPaths(dir = ''): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true })
    .filter((entry) => !['node_modules', '.git', 'dist', 'build'].includes(entry.name))
    .flatMap((entry) => {
      const path = `${dir}${entry.name}`;
      return entry.isDirectory() ? [`${path}/`, ...repositoryPaths(`${path}/`)] : [path];
    });
}

const folders = sourceFolders();
const rules = cruiserRules();

describe(`${DOC} names every source folder`, () => {
  it(`has the section "${CHECKED.slice(3)}" once (what comes after it names nothing)`, () => {
    expect(doc.split(CHECKED)).toHaveLength(2);
  });

  it('finds the source folders (the walk itself works)', () => {
    const paths = folders.map((folder) => folder.path);
    expect(paths).toContain('packages/simhash-wasm/src/block-index/scan/');
    expect(paths).toContain('packages/simhash-wasm/assembly/scan/');
    expect(paths).toContain('packages/corpus/src/io/write/');
    expect(paths).toContain('packages/redis/src/');
    expect(folders.length).toBeGreaterThan(25);
  });

  it.each(folders.map((folder) => [folder.path, folder] as const))('%s', (_, folder) => {
    const names = namesOf(folder, folders);
    expect(
      names.some((name) => spans.has(name)),
      `${DOC} does not name ${folder.path} in backticks as ${names.map((name) => `\`${name}\``).join(' or ')}`,
    ).toBe(true);
  });
});

describe(`${DOC} names every dependency-cruiser rule`, () => {
  it('has a layer rule for every layer', () => {
    expect(rules.layers.length).toBeGreaterThan(10);
    for (const layer of rules.layers) expect(rules.names).toContain(`layer-${layer}`);
  });

  const required = [...new Set([...rules.names, ...rules.layers.map((layer) => `layer-${layer}`)])];
  it.each(required)('%s', (name) => {
    expect(spans.has(name), `${DOC} does not name the rule \`${name}\``).toBe(true);
  });
});

describe(`${DOC} names only paths that exist`, () => {
  const paths = repositoryPaths();
  const looksLikePath = (span: string) =>
    /^[\w@.\-/]+(\.(ts|mts|cts|js|mjs|cjs|json|md|html|css)|\/)$/.test(span) && !span.startsWith('dist/');
  const cited = [...spansOf(doc)].filter(looksLikePath);

  it('cites paths at all', () => {
    expect(cited.length).toBeGreaterThan(50);
  });

  it.each(cited)('%s', (span) => {
    expect(
      paths.some((path) => path === span || path.endsWith(`/${span}`)),
      `${DOC} names \`${span}\`, which is no path in the repository (nor the end of one)`,
    ).toBe(true);
  });
});

describe(`${DOC}'s layer tables are .dependency-cruiser.cjs's`, () => {
  /** Table rows whose first cell is a layer's key: the key and the last cell. */
  const rows = doc
    .split(CHECKED)[0]
    .split('\n')
    .map((line) => /^\| (\w+) \|.*\| ([^|]*) \|$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null && rules.layers.includes(match[1]))
    .map((match) => ({ layer: match[1], mayImport: match[2] }));

  it.each(rules.layers)('%s', (layer) => {
    const found = rows.filter((row) => row.layer === layer);
    expect(found, `${DOC} has ${found.length} rows for the layer ${layer} (one is wanted)`).toHaveLength(1);
    const listed = found[0].mayImport === 'nothing' ? [] : found[0].mayImport.split(', ');
    expect([...listed].sort(), `the layer ${layer} may import what .dependency-cruiser.cjs's MAY_IMPORT says`).toEqual(
      [...rules.mayImport[layer]].sort(),
    );
  });
});
