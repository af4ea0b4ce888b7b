// The fingerprint definition (docs/fingerprint.md) written as plainly as possible (regex tokens, String.prototype.toLowerCase, BigInt
// FNV), independent of both engines: the wasm and pure tests compare against it.
const ALNUM = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]/u;
const MASK = (1n << 64n) - 1n;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function oracleTokens(text: string | Uint8Array): string[] {
  const s = typeof text === 'string' ? text.replace(LONE_SURROGATE, '\uFFFD') : new TextDecoder().decode(text);
  const tokens: string[] = [];
  let current = '';
  for (const ch of s) {
    if (ALNUM.test(ch)) current += ch;
    else if (current) { tokens.push(current.toLowerCase()); current = ''; }
  }
  if (current) tokens.push(current.toLowerCase());
  return tokens;
}

export function oracleHash(shingle: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const b of new TextEncoder().encode(shingle)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & MASK;
  h = ((h ^ (h >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  h = ((h ^ (h >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return h ^ (h >> 31n);
}

export function oracleFeatures(text: string | Uint8Array, w: number): bigint[] {
  const tokens = oracleTokens(text);
  if (tokens.length === 0) return [];
  if (tokens.length < w) return [oracleHash(tokens.join(' '))];
  const out: bigint[] = [];
  for (let i = 0; i + w <= tokens.length; i++) out.push(oracleHash(tokens.slice(i, i + w).join(' ')));
  return out;
}

export function oracleFingerprint(text: string | Uint8Array, w: number, weight: (h: bigint) => number = () => 1): bigint {
  const counters = new Array<bigint>(64).fill(0n);
  for (const h of oracleFeatures(text, w)) {
    const wt = BigInt(weight(h));
    for (let b = 0; b < 64; b++) counters[b] += (h >> BigInt(b)) & 1n ? wt : -wt;
  }
  let fp = 0n;
  counters.forEach((c, b) => { if (c > 0n) fp |= 1n << BigInt(b); });
  return fp;
}
