// The token and shingle state machine of DESIGN.md §1: code points in, finished feature hashes out.
// w FNV-1a states are open at once, oldest first: the state opened at token t absorbs tokens
// t..t+w-1 (a space before each but the first) and completes as token t+w-1 ends. No token or
// shingle text is kept: ASCII runs go straight from the input into the states, other code points
// are lowercased into a small byte scratch that is flushed into the states.
import { FLAG_ALNUM, FLAG_CASED, flagsOf, lowerOf } from './char-props.js';
import { FLAG_CASE_IGNORABLE } from './unicode-tables.js';
import {
  absorbAsciiRunBytes, absorbAsciiRunString, absorbByte, absorbBytes, ASCII_TOKEN_BYTE, OFFSET_HI, OFFSET_LO, splitmixBlock,
} from './fnv.js';

/** Receives finished feature hashes (after splitmix64) in blocks of at most FEATURE_BLOCK. */
export interface FeatureSink {
  consume(lo: Int32Array, hi: Int32Array, count: number): void;
}

/** 255 so 8-bit counter lanes never overflow within one block. */
export const FEATURE_BLOCK = 255;
const SCRATCH_SIZE = 512;
const CAPITAL_SIGMA = 0x3a3;

export class Shingler {
  readonly shingle: number;
  private sink: FeatureSink;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  /** The ς copy of the states while a capital sigma's final/non-final form is undecided. */
  private readonly forkLo: Int32Array;
  private readonly forkHi: Int32Array;
  private open = 0;
  /** Tokens seen, saturating at `shingle` (only "none", "fewer than w" and "w or more" matter). */
  private tokens = 0;
  private inToken = false;
  /** Whether the last non-Case_Ignorable code point of the current token was Cased (Final_Sigma). */
  private prevCased = false;
  private sigmaPending = false;
  private readonly scratch = new Uint8Array(SCRATCH_SIZE + 8);
  private scratchLength = 0;
  private readonly featureLo = new Int32Array(FEATURE_BLOCK);
  private readonly featureHi = new Int32Array(FEATURE_BLOCK);
  private featureCount = 0;
  /** WHATWG UTF-8 decoder state, kept between byte chunks. */
  private utf8Needed = 0;
  private utf8Point = 0;
  private utf8Lower = 0x80;
  private utf8Upper = 0xbf;

  constructor(shingle: number, sink: FeatureSink) {
    this.shingle = shingle;
    this.sink = sink;
    this.lo = new Int32Array(shingle);
    this.hi = new Int32Array(shingle);
    this.forkLo = new Int32Array(shingle);
    this.forkHi = new Int32Array(shingle);
  }

  /** Starts a new document with the given sink. */
  reset(sink: FeatureSink): void {
    this.sink = sink;
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

  /**
   * Feeds s[from..to). A high surrogate at to - 1 counts as lone (U+FFFD): a stream holds it back
   * itself. Call `flushUtf8` first if bytes came before.
   */
  feedString(s: string, from: number, to: number): void {
    let i = from;
    while (i < to) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (ASCII_TOKEN_BYTE[c] !== 0) i = this.asciiRunString(s, i, to);
        else {
          if (this.inToken) this.endToken();
          i++;
        }
        continue;
      }
      if ((c & 0xfc00) === 0xd800 && i + 1 < to) {
        const d = s.charCodeAt(i + 1);
        if ((d & 0xfc00) === 0xdc00) {
          this.codePoint(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
          i += 2;
          continue;
        }
      }
      // A lone surrogate is U+FFFD, which flagsOf reports as a separator like any surrogate.
      this.codePoint(c);
      i++;
    }
  }

  private asciiRunString(s: string, from: number, to: number): number {
    this.enterAsciiRun(s.charCodeAt(from));
    const end = absorbAsciiRunString(this.lo, this.hi, this.open, s, from, to);
    this.prevCased = s.charCodeAt(end - 1) >= 0x41;
    return end;
  }

