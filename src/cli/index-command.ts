// `simhash index build` and `simhash index query`: a near-duplicate index file made from documents, and queried
// with more. Inputs are read as `simhash fingerprint` reads them: each FILE whole (stdin when none, or "-"), or
// with --jsonl one JSON string per line. The index stores fingerprints and ids (the input's number, from 0 in
// build order); `build` prints which id is which input.
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { toHex } from '../core/bits.js';
import type { SimHash } from '../core/simhash.js';
import { SimHashIndex } from '../block-index/index.js';
import type { LayoutOption } from '../block-index/layout.js';
import { UsageError, type CliContext } from './context.js';
import { loadEntry, type EngineName } from './engines.js';
import { parseJsonString } from './fingerprint-command.js';
import { describeReadError, lines, openSource, STDIN, type Source } from '../io/sources.js';
import { openIndexFile, lockWaitOption } from './index-output.js';
import { engineOption, outputFileOption, shingleOption } from './options.js';

interface SharedFlags {
  shingle: number;
  engine: EngineName;
  jsonl?: boolean;
}

interface BuildFlags extends SharedFlags {
  out: string;
  maxDistance: number;
  layout: LayoutOption;
  append?: boolean;
  lockWait: number;
}

interface QueryFlags extends SharedFlags {
  index: string;
  maxDistance?: number;
}

/** Lines fingerprinted (and queried) per batch. */
const BATCH = 1024;

export function registerIndexCommand(program: Command, context: CliContext): void {
  const index = program.command('index').description('build a near-duplicate index file from documents, or query one');
  index
    .command('build')
    .description('fingerprint each FILE (stdin when none, or "-"), or each line with --jsonl, into the index --out; print "<id>  <16 hex>  <input>" per input')
    .argument('[FILE...]', 'files to read as UTF-8 bytes; "-" is stdin')
    .addOption(outputFileOption('-o, --out <file>', 'the index file to write (replaced atomically: a crash leaves the old index or the new one)').makeOptionMandatory())
    .addOption(new Option('-k, --max-distance <k>', 'the largest Hamming distance queries will ask for, 0 to 64').default(3).argParser(distanceParser(64)))
    .addOption(new Option('--layout <layout>', "table layout: auto, pigeonhole, scan, or a number of blocks").default('auto').argParser(parseLayout))
    .option('--append', 'add to the index already in --out (its k, layout and pipeline are kept; ids continue), or create it; locked against other writers until written')
    .addOption(lockWaitOption())
    .addOption(shingleOption())
    .addOption(engineOption())
    .option('--jsonl', 'read one JSON string per line; each line is one document (input "<file>:<line>")')
    .action(async (files: string[], flags: BuildFlags) => {
      const hasher = await makeHasher(flags);
      const file = await openIndexFile(flags.out, { append: flags.append === true, lockWaitSeconds: flags.lockWait }, context);
      try {
        const target = flags.append && file.exists ? loadIndex(flags.out, hasher, true) : newIndex(flags, hasher);
        for await (const batch of fingerprintBatches(sources(files, context), hasher, flags.jsonl === true, context)) {
          const ids = target.addMany(batch.fingerprints);
          let out = '';
          ids.forEach((id, i) => (out += `${id}  ${toHex(batch.fingerprints[i])}  ${batch.names[i]}\n`));
          await context.write(out);
        }
        await file.save(target.serialize());
      } finally {
        file.release();
      }
    });
  index
    .command('query')
    .description('for each FILE (stdin when none, or "-"), or each line with --jsonl, print "<16 hex>  <input>  <count>" and then "<id>:<distance>" for each indexed document within k, nearest first')
    .argument('[FILE...]', 'files to read as UTF-8 bytes; "-" is stdin')
    .requiredOption('-i, --index <file>', 'an index file made by `simhash index build`')
    .addOption(new Option('-k, --max-distance <k>', "the largest Hamming distance to report (default: the index's, which is also the most it can answer)").argParser(distanceParser(64)))
    .addOption(shingleOption())
    .addOption(engineOption())
    .option('--jsonl', 'read one JSON string per line; each line is one query (input "<file>:<line>")')
    .action(async (files: string[], flags: QueryFlags) => {
      const hasher = await makeHasher(flags);
      const target = loadIndex(flags.index, hasher, false);
      const k = flags.maxDistance ?? target.maxDistance;
      if (k > target.maxDistance) throw new UsageError(`--max-distance ${k} is more than the index ${flags.index} can answer: it was built with k = ${target.maxDistance}`);
      for await (const batch of fingerprintBatches(sources(files, context), hasher, flags.jsonl === true, context)) {
        const found = target.queryMany(batch.fingerprints, k);
        let out = '';
        batch.names.forEach((name, i) => {
          const start = found.offsets[i], end = found.offsets[i + 1];
          let line = `${toHex(batch.fingerprints[i])}  ${name}  ${end - start}`;
          for (let j = start; j < end; j++) line += ` ${found.ids[j]}:${found.distances[j]}`;
          out += `${line}\n`;
        });
        await context.write(out);
      }
    });
}

