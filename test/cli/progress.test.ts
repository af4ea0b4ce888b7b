// The progress bar the reading commands draw on a terminal (src/cli/progress.ts).
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../packages/corpus/src/cli/progress.js';

describe('createProgress', () => {
  const sink = (isTTY: boolean) => {
    const chunks: string[] = [];
    const stream = Object.assign(new Writable({ write(chunk, _e, done) { chunks.push(String(chunk)); done(); } }), { isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    return { stream, text: () => chunks.join('') };
  };

  it('draws on a terminal, and nothing when piped or quiet', () => {
    for (const [isTTY, quiet, draws] of [[true, false, true], [false, false, false], [true, true, false]] as const) {
      const { stream, text } = sink(isTTY);
      const progress = createProgress(stream, quiet);
      progress.start(10e6);
      progress.update(5e6, 123);
      progress.stop();
      expect(text().includes('123 documents'), `isTTY ${isTTY}, quiet ${quiet}`).toBe(draws);
    }
  });
});
