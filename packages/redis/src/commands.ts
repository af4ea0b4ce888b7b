// The scripts of scripts.ts as typed calls, each sent in its key's master pipeline (master-pipelines.ts).
import type { Connection } from './connect.js';

export interface IndexCommands {
  appendOnce(tableKey: string, record: Buffer): Promise<number>;
  removeRecord(tableKey: string, record: Buffer): Promise<number>;
  /** The fingerprints (8 bytes each) this claim replaced and whose records must go. */
  claimId(groupKey: string, id: string, fingerprint: Buffer): Promise<Buffer>;
  finishId(groupKey: string, id: string, fingerprint: Buffer): Promise<number>;
  /** Forgets the id (after its records are gone): 1 if it was there. */
  releaseId(groupKey: string, id: string): Promise<number>;
}

export function defineCommands(connection: Connection): IndexCommands {
  return {
    appendOnce: (key, record) => connection.send(key, 'simhashAppendOnce', key, record),
    removeRecord: (key, record) => connection.send(key, 'simhashRemoveRecord', key, record),
    claimId: (group, id, fp) => connection.send(group, 'simhashClaimIdBuffer', group, id, fp),
    finishId: (group, id, fp) => connection.send(group, 'simhashFinishId', group, id, fp),
    releaseId: (group, id) => connection.send(group, 'hdel', group, id),
  };
}
