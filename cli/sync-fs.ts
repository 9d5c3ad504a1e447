/**
 * The synchronous file functions of the command line's modules on `list`'s path (the entry,
 * the project's root, layout and tools), taken from `node:fs` through `require`, not `import`. An ESM import of `node:fs` builds the module's ESM
 * facade, which reads every export once, and reading `ReadStream` loads Node's file streams and,
 * with them, its whole stream implementation: `await import('node:fs')` took 4.9–6.4 ms in a
 * fresh process here, `require('node:fs')` 0.7–1.2 ms (≈ 3 ms saved even when the process then
 * opens a piped stdout, which loads part of the same code). Built-in modules can be required
 * synchronously, so the callers stay as they were. (A call still imports `node:fs` through
 * the runtime's path policy and Read: its start is no row of the bench.)
 */
import { createRequire } from 'node:module';

const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

export const { existsSync, readFileSync } = fs;
