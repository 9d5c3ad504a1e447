#!/usr/bin/env node
// Entry point of the `tool-contracts` CLI. The commands that run tools (list, call, serve, mcp)
// run from the compiled build in dist/ when it is fresh (bin/dist-freshness.js), without tsx;
// otherwise, and for the commands that run the generator (it reads its templates and the
// runtime's sources beside its own), the TypeScript sources run through tsx. Each command is
// imported lazily so that fast commands never load the TypeScript compiler.
import { fileURLToPath } from 'node:url';
import { isDistFresh } from './dist-freshness.js';

/** Commands (and flags) that dist/ serves; the rest need the sources. */
const COMPILED_COMMANDS = new Set(['list', 'call', 'serve', 'mcp', '--version', '-V', 'version']);

const argv = process.argv.slice(2);
const packageRoot = fileURLToPath(new URL('..', import.meta.url));
let main;
if (COMPILED_COMMANDS.has(argv[0]) && isDistFresh(packageRoot)) {
  ({ main } = await import('../dist/cli/main.js'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../cli/main.ts'));
}
process.exitCode = await main(argv);
