// The inputs held no document at all (an empty directory, a pattern matching nothing readable, every input
// skipped): said in words, with its own exit code (ExitCode.noDocuments), rather than a silent success.
export class NoDocumentsError extends Error {
  override name = 'NoDocumentsError';

  constructor() {
    super('no input documents');
  }
}
