// Options several verbs share (`--shingle`, `--engine`), parsed and checked in one place.
import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_SHINGLE, MAX_SHINGLE } from '../core/options.js';
import { ENGINE_NAMES } from './engines.js';

export function shingleOption(): Option {
  return new Option('-w, --shingle <w>', `shingle width: tokens per feature, 1 to ${MAX_SHINGLE}`)
    .default(DEFAULT_SHINGLE)
    .argParser(parseShingle);
}

export function engineOption(): Option {
  return new Option('--engine <engine>', 'fingerprint engine').choices(ENGINE_NAMES).default('wasm');
}

function parseShingle(value: string): number {
  const w = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(w) || w < 1 || w > MAX_SHINGLE) {
    throw new InvalidArgumentError(`The shingle width must be an integer from 1 to ${MAX_SHINGLE}.`);
  }
  return w;
}
