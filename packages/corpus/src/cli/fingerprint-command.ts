// `simhash fingerprint`: one fingerprint per document, "<16 hex>  <name>", in input order. Documents are read as
// every command reads them (src/io: files, directories, patterns, JSONL records, stdin, gzip and zstd, HTML text
// extracted, mail bodies) and fingerprinted as `dedupe` fingerprints them.
import type { Command } from 'commander';
import { toHex } from 'simhash-wasm';
import { documentName, quoteName } from '../io/index.js';
import type { CliContext } from './context.js';
import { analysisOptions, startDocumentRun, type RunFlags } from './document-run.js';
import { inputOptions } from './input-options.js';
import { shingleOption, termWeightsOption, tokensOption } from './options.js';

export function registerFingerprintCommand(program: Command, context: CliContext): void {
  const command = program
    .command('fingerprint')
    .description('print each document\'s 64-bit SimHash fingerprint as "<16 hex>  <name>": a file\'s name is its path, a JSONL record\'s its id (or <file>:<line>)')
    .argument('[INPUT...]', 'files, directories, patterns such as \'docs/**/*.txt\', JSONL files, or "-" for stdin (the default)')
    .addOption(shingleOption())
    .addOption(tokensOption())
    .addOption(termWeightsOption());
  for (const option of [...inputOptions(), ...analysisOptions()]) command.addOption(option);
  command.action(async (inputs: string[], flags: RunFlags, self: Command) => {
    const run = await startDocumentRun(inputs, flags, self, context, 'fingerprint');
    for await (const batch of run.batches()) {
      let out = '';
      batch.documents.forEach((document, i) => (out += `${toHex(batch.fingerprints[i])}  ${quoteName(documentName(document))}\n`));
      await context.write(out);
    }
  });
}
