/**
 * For tests of what a process loads: the `--import` argument of a module that appends every
 * module the process resolves to the file named by `$LOADED_MODULES`, one per line — imported ones
 * as their URL (an ESM resolve hook), required ones as the `file:` URL of their path
 * (`Module._resolveFilename`: the runtime and the generator load ts-morph and other CommonJS
 * packages with `createRequire`, which an ESM hook alone never sees).
 */
const HOOK =
  "import { appendFileSync } from 'node:fs'; export async function resolve(specifier, context, next) { const result = await next(specifier, context); appendFileSync(process.env.LOADED_MODULES, result.url + '\\n'); return result; }";

export const RECORD_MODULES = `data:text/javascript,${encodeURIComponent(
  [
    "import Module, { register } from 'node:module';",
    "import { appendFileSync } from 'node:fs';",
    "import { pathToFileURL } from 'node:url';",
    `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));`,
    'const resolveFilename = Module._resolveFilename;',
    'Module._resolveFilename = function (...args) {',
    '  const file = resolveFilename.apply(this, args);',
    "  appendFileSync(process.env.LOADED_MODULES, (file.startsWith('/') ? pathToFileURL(file).href : file) + '\\n');",
    '  return file;',
    '};',
  ].join('\n'),
)}`;
