// Whether `dist/` (the compiled build, `npm run build`) may run in place of the TypeScript
// sources. Plain JavaScript: the bin asks before it decides whether to load tsx at all.
//
// The build writes `dist/build-stamp.json`: the time it started, the sources its JavaScript was
// built from (`sources`: the bundle's modules and the build's own inputs) and the other files of
// the source directories, which shape only the declarations (`declarationSources`). In a git
// checkout, dist/ is fresh while each of those sources still exists and was last written before
// that time: an edit, a `generate` (it rewrites generated/) or a checkout makes it stale, and a
// stale build never runs (the bin falls back to the sources through tsx). An installed package
// is no checkout: npm writes every file at install time, after the build, and nothing
// regenerates it in place, so there the sources need only exist. In a checkout, the stamps of
// the packages' dist/ folders (`packages` in the stamp) must name the same build. The bin, which runs only the
// JavaScript, checks only `sources`: one stat per file is most of what the check costs.
//
// `declarations: false` in the stamp marks a build that kept the previous build's .d.ts files
// (`build-dist.js --skip-declarations`, what `generate` runs): its JavaScript is current, its
// types may not be, so it is fresh only for a caller that does not ask for declarations.
import { createRequire } from 'node:module';
import path from 'node:path';

// `require`, not `import`: an ESM import of `node:fs` loads Node's file streams for its facade
// (≈ 3 ms of every start; see cli/sync-fs.ts).
const { existsSync, readFileSync, statSync } = createRequire(import.meta.url)('node:fs');

export const STAMP_FILE = 'build-stamp.json';

/**
 * @param {string} packageRoot absolute directory holding `dist/` and the sources
 * @param {{ declarations?: boolean }} [options] `declarations: true`: the .d.ts files must be
 *   current too (a full build), not only the JavaScript
 * @returns {boolean}
 */
export function isDistFresh(packageRoot, options = {}) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(packageRoot, 'dist', STAMP_FILE), 'utf8'));
  } catch {
    return false;
  }
  if (typeof stamp?.startedAt !== 'number' || !Array.isArray(stamp.sources)) return false;
  const checked = [stamp.sources];
  if (options.declarations === true) {
    if (stamp.declarations === false) return false;
    // A stamp from before the field lists every source in `sources`.
    if (stamp.declarationSources !== undefined) {
      if (!Array.isArray(stamp.declarationSources)) return false;
      checked.push(stamp.declarationSources);
    }
  }
  const checkout = existsSync(path.join(packageRoot, '.git'));
  // In a checkout the build also wrote the dist/ of the packages the CLI imports
  // (packages/runtime, packages/tools): each must be of the same build. An install has them as
  // packages of their own, pinned to this version.
  if (checkout && Array.isArray(stamp.packages))
    for (const directory of stamp.packages) {
      let other;
      try {
        other = JSON.parse(
          readFileSync(path.join(packageRoot, directory, 'dist', STAMP_FILE), 'utf8'),
        );
      } catch {
        return false;
      }
      if (other?.startedAt !== stamp.startedAt) return false;
    }
  return checked.every((list) =>
    sourcesUnchanged(packageRoot, list, checkout ? stamp.startedAt : undefined),
  );
}

/**
 * Whether every file of `files` (paths relative to `packageRoot`) exists and, with `since` (a
 * time in ms), was last written no later than that.
 *
 * @param {string} packageRoot
 * @param {readonly unknown[]} files
 * @param {number | undefined} since
 * @returns {boolean}
 */
export function sourcesUnchanged(packageRoot, files, since) {
  // Joined once: path.join per source costs about what its stat does.
  const prefix = path.join(packageRoot, path.sep);
  for (const source of files) {
    if (typeof source !== 'string') return false;
    const stats = statSync(prefix + source, { throwIfNoEntry: false });
    if (stats === undefined || (since !== undefined && stats.mtimeMs > since)) return false;
  }
  return true;
}
