// The `simhash` executable (dist/cli.js): the process's own streams and exit code around runCli.
import { runCli } from './program.js';

// `simhash fingerprint --jsonl big.jsonl | head` closes our stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
