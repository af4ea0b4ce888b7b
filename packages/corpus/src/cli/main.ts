// The `simhash` executable (dist/cli.js): the process's own streams and exit code around runCli.
// Stdout errors (the reader closed the pipe, a full disk) are handled by the run's context: printing ends, the
// command goes on and still writes its files, and the exit code says what happened.
import { runCli } from './program.js';

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((code) => {
  process.exitCode = code;
});
