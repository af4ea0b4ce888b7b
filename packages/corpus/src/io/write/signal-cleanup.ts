// Files to delete if the process is stopped by a signal while they exist (a temporary file, a lock). kill -9
// cannot be caught: then the temporary file stays beside the target, which is itself never torn, and the lock
// is recognised as stale because its owner is gone.
import { unlinkSync } from 'node:fs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const pending = new Set<string>();

function onSignal(signal: NodeJS.Signals): void {
  for (const path of pending) {
    try {
      unlinkSync(path);
    } catch {
      // Already gone, or not ours to remove any more: nothing to do on the way out.
    }
  }
  pending.clear();
  stopListening();
  // With our listeners gone the default action applies again: die of the same signal, as the shell expects.
  process.kill(process.pid, signal);
}

function stopListening(): void {
  for (const signal of SIGNALS) process.removeListener(signal, onSignal);
}

/** Deletes path if a signal ends the process before the returned function is called. */
export function removeOnSignal(path: string): () => void {
  if (pending.size === 0) for (const signal of SIGNALS) process.on(signal, onSignal);
  pending.add(path);
  return () => {
    pending.delete(path);
    if (pending.size === 0) stopListening();
  };
}
