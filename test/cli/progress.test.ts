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

  /** Until createProgress's own import of the bar's package has settled (the same module, so loaded by then). */
  const loaded = async () => {
    await import('cli-progress');
    await new Promise((resolve) => setImmediate(resolve));
  };

  it('draws on a terminal once the bar is loaded, with the progress so far, and nothing when piped or quiet', async () => {
    for (const [isTTY, quiet, draws] of [[true, false, true], [false, false, false], [true, true, false]] as const) {
      const { stream, text } = sink(isTTY);
      const progress = createProgress(stream, quiet);
      progress.start(10e6);
      progress.update(5e6, 123);
      await loaded();
      progress.stop();
      expect(text().includes('123 documents'), `isTTY ${isTTY}, quiet ${quiet}`).toBe(draws);
    }
  });

  it('draws nothing when the run stops before the bar is loaded', async () => {
    const { stream, text } = sink(true);
    const progress = createProgress(stream, false);
    progress.start(10e6);
    progress.update(5e6, 123);
    progress.stop();
    await loaded();
    progress.update(6e6, 124);
    expect(text()).toBe('');
  });
});
