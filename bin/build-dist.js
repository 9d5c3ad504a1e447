#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): build `dist/` from the
// TypeScript sources and stamp it (bin/dist-freshness.js). Nothing to do while dist/ is fresh;
// `--force` builds anyway; `--skip-declarations` keeps the previous build's .d.ts files instead
// of running tsc (what `generate` does: bin/refresh-dist.js). The new build is written beside
// dist/ and swapped in whole, so a failed build leaves the previous one (or none) in place.
//
// The JavaScript is one esbuild bundle with code splitting over every entry point at once (see
// distEntryPoints): each source module exists exactly once across them, in the entry file or
// in a shared chunk under dist/chunks/, so that the package's entry points and the CLI share one
// copy of runtime/contract.ts (its frozen-data WeakSet) and of every registry. Handler modules
// are entry points of their own (dist/runtime/tools/<name>.js), loaded by the generated
// `lazyImplementation` on a tool's first call. The types are tsc's declarations
// (tsconfig.build.json, declarations only), at the paths the exports map's "types" name.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { distEntryPoints } from './dist-entry-points.js';
import { isDistFresh, STAMP_FILE } from './dist-freshness.js';

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
 * picomatch, which no list needs: runtime/support/picomatch-on-demand.ts requires it on first use.
 */
const BUNDLED = ['handlebars', 'fastest-levenshtein'];

/** `external` for esbuild: every dependency of package.json but {@link BUNDLED}. */
function externalPackages() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })
    .filter((name) => !BUNDLED.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
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
try {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: distEntryPoints(root),
    outdir: staging,
    outbase: '.',
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.11',
    external: externalPackages(),
    // Names of functions and classes are part of what users see (errors, `instanceof` messages).
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
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
    `${JSON.stringify({ startedAt, declarations: !skipDeclarations, sources: [...BUILD_INPUTS, ...sources] })}\n`,
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
