#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): build the dist/ folder of
// each installable unit (bin/dist-packages.js) from the TypeScript sources and stamp it
// (bin/dist-freshness.js): packages/runtime/dist (`@tool-contracts/runtime`),
// packages/tools/dist (`@tool-contracts/tools`) and dist/ (the CLI, `tool-contracts`). Nothing to
// do while they are fresh; `--force` builds anyway; `--skip-declarations` keeps the previous
// build's .d.ts files instead of running tsc (what `generate` does: bin/refresh-dist.js), and,
// without `--force`, the JavaScript of each package none of whose sources changed. The new
// build is written beside each dist/ and swapped in whole, so a failed build leaves the previous
// one (or none) in place.
//
// The JavaScript of each package is one rolldown bundle with code splitting over its entry
// points (see distEntryPoints): each source module exists exactly once across them, in the entry
// file or in a shared chunk under dist/chunks/, and an import of another package's module is an
// import of that package (`@tool-contracts/runtime/internal/runtime/core/contract.js`), so that an
// install holds one copy of runtime/core/contract.ts (its frozen-data WeakSet) and of every
// registry. Handler modules are entry points of their own (dist/runtime/tools/<name>.js in the
// tools package), loaded by the generated `lazyImplementation` on a tool's first call. What a
// host imports to list tools is one chunk, and what `tool-contracts list` loads beyond it two
// more (CHUNK_GROUPS below). The types are tsc's declarations (tsconfig.build.json, declarations
// only), split among the packages like the JavaScript.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_PACKAGES, distEntryPoints, ownerOf, packageName } from './dist-packages.js';
import { isDistFresh, sourcesUnchanged, STAMP_FILE } from './dist-freshness.js';
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
  'bin/dist-packages.js',
  'bin/json-parse-literals.js',
  ...DIST_PACKAGES.map((distPackage) => path.posix.join(distPackage.directory, 'package.json')),
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
 * 66 ms once the groups were made). A module of the package being built goes to the first of
 * its groups whose closure reaches it; the generated tool modules go to none, they stay in
 * `generated/index.js`, so that a project's own generated tools, which import
 * `@tool-contracts/runtime/contract`, do not load the built-in ones.
 * - `list` (runtime): what a host imports to build a runtime and list the tools (not the call
 *   path, handlers or zod schemas, which load on a call).
 * - `shared` (runtime): the runtime modules that `tool-contracts list` loads beyond `list`. The
 *   call path, MCP and the provider adapters import them too.
 * - `cli-list` (CLI): the command line's own modules that `tool-contracts list` loads (its
 *   parsing, the project's config and tools); the other commands that run from dist/ import it.
 */
const CLI_LIST_ENTRIES = [
  'cli/main.ts',
  'cli/list-command.ts',
  // What list-command.ts imports on demand once its options are parsed.
  'cli/project-tools.ts',
];
const CHUNK_GROUPS = {
  runtime: [
    { name: 'list', entries: ['runtime/index.ts'] },
    {
      name: 'shared',
      entries: [
        'runtime/core/visibility/turn-filter.ts',
        'runtime/core/visibility/tools-fingerprint.ts',
        'runtime/core/tool-runtime.ts',
      ],
    },
  ],
  tools: [],
  cli: [{ name: 'cli-list', entries: CLI_LIST_ENTRIES }],
};

/**
 * A rolldown plugin that fills `groupOf` (module id → name of its group among `groups`) once the
 * module graph is built.
 */
function chunkGroupModules(groups, groupOf) {
  return {
    name: 'chunk-group-modules',
    buildEnd() {
      for (const group of groups) {
        const pending = group.entries.map((entry) => path.join(root, entry));
        const seen = new Set();
        while (pending.length > 0) {
          const id = pending.pop();
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          if (info === null || info.isExternal) continue;
          const file = path.relative(root, id).split(path.sep).join('/');
          if (!groupOf.has(id) && !file.startsWith('generated/')) groupOf.set(id, group.name);
          pending.push(...info.importedIds);
        }
      }
    },
  };
}

/**
 * A rolldown plugin that makes an import of another package's source file an import of that
 * package: `../../runtime/core/contract.js` in a handler of the tools package becomes
 * `@tool-contracts/runtime/internal/runtime/core/contract.js`, which distEntryPoints made an entry
 * point of the runtime's bundle. `packages` maps a package key to its name.
 */
