// The entry points of the bundle in dist/ (bin/build-dist.js), as project-relative source paths;
// each is built to the same path under dist/ with `.js`:
// - every JavaScript target of package.json's exports map (`./dist/runtime/index.js` is built
//   from `runtime/index.ts`);
// - `cli/main.ts`, which the bin imports;
// - every module a generated tool loads on its first call (`lazyImplementation(…,
//   () => import("../../runtime/tools/read.js"))` and `lazyZodSchemas(…, () =>
//   import("../zod/read.js"))` in generated/tools/*.ts), so that each stays a file of its own,
//   loaded then and not to list tools.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const DYNAMIC_IMPORT = /\bimport\((["'])(\.{1,2}\/[^"']+)\.js\1\)/g;

/**
 * @param {string} root absolute directory of the package
 * @returns {string[]} sorted project-relative posix paths of .ts sources
 */
export function distEntryPoints(root) {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const entries = new Set(['cli/main.ts']);
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'string' ? target : target.default;
    if (!file.endsWith('.js')) continue;
    const source = /^\.\/dist\/(.+)\.js$/.exec(file);
    if (source === null) throw new Error(`exports["${subpath}"]: ${file} is not under ./dist/`);
    entries.add(`${source[1]}.ts`);
  }
  const tools = 'generated/tools';
  for (const name of readdirSync(path.join(root, tools))) {
    if (!name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(root, tools, name), 'utf8');
    for (const [, , specifier] of text.matchAll(DYNAMIC_IMPORT))
      entries.add(`${path.posix.join(tools, specifier)}.ts`);
  }
  return [...entries].sort();
}
