// `simhash index build`, `simhash index query` and `simhash index remove`: a near-duplicate index file made from
// documents, queried with more, and documents removed from it by name (index-remove.ts). Documents are read and fingerprinted as every command reads them (src/io, then the dedupe analysis:
// HTML text extracted, --threads, a progress bar). The index file is the library's serialized index with each
// document's name (its path or JSONL id; src/cli/index-file.ts), so a query answers with names and an application
// opens it with SimHashIndex.deserializeWithNames(); `build` prints which id is which document.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { toHex } from 'simhash-wasm';
import { SimHashIndex } from 'simhash-wasm';
import type { LayoutOption } from 'simhash-wasm';
import { documentName, quoteName } from '../io/index.js';
import { UsageError, type CliContext } from './context.js';
import { analysisOptions, pipelineVersion, startDocumentRun, type RunFlags } from './document-run.js';
import { encodeIndexFile, nameOf, type IndexFileContent } from './index-file.js';
import { REFERENCE_BINS } from '../analysis/minhash-sketch.js';
import { openIndexFile, lockWaitOption, readIndexFile } from './index-output.js';
import { removeFromFile, removeFromRedis } from './index-remove.js';
import { readNames } from './names-from.js';
import { inputOptions } from './input-options.js';
import { integerParser, outputFileOption, shingleOption, termWeightsOption, tokensOption } from './options.js';
import { buildIntoRedis, queryRedis } from './index-redis.js';
import { redisOptions, type RedisFlags } from './redis-options.js';

interface BuildFlags extends RunFlags, RedisFlags {
  out?: string;
  maxDistance: number;
  layout: LayoutOption;
  append?: boolean;
  sketches?: boolean;
  lockWait: number;
}

interface QueryFlags extends RunFlags, RedisFlags {
  index?: string;
  maxDistance?: number;
}

interface RemoveFlags extends RedisFlags {
  index?: string;
  namesFrom?: string;
  lockWait: number;
}

/** -k of both verbs: any Hamming distance a 64-bit fingerprint can have. */
const maxDistance = integerParser('The distance', 0, 64);
const INPUT_ARGUMENT = 'files, directories, patterns such as \'docs/**/*.txt\', JSONL files, or "-" for stdin (the default)';

