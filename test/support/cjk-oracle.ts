// tokens: 'cjk-chars' written as plainly as possible, independent of both engines and of the generated tables:
// Node's own regex properties pick the CJK code points (alphanumeric, Script_Extensions Han, Hiragana, Katakana or
// Hangul); each is a token of its own, and the text between them is tokenized as the default definition does
// (fingerprint-oracle.ts, lowercasing each token alone). Slow and obviously right: the golden file is made from it.
import { oracleHash, oracleTokens } from './fingerprint-oracle.js';

const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;
const ALNUM = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function isCjkChar(ch: string): boolean {
  return ALNUM.test(ch) && CJK.test(ch);
}

export function cjkOracleTokens(text: string | Uint8Array): string[] {
  const s = typeof text === 'string' ? text.replace(LONE_SURROGATE, '\uFFFD') : new TextDecoder().decode(text);
  const tokens: string[] = [];
  let between = '';
  for (const ch of s) {
    if (!isCjkChar(ch)) { between += ch; continue; }
    tokens.push(...oracleTokens(between), ch); // a CJK character has no case: it is its own lowercase
    between = '';
  }
  tokens.push(...oracleTokens(between));
  return tokens;
}

export function cjkOracleFeatures(text: string | Uint8Array, w: number): bigint[] {
  const tokens = cjkOracleTokens(text);
  if (tokens.length === 0) return [];
  if (tokens.length < w) return [oracleHash(tokens.join(' '))];
  const out: bigint[] = [];
  for (let i = 0; i + w <= tokens.length; i++) out.push(oracleHash(tokens.slice(i, i + w).join(' ')));
  return out;
}

export function cjkOracleFingerprint(text: string | Uint8Array, w: number, weight: (h: bigint) => number = () => 1): bigint {
  const counters = new Array<bigint>(64).fill(0n);
  for (const h of cjkOracleFeatures(text, w)) {
    const wt = BigInt(weight(h));
    for (let b = 0; b < 64; b++) counters[b] += (h >> BigInt(b)) & 1n ? wt : -wt;
  }
  let fp = 0n;
  counters.forEach((c, b) => { if (c > 0n) fp |= 1n << BigInt(b); });
  return fp;
}
