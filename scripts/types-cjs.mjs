// Gives every declaration file in dist/types a CommonJS twin (.d.cts) for the package's `require`
// conditions. In a "type": "module" package a .d.ts describes an ES module, so TypeScript (and
// @arethetypeswrong) would take the .cjs files for ESM; the twins import each other as .cjs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The folder of declarations, as the package's build:types names it (dist/types, from the package's folder).
const root = process.argv[2];
if (!root) throw new Error('usage: node scripts/types-cjs.mjs DIR');
// Relative specifiers only: `from './x.js'`, `import('../y.js')`; bare ones (node:stream) stay.
const relative = /((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]*?)\.js(['"])/g;

let count = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8').replace(relative, '$1$2.cjs$3');
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), text);
  count++;
}
console.log(`${root}: ${count} .d.cts twins`);
