/**
 * A fresh clone made ready (row npm-ci of the performance table, support/bench-rows.ts):
 * `npm ci` in a copy of the files a clone checks out, with nothing installed — every dependency
 * from npm's cache, then `prepare`, which builds dist/ — vs the same `npm ci` without any script
 * (`--ignore-scripts`: no build). Each round starts from no node_modules and no dist/. Needs the
 * npm registry, or a cache that already holds the lock file's packages.
 *
 * Run: node --import tsx bench/install.bench.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DIST_PACKAGES } from '../bin/dist-packages.js';
import { rowsToMeasure } from './support/bench-rows.js';
import { compareProcesses, type ProcessSpec } from './support/compare-interleaved.js';
import { copyCheckout } from './support/copy-checkout.js';
import type { RowResult } from './support/format-bench-table.js';
import { reportRows, rowResult } from './support/report-bench-rows.js';

const wanted = rowsToMeasure('install', process.argv.slice(2));
const results: RowResult[] = [];
const repository = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'install-bench-'));

try {
  if (wanted.has('npm-ci')) {
    const clone = path.join(scratch, 'clone');
    copyCheckout(repository, clone);
    /** Nothing installed or built: what a clone has. */
    const uninstalled = () => {
      for (const folder of [
        'node_modules',
        ...DIST_PACKAGES.map((distPackage) => path.join(distPackage.directory, 'dist')),
      ])
        rmSync(path.join(clone, folder), { recursive: true, force: true });
    };
    /** Fails unless `files` exist after the run (what npm prints depends on its log level). */
    const leaving = (files: string[]) => () => {
      const missing = files.filter((file) => !existsSync(path.join(clone, file)));
      if (missing.length > 0) throw new Error(`npm ci left no ${missing.join(', ')}`);
    };
    const npmCi = (flags: string[], made: string[]): ProcessSpec => ({
      command: 'npm',
      args: ['ci', '--no-audit', '--no-fund', ...flags],
      cwd: clone,
      env: { ...process.env, NO_COLOR: '1' },
      prepare: uninstalled,
      check: leaving(['node_modules/.package-lock.json', ...made]),
    });
    const comparison = await compareProcesses(
      {
        ours: npmCi([], ['dist/build-stamp.json']),
        anchor: npmCi(['--ignore-scripts'], []),
      },
      { rounds: 3, warmUp: 1 },
    );
    results.push(
      rowResult('npm-ci', comparison, 'the tracked files of this checkout, from npm’s cache'),
    );
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

reportRows('install', results);
