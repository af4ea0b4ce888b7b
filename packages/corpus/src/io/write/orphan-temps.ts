// Temporary files left beside a target by a writer killed with SIGKILL (which no handler can catch): removed by
// the next successful write of the same target, once their writer is known to be gone.
import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The temporary file for target's base name: hidden, with our pid (to tell a dead writer's) and a random part. */
export function temporaryName(base: string): string {
  return `.${base}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
}

export function removeOrphanTemporaries(directory: string, base: string): void {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  const prefix = `.${base}.`;
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const match = /^(\d+)-[0-9a-f]{8}\.tmp$/.exec(name.slice(prefix.length));
    if (match === null || isAlive(Number(match[1]))) continue;
    try {
      unlinkSync(join(directory, name));
    } catch {
      // Another writer cleaned it first.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
