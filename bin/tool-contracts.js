#!/usr/bin/env node
// Entry point of the `tool-contracts` CLI. Every command runs from the compiled build in dist/
// when it is fresh (bin/dist-freshness.js), without tsx: the generator finds its templates and
// the sources its caches hash from the package root (generator/support/package-root.ts), and a
// command registers tsx itself when it imports a project's TypeScript
// (generator/support/typescript-loader.ts).
// A stale build (an edited checkout) never runs: the TypeScript sources run through tsx instead.
// Each command is imported lazily so that fast commands never load the TypeScript compiler.
import { fileURLToPath } from 'node:url';
import { isDistFresh } from './dist-freshness.js';

const argv = process.argv.slice(2);
const packageRoot = fileURLToPath(new URL('..', import.meta.url));
let main;
if (isDistFresh(packageRoot)) {
  ({ main } = await import('../dist/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../cli/main.ts'));
}
process.exitCode = await main(argv);
