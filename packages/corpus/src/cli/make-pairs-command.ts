// `simhash make-pairs`: labelled pairs (JSONL, for `simhash eval`) made from any corpus by controlled edits.
import type { Command } from 'commander';
import { STDIN } from '../io/index.js';
import { DEFAULT_EDITS, makePairs } from '../evaluation/make-pairs.js';
import { DEFAULT_MIN_TOKENS } from '../dedupe/pipeline.js';
import { readCorpus } from '../evaluation/read-corpus.js';
import type { CliContext } from './context.js';
import { UsageError } from './context.js';
import { reportSkipped } from './document-run.js';
import { inputOptions, readOptions, type InputFlags } from './input-options.js';
import { NoDocumentsError } from './no-documents.js';
import { collectIntegers, integerParser } from './options.js';

interface MakePairsFlags extends InputFlags {
  count: number;
  seed: number;
  edits?: number[];
  minWords: number;
}

export function registerMakePairsCommand(program: Command, context: CliContext): void {
  const command = program
    .command('make-pairs')
    .description('write labelled pairs (JSONL for `simhash eval`) made from INPUT documents by controlled edits: edited words, a new byline or footer, shuffled paragraphs (duplicates); other documents, alone or with a shared byline or footer (not duplicates)')
    .argument('[INPUT...]', 'files, directories, JSONL files, or "-" for stdin (the default), read as `simhash dedupe` reads them')
    .option('--count <n>', 'documents to draw', integerParser('--count', 1, 1e7), 500)
    .option('--seed <n>', 'random seed: the same seed and corpus give the same pairs', integerParser('--seed', 0, 2 ** 32 - 1), 1)
    .option('--edits <n>', `words replaced in an edit-N pair (repeatable; default ${DEFAULT_EDITS.join(', ')})`, collectIntegers('--edits', 1, 1e6))
    .option('--min-words <n>', 'documents with fewer words are not drawn', integerParser('--min-words', 0, 2 ** 31), DEFAULT_MIN_TOKENS);
  for (const option of inputOptions()) command.addOption(option);
  command.action(async (inputs: string[], flags: MakePairsFlags) => {
    const edits = flags.edits ?? DEFAULT_EDITS;
    const corpus = await readCorpus(inputs.length > 0 ? inputs : [STDIN], context.stdin, readOptions(flags), (source, reason) => reportSkipped(context, source, reason));
    if (corpus.length === 0) throw new NoDocumentsError();
    const pairs = makePairs(corpus, { count: flags.count, seed: flags.seed, edits, minWords: flags.minWords });
    if (pairs.length === 0) throw new UsageError(`need at least two documents of ${flags.minWords} words or more, found ${corpus.length} documents`);
    let out = '';
    for (const pair of pairs) {
      out += `${JSON.stringify(pair)}\n`;
      if (out.length > 1 << 20) {
        await context.write(out);
        out = '';
      }
    }
    await context.write(out);
  });
}
