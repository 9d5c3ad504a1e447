/**
 * The author's loop as processes, each row in interleaved rounds against its anchor (rows of the
 * performance table, support/bench-rows.ts; their goals are waits in seconds, the anchor shows
 * how loaded the machine was):
 * - first-generate: `tool-contracts generate` in a fresh clone — the files git would check out
 *   (tracked and not ignored, so the committed `generated/.generate-state.json` too), with a
 *   `node_modules` whose entries are the repository's but without its `.cache` (no audit scan,
 *   no export-type check cached), and dist/ built as `npm ci`'s `prepare` builds it — which must
 *   find nothing to write; vs `node -e 0`;
 * - edit-generate: that clone after one edit of `manifest/tools/glob.yaml` (its `purpose`
 *   changes every round) → `generate`, which must write the tool's module; vs `node -e 0`;
 * - edit-generate-project / check-strict-project: a project made by `tool-contracts init`
 *   (one tool, the package linked into its node_modules as an install puts it), one edit of its
 *   manifest → `generate`, and `check --strict`; vs `tsc --noEmit` of that project.
 * The first round of each row is a warm-up (the caches an author's previous run leaves).
 *
 * Run: node --import tsx bench/generate-loop.bench.ts [ROW …]
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rowsToMeasure } from './support/bench-rows.js';
import { copyCheckout } from './support/copy-checkout.js';
import { compareProcesses, type ProcessSpec } from './support/compare-interleaved.js';
import type { RowResult } from './support/format-bench-table.js';
import { reportRows, rowResult } from './support/report-bench-rows.js';

const wanted = rowsToMeasure('generate-loop', process.argv.slice(2));
const results: RowResult[] = [];
const repository = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const ROUNDS = { rounds: 5, warmUp: 1 } as const;
const env = { ...process.env, NO_COLOR: '1' };
const scratch = mkdtempSync(path.join(tmpdir(), 'generate-loop-bench-'));
const nodeZero: ProcessSpec = { command: node, args: ['-e', '0'], cwd: scratch, env };

/** A `node_modules` of links to the repository's packages, without its `.cache`. */
function linkPackages(target: string, names = readdirSync(path.join(repository, 'node_modules'))) {
  mkdirSync(target, { recursive: true });
  for (const name of names.filter((entry) => entry !== '.cache'))
    symlinkSync(path.join(repository, 'node_modules', name), path.join(target, name));
}

/** A clone of the working tree's state after `npm ci`, in a new folder. */
function freshClone(): string {
  const clone = path.join(scratch, 'clone');
  copyCheckout(repository, clone);
  linkPackages(path.join(clone, 'node_modules'));
  // What `npm ci` does last: `prepare` builds dist/, which the bin then runs while it is fresh
  // (and `generate` refreshes after rewriting generated/).
  execFileSync(node, [path.join(clone, 'bin/build-dist.js')], { cwd: clone, stdio: 'ignore' });
  return clone;
}

/** `spec`'s output must match `pattern` (a row that measures the wrong run is worse than none). */
const expecting =
  (pattern: RegExp, what: string) =>
  (stdout: string): void => {
    if (!pattern.test(stdout)) throw new Error(`expected ${what}, got:\n${stdout}`);
  };

/** Each call rewrites `file` with a `purpose:` line that differs from the previous one. */
function purposeEditor(file: string): () => void {
  const original = readFileSync(file, 'utf8');
  if (!/^purpose: .*$/m.test(original)) throw new Error(`${file} has no purpose line`);
  let round = 0;
  return () => {
    round += 1;
    writeFileSync(file, original.replace(/^(purpose: .*)$/m, `$1 (edit ${round})`));
  };
}

try {
  const clone =
    wanted.has('first-generate') || wanted.has('edit-generate') ? freshClone() : undefined;
  if (clone !== undefined && wanted.has('first-generate')) {
    const comparison = await compareProcesses(
      {
        ours: {
          command: node,
          args: ['bin/tool-contracts.js', 'generate'],
          cwd: clone,
          env,
          check: expecting(/^Up to date/, 'a no-op run ("Up to date")'),
          // Every round is a first run: no audit or export-type cache, as after `npm ci`.
          prepare: () =>
            rmSync(path.join(clone, 'node_modules/.cache'), { recursive: true, force: true }),
        },
        anchor: nodeZero,
      },
      ROUNDS,
    );
    results.push(
      rowResult(
        'first-generate',
        comparison,
        'the tracked files of this checkout, node_modules without .cache, dist/ built; must print "Up to date"',
      ),
    );
  }
  if (clone !== undefined && wanted.has('edit-generate')) {
    const comparison = await compareProcesses(
      {
        ours: {
          command: node,
          args: ['bin/tool-contracts.js', 'generate'],
          cwd: clone,
          env,
          check: expecting(
            /^Generated .*\n {2}written: {3}\d+ files? \(.*generated\/tools\/glob\.ts/,
            'glob.ts written',
          ),
          prepare: purposeEditor(path.join(clone, 'manifest/tools/glob.yaml')),
        },
        anchor: nodeZero,
      },
      ROUNDS,
    );
    results.push(
      rowResult(
        'edit-generate',
        comparison,
        'purpose of manifest/tools/glob.yaml edited each round',
      ),
    );
  }

  if (wanted.has('edit-generate-project') || wanted.has('check-strict-project')) {
    const project = path.join(scratch, 'project');
    execFileSync(node, [path.join(repository, 'bin/tool-contracts.js'), 'init', project], { env });
    // What `npm install tool-contracts` (and its peers for the project's own tsc) gives it.
    mkdirSync(path.join(project, 'node_modules'));
    symlinkSync(repository, path.join(project, 'node_modules/tool-contracts'));
    linkPackages(path.join(project, 'node_modules'), [
      '@tool-contracts',
      'zod',
      '@types',
      'typescript',
      'tsx',
    ]);
    const cli = (...args: string[]): ProcessSpec => ({
      command: node,
      args: [path.join(repository, 'bin/tool-contracts.js'), ...args],
      cwd: project,
      env,
    });
    // The project's first run: the package's exports map serves dist/, which must be built.
    execFileSync(cli('generate').command, cli('generate').args, {
      cwd: project,
      env,
      stdio: 'inherit',
    });
    const tsc: ProcessSpec = {
      command: node,
      args: [path.join(repository, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project],
      cwd: project,
      env,
    };
    if (wanted.has('edit-generate-project')) {
      const comparison = await compareProcesses(
        {
          ours: {
            ...cli('generate'),
            check: expecting(/^Generated 1 tool in .*\n {2}written: /, 'a run that wrote'),
            prepare: purposeEditor(path.join(project, 'manifest/tools/greet.yaml')),
          },
          anchor: tsc,
        },
        ROUNDS,
      );
      results.push(
        rowResult(
          'edit-generate-project',
          comparison,
          '`tool-contracts init` project, purpose of greet.yaml edited each round',
        ),
      );
    }
    if (wanted.has('check-strict-project')) {
      const comparison = await compareProcesses(
        {
          ours: { ...cli('check', '--strict'), check: expecting(/^Up to date/, 'a clean check') },
          anchor: tsc,
        },
        ROUNDS,
      );
      results.push(rowResult('check-strict-project', comparison, '`tool-contracts init` project'));
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

reportRows('generate-loop', results);