function importOtherPackages(distPackage, names) {
  return {
    name: 'import-other-packages',
    resolveId(source, importer) {
      if (importer === undefined || !source.startsWith('.')) return null;
      const target = path
        .relative(root, path.resolve(path.dirname(importer), source))
        .split(path.sep)
        .join('/');
      const owner = ownerOf(target.replace(/\.js$/, '.ts'));
      if (owner === undefined || owner === distPackage) return null;
      return { id: `${names.get(owner.key)}/internal/${target}`, external: true };
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
const names = new Map(
  DIST_PACKAGES.map((distPackage) => [distPackage.key, packageName(root, distPackage)]),
);
const entryPoints = distEntryPoints(root);
/** Per package, the folder its dist/ is built in before the swap. */
const staging = new Map(
  DIST_PACKAGES.map((distPackage) => [
    distPackage.key,
    path.join(root, distPackage.directory, `.dist-tmp-${process.pid}`),
  ]),
);
const distOf = (distPackage) => path.join(root, distPackage.directory, 'dist');
for (const directory of staging.values()) rmSync(directory, { recursive: true, force: true });
/** `sources` split by whether a module of a bundle is built from it (set once written). */
let javascriptSources;
let declarationSources;
// A full build takes seconds (`npm ci` runs it as `prepare`): say what it is doing. A
// JavaScript-only build (`--skip-declarations`, what `generate` runs) takes about one.
const progress = (step) => {
  if (!skipDeclarations) console.error(`Building dist/: ${step}…`);
};
/** The packages whose previous JavaScript is linked into this build (see `reusableBundle`). */
const reused = [];
try {
  progress(`bundling the JavaScript of ${DIST_PACKAGES.length} packages (rolldown)`);
  const { rolldown } = await import('rolldown');
  const isExternalPackage = externalPackages();
  const bundled = new Set();
  const problems = [];
  /** Per package: its entry points and the sources of its modules, for the next build's stamp. */
  const bundles = {};
  const previous = skipDeclarations && !args.includes('--force') ? previousStamp() : undefined;
  for (const distPackage of DIST_PACKAGES) {
    const entries = [...entryPoints.get(distPackage.key)].sort();
    const kept = reusableBundle(distPackage, entries, previous);
    if (kept !== undefined) {
      linkPreviousJavaScript(distPackage);
      for (const file of kept) bundled.add(path.join(root, file));
      bundles[distPackage.key] = { entries, modules: kept };
      reused.push(distPackage);
      continue;
    }
    const groupOf = new Map();
    const groups = CHUNK_GROUPS[distPackage.key];
    const bundle = await rolldown({
      cwd: root,
      input: Object.fromEntries(
        entryPoints.get(distPackage.key).map((entry) => [entry.replace(/\.ts$/, ''), entry]),
      ),
      platform: 'node',
      external: (id) => id.startsWith('@tool-contracts/') || isExternalPackage(id),
      // Sources import each other as `./x.js`, the file being `./x.ts`.
      resolve: { extensionAlias: { '.js': ['.ts', '.js'] } },
      tsconfig: path.join(root, 'tsconfig.json'),
      transform: { target: 'node20.11' },
      plugins: [
        importOtherPackages(distPackage, names),
        chunkGroupModules(groups, groupOf),
        jsonParseContractData(path.join(root, 'generated') + path.sep),
      ],
      onLog(level, log, handler) {
        // A module both imported and loaded on demand (the call path: the executor imports it,
        // a session loads it on its first call) stays in the one chunk it has.
        if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
      },
    });
    try {
      const { output } = await bundle.write({
        dir: path.join(staging.get(distPackage.key), 'dist'),
        format: 'esm',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Names of functions and classes are part of what users see (errors, `instanceof`).
        keepNames: true,
        // What a bundler of the package needs (annotations) stays; the JSDoc is in the .d.ts
        // files. Without it, and with non-ASCII characters escaped, each file is ASCII, which V8
        // holds as a one-byte string (the list chunk: 94 KB with JSDoc and 20 lines of
        // non-ASCII text, twice that in memory; 72 KB of ASCII without).
        comments: { legal: false, annotation: true, jsdoc: false },
        charset: 'ascii',
        codeSplitting: {
          // Each group also takes what its modules import that no group before it took: the
          // priorities keep the order of the groups.
          groups: groups.map(({ name }, index) => ({
            name,
            priority: groups.length - index,
            test: (id) => groupOf.get(id) === name,
          })),
        },
      });
      problems.push(...undeclaredImports(distPackage, output));
      const modules = new Set();
      for (const file of output)
        if (file.type === 'chunk')
          for (const id of file.moduleIds) {
            const source = path.relative(root, id).split(path.sep).join('/');
            // A file of this checkout (not rolldown's own `\0…` modules): what the next build
            // checks before it links this one (reusableBundle).
            if (path.isAbsolute(id) && !source.startsWith('..')) modules.add(source);
            const owner = ownerOf(source);
            if (owner !== undefined && owner !== distPackage)
              problems.push(
                `${names.get(distPackage.key)} bundled ${source}, a file of ${names.get(owner.key)}`,
              );
            bundled.add(id);
          }
      bundles[distPackage.key] = { entries, modules: [...modules].sort() };
    } finally {
      await bundle.close();
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  // The sources the JavaScript is built from: the bin checks only these before it runs dist/
  // (a stat each); the rest of the source directories shape only the declarations.
  const inBundle = (file) => bundled.has(path.join(root, file));
  javascriptSources = sources.filter(inBundle);
  declarationSources = sources.filter((file) => !inBundle(file));
  writeDeclarations();
  const stamp = `${JSON.stringify({
    startedAt,
    declarations: !skipDeclarations,
    sources: [...BUILD_INPUTS, ...javascriptSources],
    declarationSources,
    packages: DIST_PACKAGES.filter(({ directory }) => directory !== '.').map(
      ({ directory }) => directory,
    ),
    bundles,
  })}\n`;
  for (const distPackage of DIST_PACKAGES)
    writeFileSync(path.join(staging.get(distPackage.key), 'dist', STAMP_FILE), stamp);
  // The CLI's stamp last: the bin trusts dist/ only once every package's dist/ is in place.
  for (const distPackage of DIST_PACKAGES) {
    const previous = path.join(root, distPackage.directory, `.dist-old-${process.pid}`);
    try {
      renameSync(distOf(distPackage), previous);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    renameSync(path.join(staging.get(distPackage.key), 'dist'), distOf(distPackage));
    rmSync(previous, { recursive: true, force: true });
    rmSync(staging.get(distPackage.key), { recursive: true, force: true });
  }
} catch (error) {
  for (const directory of staging.values()) rmSync(directory, { recursive: true, force: true });
  console.error(`build: ${error.message}`);
  process.exit(1);
}
const distNames = (list) => list.map(({ directory }) => path.posix.join(directory, 'dist/'));
const rebuilt = DIST_PACKAGES.filter((distPackage) => !reused.includes(distPackage));
console.error(
  `Built ${distNames(rebuilt).join(', ') || 'nothing'} from ${sources.length} files in ${Date.now() - startedAt} ms${skipDeclarations ? ' (declarations kept from the previous build)' : ''}${reused.length > 0 ? `; ${distNames(reused).join(', ')} linked from the previous build (sources unchanged)` : ''}`,
);

/** The stamp of the build in dist/, or `undefined` when there is none to trust. */
function previousStamp() {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, 'dist', STAMP_FILE), 'utf8'));
    return typeof stamp?.startedAt === 'number' && typeof stamp.bundles === 'object'
      ? stamp
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sources of `distPackage`'s previous bundle when this build may link it instead of bundling
 * again (a JavaScript-only build, what `generate` runs after rewriting generated/ — most often a
 * few of the tools package's modules): the package's dist/ is of that build, its entry points are
 * the same, and none of its modules' sources, nor the build's own inputs, nor the lock file (npm
 * gives installed files a fixed old time, so a changed dependency shows there) was written since
 * that build started (the test `isDistFresh` makes, per package). Otherwise `undefined`.
 */
function reusableBundle(distPackage, entries, previous) {
  const before = previous?.bundles?.[distPackage.key];
  if (before === undefined || !Array.isArray(before.modules) || !Array.isArray(before.entries))
    return undefined;
  if (before.entries.join('\n') !== entries.join('\n')) return undefined;
  let own;
  try {
    own = JSON.parse(readFileSync(path.join(distOf(distPackage), STAMP_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (own?.startedAt !== previous.startedAt) return undefined;
  const lock = statSync(path.join(root, 'package-lock.json'), { throwIfNoEntry: false });
  if (lock !== undefined && lock.mtimeMs > previous.startedAt) return undefined;
  return sourcesUnchanged(root, [...BUILD_INPUTS, ...before.modules], previous.startedAt)
    ? before.modules
    : undefined;
}

/** The previous build's JavaScript of `distPackage`, hard-linked into the new build. */
function linkPreviousJavaScript(distPackage) {
  const from = distOf(distPackage);
  const to = path.join(staging.get(distPackage.key), 'dist');
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === STAMP_FILE) continue;
    const file = path.relative(from, path.join(entry.parentPath, entry.name));
    // The declarations are writeDeclarations' (chunks have none of their own).
    if (file.endsWith('.d.ts') && !file.startsWith('chunks')) continue;
    link(path.join(from, file), path.join(to, file));
  }
}

/**
 * Every package a chunk of `distPackage` imports that its package.json does not declare (as a
 * dependency or a peer dependency): an install of the package alone would not have it. The CLI
 * is this repository's package.json, which declares everything.
 */
function undeclaredImports(distPackage, output) {
  const manifest = JSON.parse(
    readFileSync(path.join(root, distPackage.directory, 'package.json'), 'utf8'),
  );
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  const problems = [];
  const files = new Set(output.map((file) => file.fileName));
  for (const file of output) {
    if (file.type !== 'chunk') continue;
    for (const specifier of [...file.imports, ...file.dynamicImports]) {
      if (files.has(specifier) || specifier.startsWith('node:')) continue;
      const name = /^(@[^/]+\/[^/]+|[^/]+)/.exec(specifier)[1];
      if (name === manifest.name || declared.has(name)) continue;
      problems.push(
        `${manifest.name}: dist/${file.fileName} imports ${specifier}, which ${path.posix.join(distPackage.directory, 'package.json')} does not declare`,
      );
    }
  }
  return [...new Set(problems)];
}

/**
 * tsc's declarations of every source, each written into the dist/ of the package that owns it,
 * an import of another package's file rewritten as the JavaScript's is (`…/internal/…`); with
 * `--skip-declarations`, the previous build's. Those are already in the dist/ of their owner and
 * rewritten, so each is hard-linked into the new build (the previous build keeps its files until
 * the swap): copying and rewriting the 463 of them was a third or more of the rebuild `generate`
 * waits for. One whose owner changed since is rewritten as tsc's output is.
 */
function writeDeclarations() {
  const declarations = path.join(root, `.dts-tmp-${process.pid}`);
  rmSync(declarations, { recursive: true, force: true });
  mkdirSync(declarations);
  try {
    if (skipDeclarations) {
      for (const distPackage of DIST_PACKAGES) {
        if (!existsSync(distOf(distPackage)))
          throw new Error('--skip-declarations needs a previous build in each dist/');
        for (const file of readdirSync(distOf(distPackage), { recursive: true })) {
          if (!file.endsWith('.d.ts') || file.startsWith('chunks')) continue;
          const previous = path.join(distOf(distPackage), file);
          if (declarationOwner(file) === distPackage)
            link(previous, path.join(staging.get(distPackage.key), 'dist', file));
          else copy(previous, path.join(declarations, file));
        }
      }
    } else {
      progress('writing the type declarations (tsc)');
      const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
      execFileSync(
        process.execPath,
        [tsc, '-p', 'tsconfig.build.json', '--emitDeclarationOnly', '--outDir', declarations],
        // Everything on stderr: `npm pack --json` runs this (prepare) and prints JSON on stdout.
        { cwd: root, stdio: ['ignore', 2, 2] },
      );
      // Hand-written declarations tsc does not emit (generated/descriptions/*.d.ts).
      for (const file of sources.filter((source) => source.endsWith('.d.ts')))
        copy(path.join(root, file), path.join(declarations, file));
    }
    for (const file of readdirSync(declarations, { recursive: true })) {
      if (!file.endsWith('.d.ts')) continue;
      const source = file.split(path.sep).join('/');
      const owner = declarationOwner(file);
      if (owner === undefined) continue;
      const text = readFileSync(path.join(declarations, file), 'utf8').replace(
        /(from\s+|import\()(["'])(\.{1,2}\/[^"']+)\2/g,
        (whole, keyword, quote, specifier) => {
          const target = path.posix.join(path.posix.dirname(source), specifier);
          const targetOwner = ownerOf(target.replace(/\.js$/, '.ts'));
          if (targetOwner === undefined || targetOwner === owner) return whole;
          return `${keyword}${quote}${names.get(targetOwner.key)}/internal/${target}${quote}`;
        },
      );
      const destination = path.join(staging.get(owner.key), 'dist', file);
      mkdirSync(path.dirname(destination), { recursive: true });
      writeFileSync(destination, text);
    }
  } finally {
    rmSync(declarations, { recursive: true, force: true });
  }
}

/** The package whose dist/ holds the declaration file `file` (relative to a declarations root). */
function declarationOwner(file) {
  const source = file.split(path.sep).join('/');
  return ownerOf(source.replace(/\.d\.ts$/, '.ts')) ?? ownerOf(source);
}

function copy(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  copyFileSync(from, to);
}

/** A hard link at `to` of the file `from`; a copy where the file system has no such link. */
function link(from, to) {
  mkdirSync(path.dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}
