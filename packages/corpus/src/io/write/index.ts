// Writing files safely: atomic replacement, an exclusive lock for read-modify-write, and output-path checks.
export { writeFileAtomic, type AtomicWriteData, type AtomicWriteOptions } from './atomic-write.js';
export { lockFile, type FileLock, type LockOptions } from './file-lock.js';
export { outputPathProblem } from './output-path.js';
export { OutputError } from './output-error.js';
export { describeSystemError } from './system-error.js';
export { guardOutput, type GuardedOutput } from './guarded-output.js';
