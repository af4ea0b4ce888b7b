// Why an input could not be read, in words, for "simhash: PATH: why".

const WORDS: Record<string, string> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a component of the path is not a directory',
  ELOOP: 'too many symbolic links',
};

export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && WORDS[code]) return `${WORDS[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}