export function registerIndexCommand(program: Command, context: CliContext): void {
  const index = program.command('index').description('build a near-duplicate index file from documents, query one, or remove documents from one');
  const build = index
    .command('build')
    .description('fingerprint each document into the index --out; print "<id>  <16 hex>  <name>" per document (a file\'s name is its path, a JSONL record\'s its id or <file>:<line>)')
    .argument('[INPUT...]', INPUT_ARGUMENT)
    .addOption(outputFileOption('-o, --out <file>', 'the index file to write (replaced atomically: a crash leaves the old index or the new one); or --redis and --name'))
    .addOption(new Option('-k, --max-distance <k>', 'the largest Hamming distance queries will ask for, 0 to 64').default(3).argParser(maxDistance))
    .addOption(new Option('--layout <layout>', "table layout: auto, pigeonhole, scan, a number of blocks, or m<N> for multi-index hashing over N substrings").default('auto').argParser(parseLayout))
    .option('--append', 'add to the index already in --out (its k, layout and pipeline are kept; ids continue), or create it; locked against other writers until written')
    .option('--sketches', 'also store each document\'s MinHash sketch (512 bytes), so that `dedupe --against` can verify against the index; an index with sketches keeps them on --append. The file is then the command line\'s, which SimHashIndex.deserialize() does not read')
    .addOption(lockWaitOption())
    .addOption(shingleOption())
    .addOption(tokensOption())
    .addOption(termWeightsOption());
  for (const option of [...inputOptions(), ...analysisOptions(), ...redisOptions()]) build.addOption(option);
  build.action(async (inputs: string[], flags: BuildFlags, self: Command) => {
    const version = await pipelineVersion(flags);
    if (whichIndex(flags.out, flags, '--out') === 'redis') {
      if (flags.layout !== 'auto' || flags.append) throw new UsageError('--layout and --append are for index files; an index on Redis is always appended to, with k + 1 tables');
      // -k left at its default opens an existing index whatever its k (a new one gets 3).
      const k = self.getOptionValueSource('maxDistance') === 'default' ? undefined : flags.maxDistance;
      await buildIntoRedis({ ...flags, maxDistance: k }, version, () => startDocumentRun(inputs, flags, self, context, 'index build', flags.sketches === true), context);
      return;
    }
    const out = flags.out!;
    const file = await openIndexFile(out, { append: flags.append === true, lockWaitSeconds: flags.lockWait }, context);
    try {
      const loaded = flags.append && file.exists ? loadIndexFile(out, version, 'build') : undefined;
      const target = loaded?.index ?? newIndex(flags, version);
      const names = new Map(loaded?.names);
      // Sketches when asked for, or when appending to a file that has them (every entry keeps one).
      const sketches = flags.sketches === true || loaded?.sketches !== undefined ? new Map(loaded?.sketches) : undefined;
      if (loaded !== undefined && loaded.sketches === undefined && flags.sketches === true && loaded.index.size > 0) {
        throw new UsageError(`--sketches: ${out} holds ${loaded.index.size} entries without sketches; build it again with --sketches to have one for every entry`);
      }
      // A sketch cannot gain bins without its text (cli/index-sketches.ts).
      if (loaded?.sketchBins !== undefined && loaded.sketchBins !== REFERENCE_BINS) {
        throw new UsageError(`--append: ${out} holds sketches of ${loaded.sketchBins} bins (written by an older simhash), and this one makes ${REFERENCE_BINS}: build it again with simhash index build --sketches, without --append`);
      }
      const run = await startDocumentRun(inputs, flags, self, context, 'index build', sketches !== undefined);
      for await (const batch of run.batches()) {
        const ids = target.addMany(batch.fingerprints);
        let out = '';
        batch.documents.forEach((document, i) => {
          const name = documentName(document);
          names.set(ids[i], name);
          sketches?.set(ids[i], batch.sketches.slice(i * REFERENCE_BINS, (i + 1) * REFERENCE_BINS));
          out += `${ids[i]}  ${toHex(batch.fingerprints[i])}  ${quoteName(name)}\n`;
        });
        await context.write(out);
      }
      await file.save(encodeIndexFile(target, names, sketches));
    } finally {
      file.release();
    }
  });
  const query = index
    .command('query')
    .description('for each document, print "<16 hex>  <name>  <count>" and then " <name>:<distance>" for each indexed document within k, nearest first')
    .argument('[INPUT...]', INPUT_ARGUMENT)
    .option('-i, --index <file>', 'an index file made by `simhash index build` or SimHashIndex.serialize() (or --redis and --name)')
    .addOption(new Option('-k, --max-distance <k>', "the largest Hamming distance to report (default: the index's, which is also the most it can answer)").argParser(maxDistance))
    .addOption(shingleOption())
    .addOption(tokensOption())
    .addOption(termWeightsOption());
  for (const option of [...inputOptions(), ...analysisOptions(), ...redisOptions()]) query.addOption(option);
  query.action(async (inputs: string[], flags: QueryFlags, self: Command) => {
    if (whichIndex(flags.index, flags, '--index') === 'redis') {
      await queryRedis(flags, await pipelineVersion(flags), () => startDocumentRun(inputs, flags, self, context, 'index query'), context);
      return;
    }
    const { index: target, names } = loadIndexFile(flags.index!, await pipelineVersion(flags), 'query');
    const k = flags.maxDistance ?? target.maxDistance;
    if (k > target.maxDistance) throw new UsageError(`--max-distance ${k} is more than the index ${flags.index} can answer: it was built with k = ${target.maxDistance}`);
    const run = await startDocumentRun(inputs, flags, self, context, 'index query');
    for await (const batch of run.batches()) {
      const found = target.queryMany(batch.fingerprints, k);
      let out = '';
      batch.documents.forEach((document, i) => {
        const start = found.offsets[i], end = found.offsets[i + 1];
        let line = `${toHex(batch.fingerprints[i])}  ${quoteName(documentName(document))}  ${end - start}`;
        for (let j = start; j < end; j++) line += ` ${quoteName(nameOf(names, found.ids[j]))}:${found.distances[j]}`;
        out += `${line}\n`;
      });
      await context.write(out);
    }
  });
  const remove = index
    .command('remove')
    .description('remove documents from an index by name (a takedown, a retracted page); print each name removed, report each name not in the index')
    .argument('[NAME...]', 'names as `index build` stored and printed them: a path, a JSONL id, or <file>:<line>')
    .option('-i, --index <file>', 'the index file to remove from (rewritten atomically, locked against other writers); or --redis and --name')
    .option('--names-from <file>', 'more names, one a line (- for standard input); a line in double quotes is read as the commands quote a name')
    .addOption(lockWaitOption());
  for (const option of redisOptions(false)) remove.addOption(option);
  remove.action(async (given: string[], flags: RemoveFlags) => {
    if (given.length === 0 && flags.namesFrom === undefined) throw new UsageError('which names? NAME..., or --names-from FILE');
    const which = whichIndex(flags.index, flags, '--index');
    const names = flags.namesFrom === undefined ? given : [...given, ...(await readNames(flags.namesFrom, context.stdin))];
    if (which === 'redis') await removeFromRedis(flags, names, context);
    else await removeFromFile(flags.index!, names, { lockWaitSeconds: flags.lockWait }, context);
  });
}

