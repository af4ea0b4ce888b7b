// System errors in words, for messages such as "cannot write out.idx: no space left on device (ENOSPC)".

const WORDS: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a component of the path is not a directory',
  EISDIR: 'is a directory',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'file name too long',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files in the system',
  EBUSY: 'device or resource busy',
  ETXTBSY: 'text file busy',
  EXDEV: 'not on the same file system',
  EPIPE: 'the reader closed the pipe',
  EAGAIN: 'resource temporarily unavailable',
};

/** "no space left on device (ENOSPC)" for a system error; the message for anything else. */
export function describeSystemError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && WORDS[code] !== undefined) return `${WORDS[code]} (${code})`;
  if (error instanceof Error) return code === undefined ? error.message : `${error.message.replace(/^[A-Z]+: /, '')}`;
  return String(error);
}
