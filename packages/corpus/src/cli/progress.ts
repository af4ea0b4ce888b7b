// A progress bar on stderr while a long run reads and fingerprints: only on a terminal, never when stderr is
// piped or with --quiet, so logs and scripts see nothing but the diagnostics.
import type { SingleBar } from 'cli-progress';
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

/**
 * `label`: what the bar says is running (the command). The bar's package (20 modules) is loaded only for a bar, on
 * a terminal: a run with its stderr piped never shows one, and every start loaded it (with jsdiff, which the report
 * now loads, 30 ms of `simhash --version`). The bar shows once loaded, with the progress so far.
 */
export function createProgress(stderr: Writable, quiet: boolean, label = 'dedupe'): Progress {
  const tty = stderr as Writable & { isTTY?: boolean };
  if (quiet || tty.isTTY !== true) return SILENT;
  let bar: SingleBar | undefined;
  let total: number | undefined;
  let stopped = false;
  let latest = { bytesRead: 0, documents: 0 };
  const known = () => total !== undefined && total > 0;
  const values = () => ({ read: (latest.bytesRead / MB).toFixed(1), documents: latest.documents });
  const show = (cliProgress: typeof import('cli-progress')) => {
    const format = known()
      ? `${label} [{bar}] {percentage}% | {read}/{total_mb} MB | {documents} documents | {eta_formatted} left`
      : `${label} {read} MB | {documents} documents`;
    bar = new cliProgress.SingleBar({ stream: stderr, format, hideCursor: true, clearOnComplete: true, fps: 10, etaBuffer: 50 }, cliProgress.Presets.shades_classic);
    bar.start(known() ? total! : 1, known() ? latest.bytesRead : 0, { ...values(), total_mb: known() ? (total! / MB).toFixed(1) : '?' });
  };
  // A package that fails to load leaves the run without a bar, nothing more.
  const loading = import('cli-progress').then(({ default: cliProgress }) => cliProgress);
  loading.catch(() => {});
  return {
    start(totalBytes) {
      total = totalBytes;
      void loading.then((cliProgress) => {
        if (!stopped) show(cliProgress);
      }, () => {});
    },
    update(bytesRead, documents) {
      latest = { bytesRead, documents };
      bar?.update(known() ? bytesRead : 0, values());
    },
    clearLine() {
      if (bar) stderr.write('\r\x1b[2K');
    },
    stop() {
      stopped = true;
      bar?.stop();
      bar = undefined;
    },
  };
}
