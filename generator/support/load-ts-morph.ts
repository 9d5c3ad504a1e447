/**
 * ts-morph (and the TypeScript compiler it bundles), loaded on first use through `require`.
 * Both are CommonJS: an ESM `import` of them also runs Node's export-name lexer over their
 * sources, following re-exports down to the compiler's 9 MB file (≈ 0.1 s of every run that
 * emits, on the 2-core machine of bench/), and a static import would load them with the first
 * module that names them, on paths that never print a module. Types come from
 * `import type … from 'ts-morph'` as usual.
 */
import { createRequire } from 'node:module';

type TsMorph = typeof import('ts-morph');

let loaded: TsMorph | undefined;

export function loadTsMorph(): TsMorph {
  return (loaded ??= createRequire(import.meta.url)('ts-morph') as TsMorph);
}
