// The scripts of scripts.ts as typed calls, each sent in its key's master pipeline (master-pipelines.ts).
import type { Connection } from './connect.js';

export interface IndexCommands {
  appendOnce(tableKey: string, record: Buffer): Promise<number>;
  removeRecord(tableKey: string, record: Buffer): Promise<number>;
  /** The fingerprints (8 bytes each) this claim replaced and whose records must go. */
  claimId(idKey: string, countKey: string, fingerprint: Buffer): Promise<Buffer>;
  finishId(idKey: string, fingerprint: Buffer): Promise<number>;
  releaseId(idKey: string, countKey: string): Promise<number>;
}

export function defineCommands(connection: Connection): IndexCommands {
  return {
    appendOnce: (key, record) => connection.send(key, 'simhashAppendOnce', key, record),
    removeRecord: (key, record) => connection.send(key, 'simhashRemoveRecord', key, record),
    claimId: (idKey, countKey, fp) => connection.send(idKey, 'simhashClaimIdBuffer', idKey, countKey, fp),
    finishId: (idKey, fp) => connection.send(idKey, 'simhashFinishId', idKey, fp),
    releaseId: (idKey, countKey) => connection.send(idKey, 'simhashReleaseId', idKey, countKey),
  };
}
