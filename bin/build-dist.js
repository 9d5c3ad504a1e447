#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): build `dist/` from the
// TypeScript sources and stamp it (bin/dist-freshness.js). Nothing to do while dist/ is fresh;
// `--force` builds anyway; `--skip-declarations` keeps the previous build's .d.ts files instead
// of running tsc (what `generate` does: bin/refresh-dist.js). The new build is written beside
// dist/ and swapped in whole, so a failed build leaves the previous one (or none) in place.
//
// The JavaScript is one rolldown bundle with code splitting over every entry point at once (see
// distEntryPoints): each source module exists exactly once across them, in the entry file or
// in a shared chunk under dist/chunks/, so that the package's entry points and the CLI share one
// copy of runtime/core/contract.ts (its frozen-data WeakSet) and of every registry. Handler modules
// are entry points of their own (dist/runtime/tools/<name>.js), loaded by the generated
// `lazyImplementation` on a tool's first call. What a host imports to list tools is one chunk,
// and what `tool-contracts list` loads beyond it two more (CHUNK_GROUPS below), not the dozens
// of small chunks automatic splitting makes of them. The types are tsc's declarations
// (tsconfig.build.json, declarations only), at the paths the exports map's "types" name.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distEntryPoints } from './dist-entry-points.js';
import { isDistFresh, STAMP_FILE } from './dist-freshness.js';
import { jsonParseLiterals } from './json-parse-literals.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Directories the build reads, as tsconfig.build.json includes them. */
const SOURCE_DIRECTORIES = ['runtime', 'generated', 'cli', 'generator'];
/** Files outside them whose change changes the build. */
const BUILD_INPUTS = [
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'bin/build-dist.js',
  'bin/dist-entry-points.js',
  'bin/json-parse-literals.js',
];

/** Every file under `directory` (project-relative posix paths), dot-files left out. */
function filesUnder(directory) {
  return readdirSync(path.join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/**
 * Dependencies bundled into the chunks instead of loaded from node_modules: CommonJS packages
 * that a list or a call path loads, which Node's CommonJS loader (wrapper compile, export-name
 * lexing) makes cost more than their code (the handlebars runtime alone ≈ 20 ms as CommonJS,
 * ≈ 7 ms bundled). None of their objects cross the package's API: description templates are
 * handed out as functions. Every other dependency stays external — zod above all, so that the
 * package's schemas and its users' are built by one zod (and the MCP SDK's) — and so does
 * picomatch, which no list needs: runtime/core/support/picomatch-on-demand.ts requires it on first use.
 */
const BUNDLED = ['handlebars', 'fastest-levenshtein'];

/** Whether rolldown leaves `id` to Node: a builtin, or a dependency of package.json but {@link BUNDLED}. */
function externalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !BUNDLED.includes(name),
  );
  return (id) =>
    id.startsWith('node:') || external.some((name) => id === name || id.startsWith(`${name}/`));
}

/**
 * Chunks each made of the static closure of a few entry points (what they import statically,
 * not what loads on demand), instead of the dozens of small chunks automatic splitting makes:
 * each module file costs Node a resolve, an asynchronous read and a link at start (on the
 * 2-core machine of bench/, `tool-contracts list` loaded 18 files of dist/ in 82 ms, and 7 in
 * 66 ms once the last two groups were made). A module goes to the first group whose closure
 * reaches it and which `holds` it; the generated tool modules go to none, they stay in
 * `generated/index.js`, so that a project's own generated tools, which import
 * `tool-contracts/contract`, do not load the built-in ones.
 * - `list`: what a host imports to build a runtime and list the tools (not the call path,
 *   handlers or zod schemas, which load on a call).
 * - `cli-list`: the command line's own modules that `tool-contracts list` loads (its parsing,
 *   the project's config and tools); the other commands that run from dist/ import it too.
 * - `shared`: the runtime and generator modules that `tool-contracts list` loads beyond the
 *   `list` chunk. The call path, MCP and the provider adapters import them too, and must not
 *   load the command line's code to get them.
 */
const CLI_LIST_ENTRIES = [
  'cli/main.ts',
  'cli/list-command.ts',
  // What list-command.ts imports on demand once its options are parsed.
  'cli/project-tools.ts',
  'runtime/core/visibility/turn-filter.ts',
  'runtime/core/visibility/tools-fingerprint.ts',
];
const CHUNK_GROUPS = [
  {
    name: 'list',
    entries: ['runtime/index.ts', 'generated/index.ts', 'generated/provider-order.ts'],
    holds: () => true,
  },
  { name: 'shared', entries: CLI_LIST_ENTRIES, holds: (file) => !file.startsWith('cli/') },
  { name: 'cli-list', entries: CLI_LIST_ENTRIES, holds: (file) => file.startsWith('cli/') },
];

/**
 * A rolldown plugin that fills `groupOf` (module id → name of its {@link CHUNK_GROUPS} group)
 * once the module graph is built.
 */
function chunkGroupModules(groupOf) {
  return {
    name: 'chunk-group-modules',
    buildEnd() {
      for (const group of CHUNK_GROUPS) {
        const pending = group.entries.map((entry) => path.join(root, entry));
        const seen = new Set();
        while (pending.length > 0) {
          const id = pending.pop();
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (info === null || info.isExternal) continue;
          const file = path.relative(root, id).split(path.sep).join('/');
          if (!groupOf.has(id) && !file.startsWith('generated/') && group.holds(file))
            groupOf.set(id, group.name);
          pending.push(...info.importedIds);
        }
      }
    },
  };
}

