// A progress bar on stderr while a long run reads and fingerprints: only on a terminal, never when stderr is
// piped or with --quiet, so logs and scripts see nothing but the diagnostics.
import cliProgress from 'cli-progress';
import type { Writable } from 'node:stream';

export interface Progress {
  /** Total input bytes, once the inputs are walked (undefined: unknown, e.g. stdin). */
  start(totalBytes: number | undefined): void;
  update(bytesRead: number, documents: number): void;
  /** Clears the bar's line so a diagnostic can take it; the bar redraws below on the next update. */
  clearLine(): void;
  stop(): void;
}

const SILENT: Progress = { start() {}, update() {}, clearLine() {}, stop() {} };
const MB = 1e6;

/** `label`: what the bar says is running (the command). */
export function createProgress(stderr: Writable, quiet: boolean, label = 'dedupe'): Progress {
  const tty = stderr as Writable & { isTTY?: boolean };
  if (quiet || tty.isTTY !== true) return SILENT;
  let bar: cliProgress.SingleBar | undefined;
  let known = true;
  return {
    start(totalBytes) {
      known = totalBytes !== undefined && totalBytes > 0;
      const format = known
        ? `${label} [{bar}] {percentage}% | {read}/{total_mb} MB | {documents} documents | {eta_formatted} left`
        : `${label} {read} MB | {documents} documents`;
      bar = new cliProgress.SingleBar({ stream: stderr, format, hideCursor: true, clearOnComplete: true, fps: 10, etaBuffer: 50 }, cliProgress.Presets.shades_classic);
      bar.start(known ? totalBytes! : 1, 0, { read: '0.0', total_mb: known ? (totalBytes! / MB).toFixed(1) : '?', documents: 0 });
    },
    update(bytesRead, documents) {
      bar?.update(known ? bytesRead : 0, { read: (bytesRead / MB).toFixed(1), documents });
    },
    clearLine() {
      if (bar) stderr.write('\r\x1b[2K');
    },
    stop() {
      bar?.stop();
      bar = undefined;
    },
  };
}
