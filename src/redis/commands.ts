// The scripts of scripts.ts as typed calls on a client. ioredis sends them by EVALSHA and falls back to EVAL when a
// node has not seen the script yet (a new node, a restarted one), so no SCRIPT LOAD step can be forgotten.
import type { RedisClient } from './connect.js';
import { APPEND_ONCE, CLAIM_ID, FINISH_ID, RELEASE_ID, REMOVE_RECORD } from './scripts.js';

export interface IndexCommands {
  appendOnce(tableKey: string, record: Buffer): Promise<number>;
  removeRecord(tableKey: string, record: Buffer): Promise<number>;
  /** The fingerprints (8 bytes each) this claim replaced and whose records must go. */
  claimId(idKey: string, countKey: string, fingerprint: Buffer): Promise<Buffer>;
  finishId(idKey: string, fingerprint: Buffer): Promise<number>;
  releaseId(idKey: string, countKey: string): Promise<number>;
}

const DEFINITIONS = {
  simhashAppendOnce: { numberOfKeys: 1, lua: APPEND_ONCE },
  simhashRemoveRecord: { numberOfKeys: 1, lua: REMOVE_RECORD },
  simhashClaimId: { numberOfKeys: 2, lua: CLAIM_ID },
  simhashFinishId: { numberOfKeys: 1, lua: FINISH_ID },
  simhashReleaseId: { numberOfKeys: 2, lua: RELEASE_ID },
};

type Script = (...args: (string | Buffer)[]) => Promise<unknown>;

export function defineCommands(client: RedisClient): IndexCommands {
  const scripts = client as unknown as Record<string, Script>;
  for (const [name, definition] of Object.entries(DEFINITIONS)) {
    if (typeof scripts[name] !== 'function') client.defineCommand(name, definition);
  }
  return {
    appendOnce: (key, record) => scripts.simhashAppendOnce(key, record) as Promise<number>,
    removeRecord: (key, record) => scripts.simhashRemoveRecord(key, record) as Promise<number>,
    claimId: (idKey, countKey, fp) => scripts.simhashClaimIdBuffer(idKey, countKey, fp) as Promise<Buffer>,
    finishId: (idKey, fp) => scripts.simhashFinishId(idKey, fp) as Promise<number>,
    releaseId: (idKey, countKey) => scripts.simhashReleaseId(idKey, countKey) as Promise<number>,
  };
}