  /** Feeds UTF-8 bytes[from..to), decoding as WHATWG TextDecoder does; a sequence may continue in the next call. */
  feedBytes(bytes: Uint8Array, from: number, to: number): void {
    let needed = this.utf8Needed;
    let point = this.utf8Point;
    let lower = this.utf8Lower;
    let upper = this.utf8Upper;
    let i = from;
    while (i < to) {
      const b = bytes[i];
      if (needed === 0) {
        if (b < 0x80) {
          if (ASCII_TOKEN_BYTE[b] !== 0) {
            this.enterAsciiRun(b);
            i = absorbAsciiRunBytes(this.lo, this.hi, this.open, bytes, i, to);
            this.prevCased = bytes[i - 1] >= 0x41;
          } else {
            if (this.inToken) this.endToken();
            i++;
          }
          continue;
        }
        i++;
        if (b >= 0xc2 && b <= 0xdf) {
          needed = 1;
          point = b & 0x1f;
        } else if (b >= 0xe0 && b <= 0xef) {
          if (b === 0xe0) lower = 0xa0;
          else if (b === 0xed) upper = 0x9f;
          needed = 2;
          point = b & 0xf;
        } else if (b >= 0xf0 && b <= 0xf4) {
          if (b === 0xf0) lower = 0x90;
          else if (b === 0xf4) upper = 0x8f;
          needed = 3;
          point = b & 0x7;
        } else if (this.inToken) {
          this.endToken(); // an invalid lead byte: U+FFFD
        }
        continue;
      }
      if (b < lower || b > upper) {
        // The sequence so far is one U+FFFD; the byte that broke it is read again as a lead byte.
        needed = 0;
        lower = 0x80;
        upper = 0xbf;
        if (this.inToken) this.endToken();
        continue;
      }
      lower = 0x80;
      upper = 0xbf;
      point = (point << 6) | (b & 0x3f);
      i++;
      if (--needed === 0) this.codePoint(point);
    }
    this.utf8Needed = needed;
    this.utf8Point = point;
    this.utf8Lower = lower;
    this.utf8Upper = upper;
  }

  /** Ends a byte sequence cut short by the end of the bytes: it is one U+FFFD. */
  flushUtf8(): void {
    if (this.utf8Needed === 0) return;
    this.utf8Needed = 0;
    this.utf8Lower = 0x80;
    this.utf8Upper = 0xbf;
    if (this.inToken) this.endToken();
  }

  /** Feeds one code point >= U+0080 (a surrogate code unit counts as U+FFFD). */
  codePoint(cp: number): void {
    const flags = flagsOf(cp);
    if ((flags & FLAG_ALNUM) === 0) {
      if (this.inToken) this.endToken();
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

  /** Σ lowers to ς when it ends a cased word (Final_Sigma), else σ; "ends" is decided by what follows. */
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
    absorbByte(this.lo, this.hi, n, 0x83); // σ, if a Cased code point follows
    absorbByte(this.forkLo, this.forkHi, n, 0x82); // ς, otherwise
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

  /** Prepares for an ASCII alphanumeric run starting with code unit c: open a token or settle what precedes. */
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
      this.emit(this.lo[0], this.hi[0]);
      this.lo.copyWithin(0, 1, this.open);
      this.hi.copyWithin(0, 1, this.open);
      this.open--;
    }
  }

  private emit(lo: number, hi: number): void {
    const n = this.featureCount;
    this.featureLo[n] = lo;
    this.featureHi[n] = hi;
    this.featureCount = n + 1;
    if (n + 1 === FEATURE_BLOCK) this.flushFeatures();
  }

  private flushFeatures(): void {
    const n = this.featureCount;
    if (n === 0) return;
    splitmixBlock(this.featureLo, this.featureHi, n);
    this.featureCount = 0;
    this.sink.consume(this.featureLo, this.featureHi, n);
  }

  /** Ends the document: the last token, the one short shingle if fewer than w tokens, the last block. */
  finish(): void {
    this.flushUtf8();
    if (this.inToken) this.endToken();
    if (this.tokens > 0 && this.tokens < this.shingle) this.emit(this.lo[0], this.hi[0]);
    this.flushFeatures();
  }
}
