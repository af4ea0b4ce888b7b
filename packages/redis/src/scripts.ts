// The Lua scripts that make writes idempotent: a batch retried after a timeout, or replayed by recover() after its
// writer died, changes nothing that already happened. Each script touches keys of one slot, as Redis Cluster
// requires. They walk the record layout of records.ts: [8-byte fingerprint][2-byte id length][id].

/**
 * KEYS[1] a table key; ARGV[1] a record. Appends the record unless that very record (fingerprint and id) is there.
 * string.find only screens: a hit may straddle two records, so it is confirmed by walking the records. SET of the
 * joined string rather than APPEND: APPEND grows a string's allocation greedily (up to twice its length), and over
 * millions of keys that slack was about a third of the index's memory; the value is copied into Lua anyway.
 */
export const APPEND_ONCE = `
local s = redis.call('GET', KEYS[1])
local rec = ARGV[1]
if s and string.find(s, rec, 1, true) then
  local pos, n, len = 1, #s, #rec
  while pos <= n do
    local l = 10 + string.byte(s, pos + 8) * 256 + string.byte(s, pos + 9)
    if l == len and string.sub(s, pos, pos + l - 1) == rec then return 0 end
    pos = pos + l
  end
end
redis.call('SET', KEYS[1], (s or '') .. rec)
return 1`;

/** KEYS[1] a table key; ARGV[1] a record. Removes that record; deletes the key when it empties. */
export const REMOVE_RECORD = `
local s = redis.call('GET', KEYS[1])
if not s then return 0 end
local rec = ARGV[1]
local pos, n, len = 1, #s, #rec
while pos <= n do
  local l = 10 + string.byte(s, pos + 8) * 256 + string.byte(s, pos + 9)
  if l == len and string.sub(s, pos, pos + l - 1) == rec then
    local rest = string.sub(s, 1, pos - 1) .. string.sub(s, pos + l)
    if #rest == 0 then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], rest) end
    return 1
  end
  pos = pos + l
end
return 0`;

/**
 * KEYS[1] an id group (a hash); ARGV[1] an id, ARGV[2] its new 8-byte fingerprint. The id's field holds its
 * fingerprint followed by those it replaced whose records may still be in the tables (8 bytes each), until
 * FINISH_ID drops them. Returns those replaced fingerprints (empty when none): the caller removes their records.
 * Run again (a retry, a replay), it returns the same list.
 */
export const CLAIM_ID = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if not old then
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  return ''
end
if string.sub(old, 1, 8) == ARGV[2] then return string.sub(old, 9) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. old)
return old`;

/** KEYS[1] an id group; ARGV[1] an id, ARGV[2] its fingerprint. The replaced fingerprints' records are gone: forget them. */
export const FINISH_ID = `
local old = redis.call('HGET', KEYS[1], ARGV[1])
if old and #old > 8 and string.sub(old, 1, 8) == ARGV[2] then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
return 0`;

/** The scripts by the names the index calls them by: ioredis sends them by EVALSHA, falling back to EVAL. */
const DEFINITIONS = {
  simhashAppendOnce: { numberOfKeys: 1, lua: APPEND_ONCE },
  simhashRemoveRecord: { numberOfKeys: 1, lua: REMOVE_RECORD },
  simhashClaimId: { numberOfKeys: 1, lua: CLAIM_ID },
  simhashFinishId: { numberOfKeys: 1, lua: FINISH_ID },
};

/** Defines the scripts on a client (the cluster's, or one node's) unless it has them already. */
export function defineScripts(client: { defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void }): void {
  if (typeof (client as unknown as Record<string, unknown>).simhashAppendOnce === 'function') return;
  for (const [name, definition] of Object.entries(DEFINITIONS)) client.defineCommand(name, definition);
}
