// Is this a path a command can write at the end of a long run? Asked before the run starts, so a typo in
// --out or --plot costs a second, not the whole run.
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describeSystemError } from './system-error.js';
import { writeTarget, type WriteTarget } from './write-target.js';

/** Why path cannot be written, in words ("the directory out does not exist"), or undefined when it can. */
export function outputPathProblem(path: string): string | undefined {
  if (path === '') return 'the path is empty';
  let target: WriteTarget;
  try {
    target = writeTarget(path);
  } catch (error) {
    return describeSystemError(error);
  }
  if (target.kind === 'directory') return `${path} is a directory`;
  if (target.kind === 'device') return undefined;
  // The new content goes to a temporary file beside the target, so it is the directory that must be writable.
  // Named as the user wrote it unless a symbolic link led elsewhere.
  const directory = target.path === resolve(path) ? dirname(path) : dirname(target.path);
  try {
    if (!statSync(directory).isDirectory()) return `${directory} is not a directory`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return `the directory ${directory} does not exist`;
    if (code === 'ENOTDIR') return `${directory} is not a directory`;
    return `${directory}: ${describeSystemError(error)}`;
  }
  try {
    accessSync(directory, constants.W_OK | constants.X_OK);
  } catch (error) {
    return `cannot create files in the directory ${directory}: ${describeSystemError(error)}`;
  }
  return undefined;
}
