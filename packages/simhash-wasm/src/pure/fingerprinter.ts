// One document at a time through a Shingler into the counters a hasher's weighting needs.
import type { HasherConfig, Text } from '../core/types.js';
import { feedBytes } from './decode.js';
import { EncodeBuffer } from './encoded.js';
import { Shingler, type FeatureSink } from './shingler.js';
import { UnitCounter } from './unit-counter.js';
import { FunctionWeightSink, TableWeightSink } from './weight-sinks.js';
import type { WeightedCounter } from './weighted-counter.js';

type Counter = UnitCounter | WeightedCounter;

export class Fingerprinter {
  readonly shingler: Shingler;
  private readonly sink: FeatureSink;
  private readonly counter: Counter;
  /** Set while a document is in progress, so a re-entrant call (from a weight function) gets its own. */
  busy = false;
  private readonly encoded = new EncodeBuffer();

  constructor(config: HasherConfig) {
    const { weighting } = config;
    if (weighting.kind === 'unit') {
      const counter = new UnitCounter();
      this.sink = counter;
      this.counter = counter;
    } else {
      const sink = weighting.kind === 'table' ? new TableWeightSink(weighting.table) : new FunctionWeightSink(weighting.weightOf);
      this.sink = sink;
      this.counter = sink.counter;
    }
    this.shingler = new Shingler(config.shingle, this.sink, config.tokens);
  }

  /** Clears the counters and the shingler for a new document. */
  begin(): void {
    this.counter.reset();
    this.shingler.reset();
  }

  /** Fingerprint of a whole document; writes its halves to out[at + lowWord], out[at + 1 - lowWord]. */
  whole(text: Text, out: Int32Array, at: number, lowWord: number): void {
    this.begin();
    if (typeof text === 'string') this.feedString(text, 0, text.length);
    else feedBytes(this.shingler, text, 0, text.length);
    this.end(out, at, lowWord);
  }

  /** Feeds s[from..to) (encoded.ts says how and why). */
  feedString(s: string, from: number, to: number): void {
    this.encoded.feed(this.shingler, s, from, to);
  }

  /** Ends the document and writes its fingerprint halves. */
  end(out: Int32Array, at: number, lowWord: number): void {
    this.shingler.finish();
    out[at + lowWord] = this.counter.fingerprintLo();
    out[at + 1 - lowWord] = this.counter.fingerprintHi();
  }
}
