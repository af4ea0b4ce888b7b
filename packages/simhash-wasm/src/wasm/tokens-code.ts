// A tokenization as the engine's code takes it (configure()'s `tokens`): in the engine's module (wasm-interface.ts)
// and in the feature kernels' (feature-kernels.ts), which compiles the same sources. A file of its own, so the
// kernels do not bring the engine's module along.
import type { Tokenization } from '../core/types.js';
import { TOKENS_CJK_CHARS, TOKENS_WORDS } from './abi.js';

export function tokensCode(tokens: Tokenization): number {
  return tokens === 'cjk-chars' ? TOKENS_CJK_CHARS : TOKENS_WORDS;
}
