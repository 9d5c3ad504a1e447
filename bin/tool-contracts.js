#!/usr/bin/env node
// Entry point of the `tool-contracts` CLI. The sources are TypeScript run through tsx; each
// command is imported lazily so that fast commands never load the TypeScript compiler.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