/** An index file or the index on Redis: exactly one of them. */
function whichIndex(file: string | undefined, flags: RedisFlags, fileOption: string): 'file' | 'redis' {
  const redis = flags.redis !== undefined || flags.name !== undefined;
  if (redis && file !== undefined) throw new UsageError(`${fileOption} (an index file) or --redis and --name (the index on Redis), not both`);
  if (!redis && file === undefined) throw new UsageError(`which index? ${fileOption} FILE, or --redis NODES --name NAME`);
  return redis ? 'redis' : 'file';
}

function newIndex(flags: BuildFlags, version: string): SimHashIndex {
  try {
    return new SimHashIndex({ maxDistance: flags.maxDistance, layout: flags.layout, pipelineVersion: version });
  } catch (error) {
    // A layout that does not fit k (say --layout 3 with -k 3): the library's message, as a usage error.
    throw new UsageError((error as Error).message.replace('options.layout.blocks', '--layout').replace('options.layout.substrings', '--layout m').replace('options.layout', '--layout').replace('maxDistance', '--max-distance'));
  }
}

/** Reads an index file; refuses a damaged one, and one from another pipeline (another --shingle, another library version). */
function loadIndexFile(path: string, version: string, verb: 'build' | 'query'): IndexFileContent {
  const loaded = readIndexFile(path);
  if (loaded.index.pipelineVersion !== version) {
    throw new UsageError(`${path} holds fingerprints of pipeline "${loaded.index.pipelineVersion}", but this ${verb} makes "${version}": they are not comparable (use the --shingle and --tokens it was built with)`);
  }
  return loaded;
}

function parseLayout(value: string): LayoutOption {
  if (value === 'auto' || value === 'pigeonhole' || value === 'scan') return value;
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return { blocks: Number(value) };
  const substrings = /^m(\d+)$/.exec(value);
  if (substrings && Number(substrings[1]) >= 1 && Number(substrings[1]) <= 64) return { substrings: Number(substrings[1]) };
  throw new InvalidArgumentError('The layout must be auto, pigeonhole, scan, a number of blocks from 1 to 64, or m1 to m64 (substrings).');
}
