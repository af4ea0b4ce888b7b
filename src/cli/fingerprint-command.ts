// `simhash fingerprint`: one fingerprint per file (or stdin), or one per line of JSONL strings.
import type { Command } from 'commander';
import { toHex } from '../core/bits.js';
import type { SimHash } from '../core/simhash.js';
import type { CliContext } from './context.js';
import { loadEntry, type EngineName } from './engines.js';
import { describeReadError, lines, openSource, STDIN, type Source } from '../io/sources.js';
import { engineOption, shingleOption } from './options.js';

interface FingerprintOptions {
  shingle: number;
  engine: EngineName;
  jsonl?: boolean;
}

/** Lines fingerprinted per fingerprintMany call: amortises the engine crossing and the stdout writes. */
const JSONL_BATCH = 1024;

export function registerFingerprintCommand(program: Command, context: CliContext): void {
  program
    .command('fingerprint')
    .description('print each FILE\'s 64-bit SimHash fingerprint as "<16 hex>  <file>" (stdin when no FILE)')
    .argument('[FILE...]', 'files to read as UTF-8 bytes; "-" is stdin')
    .addOption(shingleOption())
    .addOption(engineOption())
    .option('--jsonl', 'read one JSON string per line and print one fingerprint per line, in order (a malformed line is reported on stderr and skipped)')
    .action(async (files: string[], options: FingerprintOptions) => {
      const { createSimHash } = await loadEntry(options.engine);
      const hasher = createSimHash({ shingle: options.shingle });
      const sources = (files.length > 0 ? files : [STDIN]).map((name) => openSource(name, context.stdin));
      for (const source of sources) {
        if (options.jsonl) await fingerprintLines(source, hasher, context);
        else await fingerprintWhole(source, hasher, context);
      }
    });
}

/** Streams the source's bytes through the hasher: a file of any size needs only one chunk in memory. */
async function fingerprintWhole(source: Source, hasher: SimHash, context: CliContext): Promise<void> {
  const stream = hasher.stream();
  try {
    for await (const chunk of source.chunks()) stream.update(chunk);
  } catch (error) {
    context.inputFailed(`${source.label}: ${describeReadError(error)}`);
    return;
  }
  await context.write(`${toHex(stream.digest())}  ${source.name}\n`);
}

async function fingerprintLines(source: Source, hasher: SimHash, context: CliContext): Promise<void> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const fingerprints = hasher.fingerprintMany(batch);
    batch = [];
    let out = '';
    for (const fp of fingerprints) out += `${toHex(fp)}\n`;
    await context.write(out);
  };
  try {
    for await (const { line, number } of lines(source.chunks())) {
      const text = parseJsonString(line, decoder);
      if (typeof text === 'string') batch.push(text);
      else context.inputFailed(`${source.label}:${number}: malformed JSONL line, skipped: ${text.problem}`);
      if (batch.length >= JSONL_BATCH) await flush();
    }
  } catch (error) {
    await flush();
    context.inputFailed(`${source.label}: ${describeReadError(error)}`);
    return;
  }
  await flush();
}

export function parseJsonString(line: Uint8Array, decoder: TextDecoder): string | { problem: string } {
  let json: string;
  try {
    json = decoder.decode(line);
  } catch {
    return { problem: 'not valid UTF-8' };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { problem: json.trim() === '' ? 'empty line, expected a JSON string' : `not JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'string') return { problem: `expected a JSON string, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
  return value;
}
