// The layout a caller asked for ('auto', a kind, or a block count), checked and made.
import { describe } from '../../core/bits.js';
import { chooseLayout } from './cost-model.js';
import type { Layout, LayoutOption } from '../types.js';
import { binomial, makeLayout, makeMultiIndexLayout, MAX_TABLES } from './layout.js';

export function resolveLayout(option: LayoutOption, k: number, expectedSize: number): Layout {
  if (option === 'auto') return chooseLayout(k, expectedSize);
  if (option === 'pigeonhole') {
    if (k >= 64) throw new RangeError(`options.layout 'pigeonhole' needs maxDistance + 1 blocks of at least one bit: maxDistance must be at most 63, got ${k} (use 'scan')`);
    return makeLayout(k, k + 1, false);
  }
  if (option === 'scan') return makeLayout(k, 'scan', false);
  if (option !== null && typeof option === 'object' && 'blocks' in option) {
    const blocks = option.blocks;
    if (typeof blocks !== 'number' || !Number.isInteger(blocks)) throw new TypeError(`options.layout.blocks must be an integer, got ${describe(blocks)}`);
    if (blocks < k + 1 || blocks > 64) throw new RangeError(`options.layout.blocks must be from maxDistance + 1 = ${k + 1} to 64, got ${blocks}`);
    const tables = binomial(blocks, k);
    if (tables > MAX_TABLES) throw new RangeError(`options.layout.blocks = ${blocks} needs C(${blocks}, ${k}) = ${tables} tables; at most ${MAX_TABLES} are allowed`);
    return makeLayout(k, blocks, false);
  }
  if (option !== null && typeof option === 'object' && 'substrings' in option) {
    const m = option.substrings;
    if (typeof m !== 'number' || !Number.isInteger(m)) throw new TypeError(`options.layout.substrings must be an integer, got ${describe(m)}`);
    if (m < 1 || m > Math.min(k + 1, 64)) throw new RangeError(`options.layout.substrings must be from 1 to ${Math.min(k + 1, 64)} (maxDistance + 1, at most 64), got ${m}`);
    return makeMultiIndexLayout(k, m, false);
  }
  throw new TypeError(`options.layout must be 'auto', 'pigeonhole', 'scan', { blocks: number } or { substrings: number }, got ${describe(option)}`);
}
