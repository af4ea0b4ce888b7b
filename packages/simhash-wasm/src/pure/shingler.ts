// The token and shingle state machine of the fingerprint definition (docs/fingerprint.md, "Definition": w
// consecutive lowercased tokens joined by one space make a shingle, hashed by FNV-1a 64 then splitmix64): tokens in,
// finished feature hashes out.
// w FNV-1a states are open at once, oldest first: the state opened at token t absorbs tokens
// t..t+w-1 (a space before each but the first) and completes as token t+w-1 ends. No token or
// shingle text is kept: ASCII runs go straight from the input into the states, other code points
// are lowercased into a small byte scratch that is flushed into the states.
//
// The fields are read and written by the scanners (decode.ts, fused-scan.ts), which keep the hot
// ones in locals; everything else goes through the methods here.
import type { Tokenization } from '../core/types.js';
import { BMP_LOWER, FLAG_ALNUM, FLAG_CASED, flagsOf, lowerOf } from './char-props.js';
import { bmpLowerForCjk, isCjkCodePoint } from './cjk.js';
import { FLAG_CASE_IGNORABLE } from './unicode-tables.js';
import { absorbAsciiRunBytes, absorbByte, absorbBytes, OFFSET_HI, OFFSET_LO, splitmixBlock } from './fnv.js';

/** Receives finished feature hashes (after splitmix64) in blocks of at most FEATURE_BLOCK. */
export interface FeatureSink {
  consume(lo: Int32Array, hi: Int32Array, count: number): void;
}

/** 255 so a block's per-bit counts fit in 8 bits. */
export const FEATURE_BLOCK = 255;
const SCRATCH_SIZE = 512;
const CAPITAL_SIGMA = 0x3a3;

export class Shingler {
  readonly shingle: number;
  sink: FeatureSink;
  /** tokens: 'cjk-chars': every CJK code point (cjk.ts) is a token of its own. */
  readonly cjkChars: boolean;
  /** The BMP lowercase table the fused scanner reads; LOWER_SPECIAL sends a code point here (codePoint). */
  readonly bmpLower: Uint16Array;
  /** FNV states, oldest first; 0..open-1 are open. */
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  open = 0;
  /** Tokens seen, saturating at `shingle` (only "none", "fewer than w" and "w or more" matter). */
  tokens = 0;
  inToken = false;
  /** Whether the current token's last code point that is not Case_Ignorable was Cased (Final_Sigma). */
  prevCased = false;
  /** A capital sigma whose form (σ or ς) waits on what follows; forkLo/forkHi hold the ς copy. */
  sigmaPending = false;
  private readonly forkLo: Int32Array;
  private readonly forkHi: Int32Array;
  /** Lowercased UTF-8 of non-ASCII code points, not yet in the states. */
  private readonly scratch = new Uint8Array(SCRATCH_SIZE + 8);
  scratchLength = 0;
  readonly featureLo = new Int32Array(FEATURE_BLOCK);
  readonly featureHi = new Int32Array(FEATURE_BLOCK);
  featureCount = 0;
  /** WHATWG UTF-8 decoder state, kept between byte chunks (decode.ts). */
  utf8Needed = 0;
  utf8Point = 0;
  utf8Lower = 0x80;
  utf8Upper = 0xbf;

  constructor(shingle: number, sink: FeatureSink, tokens: Tokenization) {
    this.shingle = shingle;
    this.sink = sink;
    this.cjkChars = tokens === 'cjk-chars';
    this.bmpLower = this.cjkChars ? bmpLowerForCjk() : BMP_LOWER;
    // At least 4 so the fused scanners can read slots they then ignore.
    this.lo = new Int32Array(Math.max(shingle, 4));
    this.hi = new Int32Array(Math.max(shingle, 4));
    this.forkLo = new Int32Array(shingle);
    this.forkHi = new Int32Array(shingle);
  }

  /** Starts a new document. */
  reset(): void {
    this.open = 0;
    this.tokens = 0;
    this.inToken = false;
    this.prevCased = false;
    this.sigmaPending = false;
    this.scratchLength = 0;
    this.featureCount = 0;
    this.utf8Needed = 0;
    this.utf8Point = 0;
    this.utf8Lower = 0x80;
    this.utf8Upper = 0xbf;
  }

  /** A code unit or code point that is not alphanumeric. */
  separator(): void {
    if (this.inToken) this.endToken();
  }

  /** The run of ASCII alphanumerics of bytes from `from` (one must be there), up to `to`; returns its end. */
  asciiRunBytes(bytes: Uint8Array, from: number, to: number): number {
    this.enterAsciiRun(bytes[from]);
    const end = absorbAsciiRunBytes(this.lo, this.hi, this.open, bytes, from, to);
    this.prevCased = bytes[end - 1] >= 0x41;
    return end;
  }

  /** Feeds one code point >= U+0080 (a surrogate code unit counts as U+FFFD, a separator). */
  codePoint(cp: number): void {
    const flags = flagsOf(cp);
    if ((flags & FLAG_ALNUM) === 0) {
      if (this.inToken) this.endToken();
      return;
    }
    if (this.cjkChars && isCjkCodePoint(cp)) {
      this.cjkToken(cp);
      return;
    }
    if (!this.inToken) this.beginToken();
    const ignorable = (flags & FLAG_CASE_IGNORABLE) !== 0;
    const cased = (flags & FLAG_CASED) !== 0;
    if (this.sigmaPending && !ignorable) this.resolveSigma(!cased);
    if (this.scratchLength > SCRATCH_SIZE) this.flushScratch();
    if (cp === CAPITAL_SIGMA) {
      this.capitalSigma();
    } else if (!cased) {
      this.writeUtf8(cp);
    } else if (cp === 0x130) {
      this.writeUtf8(0x69); // İ lowers to i + U+0307 COMBINING DOT ABOVE
      this.writeUtf8(0x307);
    } else {
      this.writeUtf8(lowerOf(cp));
    }
    if (!ignorable) this.prevCased = cased;
  }

