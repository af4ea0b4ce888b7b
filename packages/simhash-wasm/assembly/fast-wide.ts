// The ASCII fast path for w > 4 once w tokens are open: too many states for locals, so each token
// is copied lowercased (after its separating space) into the token buffer, then absorbed into all
// w ring states at once in blocks of four (absorb() in features.ts). Same entry conditions and stop
// rules as fast-common.ts describes, but the ring keeps its slot order (head as in features.ts).
import { PRE, absorb, splitmix } from './features';
import { NON_ASCII } from './lookup';
import { RING, TB, TB_CAP, fbEnd, fbLen, fbPtr, head, inTok, prevCased, tbLen, w } from './state';
import { cls } from './fast-common';

const SPACE: u8 = 0x20;

/** The wide fast path from p (w > 4, all w states open); returns where it stopped. */
export function wideFast(from: usize): usize {
  const W = w;
  let h = head;
  let out = fbPtr + (<usize>fbLen << 3);
  let p = from;
  let c = cls(p);
  let n = 0; // bytes in the token buffer
  let inT = inTok;
  for (;;) {
    if (!inT) {
      while (c == 0) c = cls(++p);
      if (c == NON_ASCII) break;
      store<u64>(RING + (<usize>h << 3), PRE);
      store<u8>(TB, SPACE);
      n = 1;
      inT = true;
    }
    for (;;) {
      let limit = p + <usize>(TB_CAP - n);
      while (c - 1 < 0x7f && p < limit) {
        store<u8>(TB + <usize>n, <u8>c);
        n++;
        c = cls(++p);
      }
      if (c - 1 >= 0x7f) break;
      absorb(RING, W, TB, n); // a token longer than the buffer
      n = 0;
    }
    absorb(RING, W, TB, n);
    n = 0;
    if (c == NON_ASCII) break; // the token goes on (or may, in the next chunk)
    inT = false;
    h = h + 1 == W ? 0 : h + 1;
    store<u64>(out, splitmix(load<u64>(RING + (<usize>h << 3))));
    out += 8;
    if (out == fbEnd) break; // the caller votes
  }
  head = h;
  inTok = inT;
  tbLen = 0;
  fbLen = <i32>((out - fbPtr) >> 3);
  if (inT && p > from) prevCased = cls(p - 1) >= 0x61; // letters are Cased, digits are not
  return p;
}
