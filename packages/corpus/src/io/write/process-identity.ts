// Who holds a lock, recorded so that another process can tell whether the holder still runs: the pid, its start
// time (a pid reused after a crash is then not mistaken for the holder) and the host.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  readonly pid: number;
  /** Linux: the process's start time in clock ticks since boot (field 22 of /proc/PID/stat); '' elsewhere. */
  readonly start: string;
  readonly host: string;
}

export function currentProcess(): ProcessIdentity {
  return { pid: process.pid, start: procStat(process.pid)?.start ?? '', host: hostname() };
}

/** false only when the holder certainly no longer runs; a holder on another host is assumed alive. */
export function isRunning(holder: ProcessIdentity): boolean {
  if (holder.host !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: the process exists but belongs to someone else.
  }
  const stat = procStat(holder.pid);
  if (stat === undefined) return true; // no /proc (macOS): the pid exists, so assume it is the holder
  // A zombie (killed, not yet reaped by its parent) will never release anything.
  return stat.state !== 'Z' && (holder.start === '' || stat.start === holder.start);
}

function procStat(pid: number): { state: string; start: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so count fields after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], start: fields[19] };
}
