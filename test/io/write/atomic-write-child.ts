// A process that replaces a file atomically with `size` bytes of "A" (for test/io/write/atomic-write.test.ts to signal
// or kill mid-write). Usage: node --import tsx test/io/write/atomic-write-child.ts TARGET SIZE
import { writeFileAtomic } from '../../../packages/corpus/src/io/write/atomic-write.js';
import { OutputError } from '../../../packages/corpus/src/io/write/output-error.js';

const [target, size] = process.argv.slice(2);
writeFileAtomic(target, Buffer.alloc(Number(size), 0x41)).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof OutputError ? error.message : String(error)}\n`);
    process.exit(4);
  },
);