/**
 * A rolldown plugin that writes the contract data in the chunks holding generated modules as
 * `JSON.parse` calls (bin/json-parse-literals.js), once the chunks are rendered (the same
 * rendering gives the same rewrite, so a chunk's hash still names its bytes): compiling
 * dist/generated/index.js, which every host that lists the built-in tools loads, takes half
 * the time (≈ 8 → 4 ms on the 2-core machine of bench/).
 */
function jsonParseContractData(generatedDirectory) {
  return {
    name: 'json-parse-contract-data',
    generateBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (
          chunk.type === 'chunk' &&
          chunk.moduleIds.some((id) => id.startsWith(generatedDirectory))
        )
          chunk.code = jsonParseLiterals(chunk.code).code;
      }
    },
  };
}

const args = process.argv.slice(2);
const skipDeclarations = args.includes('--skip-declarations');
// A build that kept old declarations is not fresh for a full build (`npm pack` must ship current
// types), only for the JavaScript the bin runs.
if (!args.includes('--force') && isDistFresh(root, { declarations: !skipDeclarations })) {
  console.error('dist/ is up to date');
  process.exit(0);
}

const startedAt = Date.now();
const sources = SOURCE_DIRECTORIES.flatMap(filesUnder);
const dist = path.join(root, 'dist');
const staging = path.join(root, `.dist-tmp-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
/** `sources` split by whether a module of the bundle is built from it (set once written). */
let javascriptSources;
let declarationSources;
try {
  const { rolldown } = await import('rolldown');
  const groupOf = new Map();
  const generatedDirectory = path.join(root, 'generated') + path.sep;
  const bundle = await rolldown({
    cwd: root,
    input: Object.fromEntries(
      distEntryPoints(root).map((entry) => [entry.replace(/\.ts$/, ''), entry]),
    ),
    platform: 'node',
    external: externalPackages(),
    // Sources import each other as `./x.js`, the file being `./x.ts`.
    resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
    tsconfig: path.join(root, 'tsconfig.json'),
    transform: { target: 'node20.11' },
    plugins: [chunkGroupModules(groupOf), jsonParseContractData(generatedDirectory)],
    onLog(level, log, handler) {
      // A module both imported and loaded on demand (the call path: the executor imports it, the
      // package's callTool loads it on its first call) stays in the one chunk it has.
      if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
    },
  });
  try {
    const { output } = await bundle.write({
      dir: staging,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // Names of functions and classes are part of what users see (errors, `instanceof` messages).
      keepNames: true,
      // What a bundler of the package needs (annotations) stays; the JSDoc is in the .d.ts
      // files. Without it, and with non-ASCII characters escaped, each file is ASCII, which V8
      // holds as a one-byte string (the list chunk: 94 KB with JSDoc and 20 lines of non-ASCII
      // text, twice that in memory; 72 KB of ASCII without).
      comments: { legal: false, annotation: true, jsdoc: false },
      charset: 'ascii',
      codeSplitting: {
        // Each group also takes what its modules import that no group before it took: the
        // priorities keep the order of CHUNK_GROUPS.
        groups: CHUNK_GROUPS.map(({ name }, index) => ({
          name,
          priority: CHUNK_GROUPS.length - index,
          test: (id) => groupOf.get(id) === name,
        })),
      },
    });
    // The sources the JavaScript is built from: the bin checks only these before it runs
    // dist/ (a stat each); the rest of the source directories shape only the declarations.
    const bundled = new Set(
      output.flatMap((file) => (file.type === 'chunk' ? file.moduleIds : [])),
    );
    const inBundle = (file) => bundled.has(path.join(root, file));
    javascriptSources = sources.filter(inBundle);
    declarationSources = sources.filter((file) => !inBundle(file));
  } finally {
    await bundle.close();
  }
  const declarations = sources.filter((file) => file.endsWith('.d.ts'));
  if (skipDeclarations) {
    if (!existsSync(dist)) throw new Error('--skip-declarations needs a previous build in dist/');
    for (const file of readdirSync(dist, { recursive: true })) {
      if (!file.endsWith('.d.ts')) continue;
      mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
      copyFileSync(path.join(dist, file), path.join(staging, file));
    }
  } else {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    execFileSync(
      process.execPath,
      [tsc, '-p', 'tsconfig.build.json', '--emitDeclarationOnly', '--outDir', staging],
      // Everything on stderr: `npm pack --json` runs this (prepare) and prints its JSON on stdout.
      { cwd: root, stdio: ['ignore', 2, 2] },
    );
  }
  // Hand-written declarations tsc does not emit (generated/descriptions/*.d.ts).
  for (const file of declarations) {
    mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(staging, file));
  }
  writeFileSync(
    path.join(staging, STAMP_FILE),
    `${JSON.stringify({
      startedAt,
      declarations: !skipDeclarations,
      sources: [...BUILD_INPUTS, ...javascriptSources],
      declarationSources,
    })}\n`,
  );
  const previous = path.join(root, `.dist-old-${process.pid}`);
  try {
    renameSync(dist, previous);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  renameSync(staging, dist);
  rmSync(previous, { recursive: true, force: true });
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  console.error(`build: ${error.message}`);
  process.exit(1);
}
console.error(
  `Built dist/ from ${sources.length} files in ${Date.now() - startedAt} ms${skipDeclarations ? ' (declarations kept from the previous build)' : ''}`,
);
