// Loaded with `node --require` into a process a benchmark measures: at exit, its peak resident set size (all of its
// threads: worker threads share the process) on stderr, for bench/corpus-scale.ts to read.
process.on('exit', () => process.stderr.write(`peak-rss ${process.resourceUsage().maxRSS * 1024}\n`));
