/**
 * A guard for tests of what a process must not load: the `--import` argument of a module that
 * makes the process fail as soon as it resolves a specifier matching `pattern`, whether through
 * `import` (an ESM resolve hook) or through `require` (`Module._resolveFilename`). The runtime and
 * the generator load several CommonJS packages with `createRequire` (ts-morph, diff, pdf-lib, …),
 * which an ESM hook alone never sees.
 */
export function forbidModules(pattern: RegExp): string {
  const test = `new RegExp(${JSON.stringify(pattern.source)}, ${JSON.stringify(pattern.flags)})`;
  const hook = `export async function resolve(specifier, context, next) { if (${test}.test(specifier)) throw new Error('forbidden import: ' + specifier); return next(specifier, context); }`;
  const main = [
    "import Module, { register } from 'node:module';",
    `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`,
    'const resolveFilename = Module._resolveFilename;',
    'Module._resolveFilename = function (request, ...rest) {',
    `  if (${test}.test(request)) throw new Error('forbidden require: ' + request);`,
    '  return resolveFilename.call(this, request, ...rest);',
    '};',
  ].join('\n');
  return `data:text/javascript,${encodeURIComponent(main)}`;
}
