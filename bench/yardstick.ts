// The reference program (../shared/reference/run.sh) as a yardstick the suites can sample between their
// own measurements, so that both see the same load on a shared machine.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface ReferenceRun {
  readonly fingerprintDocsPerSecond: number;
  readonly fingerprintMBPerSecond: number;
  /** XOR of the 20,000 fingerprints, as the reference prints it. */
  readonly acc: bigint;
  readonly lookupsPerSecond?: number;
  readonly output: string;
}

export interface Yardstick {
  readonly script: string;
  /** Runs the reference until it has printed its fingerprint line, then stops it (the index part is not waited for). */
  sampleFingerprint(): Promise<ReferenceRun>;
  /** A whole run: fingerprint docs/s and the index's lookups/s. */
  fullRun(): Promise<ReferenceRun>;
}

const FINGERPRINT_LINE = /fingerprint: (\d+) docs\/s, ([\d.]+) MB\/s \(acc ([0-9a-f]+)\)/;
const LOOKUPS_LINE = /(\d+) lookups\/s/;

export function createYardstick(script: string): Yardstick {
  const path = resolve(script);
  return {
    script,
    sampleFingerprint: () => run(path, false),
    fullRun: () => run(path, true),
  };
}

function run(path: string, whole: boolean): Promise<ReferenceRun> {
  return new Promise((done, fail) => {
    // Its own process group, so stopping it early also stops the benchmark binary run.sh started.
    const child = spawn(path, { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    let result: ReferenceRun | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      const fp = FINGERPRINT_LINE.exec(output);
      if (!fp || result) return;
      const lookups = LOOKUPS_LINE.exec(output);
      if (whole && !lookups) return;
      result = {
        fingerprintDocsPerSecond: Number(fp[1]),
        fingerprintMBPerSecond: Number(fp[2]),
        acc: BigInt(`0x${fp[3]}`),
        lookupsPerSecond: lookups ? Number(lookups[1]) : undefined,
        output: output.trim(),
      };
      if (!whole) process.kill(-child.pid!, 'SIGTERM');
      done(result);
    });
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (!result) fail(new Error(`${path} ended (${signal ?? `exit code ${code}`}) before printing its results:\n${output}`));
    });
  });
}
