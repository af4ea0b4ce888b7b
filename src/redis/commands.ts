// The scripts of scripts.ts as typed calls on a client. ioredis sends them by EVALSHA and falls back to EVAL when a
// node has not seen the script yet (a new node, a restarted one), so no SCRIPT LOAD step can be forgotten.
import type { Connection, RedisClient } from './connect.js';
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

type Scripts = Record<string, (...args: (string | Buffer)[]) => Promise<unknown>>;

export function defineCommands(connection: Connection): IndexCommands {
  const call = <T>(name: string, ...args: (string | Buffer)[]) =>
    connection.run((client) => {
      const scripts = client as unknown as Scripts;
      if (typeof scripts[name.replace(/Buffer$/, '')] !== 'function') defineAll(client);
      return scripts[name](...args) as Promise<T>;
    });
  return {
    appendOnce: (key, record) => call('simhashAppendOnce', key, record),
    removeRecord: (key, record) => call('simhashRemoveRecord', key, record),
    claimId: (idKey, countKey, fp) => call('simhashClaimIdBuffer', idKey, countKey, fp),
    finishId: (idKey, fp) => call('simhashFinishId', idKey, fp),
    releaseId: (idKey, countKey) => call('simhashReleaseId', idKey, countKey),
  };
}

function defineAll(client: RedisClient): void {
  for (const [name, definition] of Object.entries(DEFINITIONS)) client.defineCommand(name, definition);
}
