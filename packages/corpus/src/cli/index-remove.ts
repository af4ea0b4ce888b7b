// `simhash index remove`: documents dropped from an index by name (a takedown, a retracted page), from an index file
// or from the index on Redis. Names are those `index build` stored and printed: a path, a JSONL id, `<file>:<line>`.
// In a file every entry of the name goes (`--append` may have added a name twice), and an entry stored without a
// name (an index an application serialized) is named by its number, as `index query` names it; on Redis a name is
// an id, held once. Each name removed is printed; each name not in the index is reported on stderr (exit 1), and
// the others are removed all the same. The file is rewritten atomically, under the lock `index build --append` takes.
import { accessSync } from 'node:fs';
import type { SimHashIndex } from 'simhash-wasm';
import { describeReadError, quoteName } from '../io/index.js';
import { UsageError, type CliContext } from './context.js';
import { encodeIndexFile } from './index-file.js';
import { openIndexFile, readIndexFile } from './index-output.js';
import { openRedisIndex, talkingToRedis, type RedisFlags } from './redis-options.js';

/** How the end of a run counts the names it could not remove (CliContext.inputFailed). */
const NOT_FOUND = 'names not in the index';

export async function removeFromFile(path: string, names: readonly string[], options: { lockWaitSeconds: number }, context: CliContext): Promise<void> {
  // A missing index is a usage error (exit 2), found before a lock file is made beside it.
  try {
    accessSync(path);
  } catch (error) {
    throw new UsageError(`cannot read the index ${path}: ${describeReadError(error)}`);
  }
  const file = await openIndexFile(path, { append: true, lockWaitSeconds: options.lockWaitSeconds }, context);
  try {
    const { index, names: stored, sketches, sketchBins } = readIndexFile(path);
    const idsOf = idsByName(stored);
    const kept = new Map(stored);
    const removed: string[] = [];
    for (const name of new Set(names)) {
      const ids = idsOf.get(name) ?? unnamedId(index, stored, name);
      if (ids.length === 0) {
        context.inputFailed(`${quoteName(name)}: not in the index ${path}`, NOT_FOUND);
        continue;
      }
      for (const id of ids) {
        index.remove(id);
        kept.delete(id);
      }
      removed.push(name);
    }
    // Nothing removed: the file stays as it is, byte for byte.
    if (removed.length > 0) await file.save(encodeIndexFile(index, kept, sketches, sketchBins));
    await context.write(removed.map((name) => `${quoteName(name)}\n`).join(''));
  } finally {
    file.release();
  }
}

export async function removeFromRedis(flags: RedisFlags, names: readonly string[], context: CliContext): Promise<void> {
  // Removing compares no fingerprints: any pipeline's index will do; a name that holds no index is refused (exit 2).
  const index = await openRedisIndex(flags, { acceptAnyPipelineVersion: true, create: false });
  try {
    const unique = [...new Set(names)];
    const removed = await talkingToRedis(flags, () => index.removeMany(unique));
    let out = '';
    unique.forEach((name, i) => {
      if (removed[i]) out += `${quoteName(name)}\n`;
      else context.inputFailed(`${quoteName(name)}: not in the index ${flags.name} on Redis`, NOT_FOUND);
    });
    await context.write(out);
  } finally {
    await index.close();
  }
}

function idsByName(names: ReadonlyMap<number, string>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [id, name] of names) {
    const ids = out.get(name);
    if (ids === undefined) out.set(name, [id]);
    else ids.push(id);
  }
  return out;
}

/** An entry stored without a name goes by its number (cli/index-file.ts, nameOf): "17" names id 17 if it has none. */
function unnamedId(index: SimHashIndex, names: ReadonlyMap<number, string>, name: string): number[] {
  if (!/^(?:0|[1-9]\d{0,9})$/.test(name)) return [];
  const id = Number(name);
  return id <= 0xffffffff && !names.has(id) && index.has(id) ? [id] : [];
}