async function makeHasher(flags: SharedFlags): Promise<SimHash> {
  const { createSimHash } = await loadEntry(flags.engine);
  return createSimHash({ shingle: flags.shingle });
}

function newIndex(flags: BuildFlags, hasher: SimHash): SimHashIndex {
  try {
    return new SimHashIndex({ maxDistance: flags.maxDistance, layout: flags.layout, pipelineVersion: hasher.version });
  } catch (error) {
    // A layout that does not fit k (say --layout 3 with -k 3): the library's message, as a usage error.
    throw new UsageError((error as Error).message.replace('options.layout.blocks', '--layout').replace('options.layout', '--layout').replace('maxDistance', '--max-distance'));
  }
}

/** Reads an index file; refuses one from another pipeline (another --shingle, another library version). */
function loadIndex(path: string, hasher: SimHash, forAppend: boolean): SimHashIndex {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new UsageError(`cannot read the index ${path}: ${describeReadError(error)}`);
  }
  let loaded: SimHashIndex;
  try {
    loaded = SimHashIndex.deserialize(bytes, { acceptAnyPipelineVersion: true });
  } catch (error) {
    throw new UsageError(`${path}: ${(error as Error).message}`);
  }
  if (loaded.pipelineVersion !== hasher.version) {
    throw new UsageError(`${path} holds fingerprints of pipeline "${loaded.pipelineVersion}", but this ${forAppend ? 'build' : 'query'} makes "${hasher.version}": they are not comparable (use the --shingle it was built with)`);
  }
  return loaded;
}

function sources(files: string[], context: CliContext): Source[] {
  return (files.length > 0 ? files : [STDIN]).map((name) => openSource(name, context.stdin));
}

interface Batch {
  readonly fingerprints: BigUint64Array;
  readonly names: string[];
}

/** Fingerprints of the inputs in order, in batches; unreadable inputs and malformed lines are reported and skipped. */
async function* fingerprintBatches(inputs: Source[], hasher: SimHash, jsonl: boolean, context: CliContext): AsyncGenerator<Batch> {
  for (const source of inputs) {
    if (!jsonl) {
      const stream = hasher.stream();
      try {
        for await (const chunk of source.chunks()) stream.update(chunk);
      } catch (error) {
        context.inputFailed(`${source.label}: ${describeReadError(error)}`);
        continue;
      }
      yield { fingerprints: BigUint64Array.of(stream.digest()), names: [source.name] };
      continue;
    }
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let texts: string[] = [];
    let names: string[] = [];
    const flush = (): Batch => {
      const batch = { fingerprints: hasher.fingerprintMany(texts), names };
      texts = [];
      names = [];
      return batch;
    };
    try {
      for await (const { line, number } of lines(source.chunks())) {
        const text = parseJsonString(line, decoder);
        if (typeof text === 'string') {
          texts.push(text);
          names.push(`${source.name}:${number}`);
        } else {
          context.inputFailed(`${source.label}:${number}: malformed JSONL line, skipped: ${text.problem}`);
        }
        if (texts.length >= BATCH) yield flush();
      }
    } catch (error) {
      context.inputFailed(`${source.label}: ${describeReadError(error)}`);
    }
    if (texts.length > 0) yield flush();
  }
}

function distanceParser(max: number): (value: string) => number {
  return (value) => {
    const k = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(k) || k > max) throw new InvalidArgumentError(`The distance must be an integer from 0 to ${max}.`);
    return k;
  };
}

function parseLayout(value: string): LayoutOption {
  if (value === 'auto' || value === 'pigeonhole' || value === 'scan') return value;
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 64) return { blocks: Number(value) };
  throw new InvalidArgumentError('The layout must be auto, pigeonhole, scan, or a number of blocks from 1 to 64.');
}
