// The installable units this repository builds (bin/build-dist.js), which source files each owns,
// and the entry points of each one's bundle:
// - `@tool-contracts/runtime` (packages/runtime): core, call path, session and integrations —
//   what a host installs for production;
// - `@tool-contracts/tools` (packages/tools): the built-in tool set, generated contracts and
//   handlers, with the dependencies only those handlers need (pdf-lib, turndown, mvdan-sh, …);
// - `tool-contracts` (this folder): the CLI and the generator, a dev dependency.
// A package's bundle holds only the files it owns. An import of another package's file becomes
// an import of `<that package>/internal/<path>.js` (each package maps `./internal/*` to its
// `./dist/*`), so every module exists once in an install and, say, the CLI and a project's
// generated modules share one contract module. What another package imports of a package's files
// is therefore an entry point of that package's bundle, beside its exports map's targets.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{
 *   key: 'runtime' | 'tools' | 'cli',
 *   directory: string,
 *   owns: (file: string) => boolean,
 * }} DistPackage
 */

/** @type {readonly DistPackage[]} In build order: each imports only the ones before it. */
export const DIST_PACKAGES = [
  {
    key: 'runtime',
    directory: 'packages/runtime',
    owns: (file) => file.startsWith('runtime/') && !file.startsWith('runtime/tools/'),
  },
  {
    key: 'tools',
    directory: 'packages/tools',
    owns: (file) => file.startsWith('generated/') || file.startsWith('runtime/tools/'),
  },
  {
    key: 'cli',
    directory: '.',
    owns: (file) => file.startsWith('cli/') || file.startsWith('generator/'),
  },
];

/** The package that owns a project-relative source path, or `undefined` (bin/, test/, …). */
export function ownerOf(file) {
  return DIST_PACKAGES.find((distPackage) => distPackage.owns(file));
}

/** The `name` of a package's package.json. */
export function packageName(root, distPackage) {
  return JSON.parse(readFileSync(path.join(root, distPackage.directory, 'package.json'), 'utf8'))
    .name;
}

const LAZY_IMPORT = /\bimport\((["'])(\.{1,2}\/[^"']+)\.js\1\)/g;
// `import … from '…'`, `export … from '…'` and `import('…')`, not `import type`/`export type`.
const VALUE_IMPORT =
  /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'";]*?\bfrom\s*(["'])(\.{1,2}\/[^"']+)\1|\bimport\((["'])(\.{1,2}\/[^"']+)\3\)/g;

/** Every `.ts` file under `directory` (project-relative posix paths), `.d.ts` left out. */
function sourcesUnder(root, directory) {
  return readdirSync(path.join(root, directory), { recursive: true, withFileTypes: true })
    .filter(
      (entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'),
    )
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    );
}

/**
 * The CLI bundle's own entry points: the bin's main module, and the model-view renderer, which
 * the generator starts as a process of its own (generator/model-view/render-model-views.ts).
 */
export const CLI_ENTRY_POINTS = ['cli/main.ts', 'generator/model-view/print-model-views.ts'];

/**
 * @param {string} root absolute directory of the repository
 * @returns {Map<DistPackage['key'], string[]>} per package, its entry points as sorted
 *   project-relative `.ts` paths: the JavaScript targets of its exports map (the CLI: its
 *   {@link CLI_ENTRY_POINTS}), the modules its generated tools load on their first call (the tools),
 *   and every file of it that another package imports as a value
 */
export function distEntryPoints(root) {
  /** @type {Map<DistPackage['key'], Set<string>>} */
  const entries = new Map(DIST_PACKAGES.map((distPackage) => [distPackage.key, new Set()]));
  for (const entry of CLI_ENTRY_POINTS) entries.get('cli').add(entry);
  for (const distPackage of DIST_PACKAGES) {
    if (distPackage.key === 'cli') continue;
    const manifest = JSON.parse(
      readFileSync(path.join(root, distPackage.directory, 'package.json'), 'utf8'),
    );
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const file = typeof target === 'string' ? target : target.default;
      if (!file.endsWith('.js')) continue;
      const source = /^\.\/dist\/(.+)\.js$/.exec(file);
      if (source === null)
        throw new Error(
          `${distPackage.directory}: exports["${subpath}"]: ${file} is not a ./dist/ file`,
        );
      entries.get(distPackage.key).add(`${source[1]}.ts`);
    }
  }
  const tools = 'generated/tools';
  for (const name of readdirSync(path.join(root, tools))) {
    if (!name.endsWith('.ts')) continue;
    const text = readFileSync(path.join(root, tools, name), 'utf8');
    for (const [, , specifier] of text.matchAll(LAZY_IMPORT))
      entries.get('tools').add(`${path.posix.join(tools, specifier)}.ts`);
  }
  for (const directory of ['runtime', 'generated', 'cli', 'generator'])
    for (const file of sourcesUnder(root, directory)) {
      const importer = ownerOf(file);
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(VALUE_IMPORT)) {
        const specifier = match[2] ?? match[4];
        const target = path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, '.ts');
        const owner = ownerOf(target);
        // A specifier inside a string (init's templates) names no file of the repository.
        if (owner !== undefined && owner !== importer && existsSync(path.join(root, target)))
          entries.get(owner.key).add(target);
      }
    }
  return new Map([...entries].map(([key, files]) => [key, [...files].sort()]));
}
