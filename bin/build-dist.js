#!/usr/bin/env node
// `npm run build` (and `prepare`, so `npm ci` and `npm pack` run it): compile the sources into
// `dist/` with tsc (tsconfig.build.json: JavaScript and .d.ts), copy the files tsc does not
// emit (generated/descriptions/*.js, templates), and stamp the build (bin/dist-freshness.js).
// Nothing to do while dist/ is fresh; `--force` builds anyway. The new build is written beside
// dist/ and swapped in whole, so a failed build leaves the previous one (or none) in place.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDistFresh, STAMP_FILE } from './dist-freshness.js';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** Directories compiled into dist/, as tsconfig.build.json includes them. */
const SOURCE_DIRECTORIES = ['runtime', 'generated', 'cli', 'generator'];
/** Files outside them whose change changes the build. */
const BUILD_INPUTS = ['package.json', 'tsconfig.json', 'tsconfig.build.json'];

/** Every file under `directory` (project-relative posix paths), dot-files left out. */
function filesUnder(directory) {
  return readdirSync(path.join(root, directory), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

if (!process.argv.includes('--force') && isDistFresh(root)) {
  console.error('dist/ is up to date');
  process.exit(0);
}

const startedAt = Date.now();
const sources = SOURCE_DIRECTORIES.flatMap(filesUnder);
const staging = path.join(root, `.dist-tmp-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
try {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', staging], {
    cwd: root,
    // Everything on stderr: `npm pack --json` runs this (prepare) and prints its JSON on stdout.
    stdio: ['ignore', 2, 2],
  });
  for (const file of sources) {
    if (file.endsWith('.ts') && !file.endsWith('.d.ts')) continue;
    mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    copyFileSync(path.join(root, file), path.join(staging, file));
  }
  writeFileSync(
    path.join(staging, STAMP_FILE),
    `${JSON.stringify({ startedAt, sources: [...BUILD_INPUTS, ...sources] })}\n`,
  );
  const previous = path.join(root, `.dist-old-${process.pid}`);
  try {
    renameSync(path.join(root, 'dist'), previous);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  renameSync(staging, path.join(root, 'dist'));
  rmSync(previous, { recursive: true, force: true });
} catch (error) {
  rmSync(staging, { recursive: true, force: true });
  console.error(`build: ${error.message}`);
  process.exit(1);
}
console.error(`Built dist/ from ${sources.length} files`);
