// Loaded with `node --require` into a process a benchmark measures: at exit, its peak resident set size and the CPU
// time it used (all of its threads: worker threads share the process) on stderr, for bench/corpus-scale.ts and
// bench/mail-corpus.ts to read. CPU time is what a loaded machine moves least: it does not count the waits.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`peak-rss ${usage.maxRSS * 1024}\ncpu-seconds ${(usage.userCPUTime + usage.systemCPUTime) / 1e6}\n`);
});