  /** A CJK code point under tokens: 'cjk-chars': it ends the token before it and is a whole token (it has no case). */
  private cjkToken(cp: number): void {
    if (this.inToken) this.endToken();
    this.beginToken();
    this.writeUtf8(cp);
    this.endToken();
  }

  /**
   * Σ lowers to ς when it ends a cased word (Final_Sigma: a Cased code point before it, skipping
   * Case_Ignorable ones, and none after it before the token ends), else σ. What follows is not
   * known yet, so the states fork: σ goes into the states, ς into a copy, and the next code point
   * that is not Case_Ignorable (or the token's end) picks one.
   */
  private capitalSigma(): void {
    const scratch = this.scratch;
    scratch[this.scratchLength++] = 0xcf;
    if (!this.prevCased) {
      scratch[this.scratchLength++] = 0x83; // σ
      return;
    }
    this.flushScratch();
    const n = this.open;
    this.forkLo.set(this.lo.subarray(0, n));
    this.forkHi.set(this.hi.subarray(0, n));
    absorbByte(this.lo, this.hi, n, 0x83); // σ
    absorbByte(this.forkLo, this.forkHi, n, 0x82); // ς
    this.sigmaPending = true;
  }

  /** Keeps the σ states (a Cased code point followed) or takes the ς copy (the word ended there). */
  private resolveSigma(final: boolean): void {
    this.flushScratch();
    this.sigmaPending = false;
    if (final) {
      this.lo.set(this.forkLo.subarray(0, this.open));
      this.hi.set(this.forkHi.subarray(0, this.open));
    }
  }

  private writeUtf8(cp: number): void {
    const scratch = this.scratch;
    let n = this.scratchLength;
    if (cp < 0x80) {
      scratch[n++] = cp;
    } else if (cp < 0x800) {
      scratch[n++] = 0xc0 | (cp >>> 6);
      scratch[n++] = 0x80 | (cp & 0x3f);
    } else if (cp < 0x10000) {
      scratch[n++] = 0xe0 | (cp >>> 12);
      scratch[n++] = 0x80 | ((cp >>> 6) & 0x3f);
      scratch[n++] = 0x80 | (cp & 0x3f);
    } else {
      scratch[n++] = 0xf0 | (cp >>> 18);
      scratch[n++] = 0x80 | ((cp >>> 12) & 0x3f);
      scratch[n++] = 0x80 | ((cp >>> 6) & 0x3f);
      scratch[n++] = 0x80 | (cp & 0x3f);
    }
    this.scratchLength = n;
  }

  private flushScratch(): void {
    const n = this.scratchLength;
    if (n === 0) return;
    absorbBytes(this.lo, this.hi, this.open, this.scratch, 0, n);
    if (this.sigmaPending) absorbBytes(this.forkLo, this.forkHi, this.open, this.scratch, 0, n);
    this.scratchLength = 0;
  }

  /** Before an ASCII alphanumeric run starting with code unit c: open a token, or settle what precedes in it. */
  private enterAsciiRun(c: number): void {
    if (!this.inToken) {
      this.beginToken();
      return;
    }
    if (this.scratchLength !== 0) this.flushScratch();
    if (this.sigmaPending) this.resolveSigma(c < 0x41); // a letter is Cased, a digit is not
  }

  private beginToken(): void {
    const n = this.open;
    if (n > 0) absorbByte(this.lo, this.hi, n, 0x20);
    this.lo[n] = OFFSET_LO;
    this.hi[n] = OFFSET_HI;
    this.open = n + 1;
    if (this.tokens < this.shingle) this.tokens++;
    this.inToken = true;
    this.prevCased = false;
  }

  private endToken(): void {
    if (this.scratchLength !== 0) this.flushScratch();
    if (this.sigmaPending) this.resolveSigma(true);
    this.inToken = false;
    if (this.open === this.shingle) {
      const lo = this.lo;
      const hi = this.hi;
      this.emit(lo[0], hi[0]);
      const n = this.open - 1;
      // A loop, not copyWithin: for a few elements the builtin call costs more than the copy.
      for (let k = 0; k < n; k++) {
        lo[k] = lo[k + 1];
        hi[k] = hi[k + 1];
      }
      this.open = n;
    }
  }

  private emit(lo: number, hi: number): void {
    const n = this.featureCount;
    this.featureLo[n] = lo;
    this.featureHi[n] = hi;
    this.featureCount = n + 1;
    if (n + 1 === FEATURE_BLOCK) this.flushFeatures();
  }

  /** Finalizes the block of features so far (splitmix64) and hands it to the sink. */
  flushFeatures(): void {
    const n = this.featureCount;
    if (n === 0) return;
    splitmixBlock(this.featureLo, this.featureHi, n);
    this.featureCount = 0;
    this.sink.consume(this.featureLo, this.featureHi, n);
  }

  /** Ends a UTF-8 sequence cut short by the end of the bytes: it is one U+FFFD. */
  endUtf8(): void {
    if (this.utf8Needed === 0) return;
    this.utf8Needed = 0;
    this.utf8Lower = 0x80;
    this.utf8Upper = 0xbf;
    if (this.inToken) this.endToken();
  }

  /** Ends the document: a cut UTF-8 sequence, the last token, the one short shingle if fewer than w tokens, the last block. */
  finish(): void {
    this.endUtf8();
    if (this.inToken) this.endToken();
    if (this.tokens > 0 && this.tokens < this.shingle) this.emit(this.lo[0], this.hi[0]);
    this.flushFeatures();
  }
}
