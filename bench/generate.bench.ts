/**
 * `tool-contracts generate` as a user runs it, on a temporary copy of this project: a full run
 * (`--force`: load, check hooks, run extensions such as the audit, emit, compare, write) and a
 * no-op run (nothing changed: content hashes only), side by side, medians of several runs each.
 * Also proves the no-op run never loads ts-morph, by logging every module it resolves.
 *
 * Run: node --import tsx bench/generate.bench.ts [runs]   (default 5 runs each)
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repository = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);

const root = await mkdtemp(path.join(tmpdir(), 'tool-contracts-bench-'));
try {
  for (const entry of [
    'bin',
    'cli',
    'generator',
    'manifest',
    'runtime',
    'generated',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ]) {
    await cp(path.join(repository, entry), path.join(root, entry), { recursive: true });
  }
  await rm(path.join(root, 'generated/.generate-state.json'), { force: true });
  await symlink(path.join(repository, 'node_modules'), path.join(root, 'node_modules'), 'dir');

  // A resolve hook that logs every module URL, to see what a run loads.
  await writeFile(
    path.join(root, 'bench-resolve-hooks.mjs'),
    "import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) {\n  const result = await next(specifier, context);\n  if (process.env.RESOLVE_LOG) appendFileSync(process.env.RESOLVE_LOG, `${result.url}\\n`);\n  return result;\n}\n",
  );
  await writeFile(
    path.join(root, 'bench-resolve-register.mjs'),
    "import { register } from 'node:module';\nregister('./bench-resolve-hooks.mjs', import.meta.url);\n",
  );

  const generate = async (
    args: string[],
    env: Record<string, string> = {},
    nodeArgs: string[] = [],
  ): Promise<{ ms: number; stdout: string }> => {
    const started = performance.now();
    const { stdout } = await run(
      process.execPath,
      [...nodeArgs, 'bin/tool-contracts.js', 'generate', ...args],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', ...env },
      },
    );
    return { ms: performance.now() - started, stdout };
  };

  const first = await generate([]);
  const full: number[] = [];
  const noOp: number[] = [];
  for (let index = 0; index < runs; index++) {
    full.push((await generate(['--force'])).ms);
    const quiet = await generate([]);
    if (!quiet.stdout.startsWith('Up to date'))
      throw new Error(`expected a no-op run, got:\n${quiet.stdout}`);
    noOp.push(quiet.ms);
  }

  const modulesOf = async (args: string[]): Promise<string[]> => {
    const log = path.join(root, 'bench-resolve.log');
    await writeFile(log, '');
    await generate(args, { RESOLVE_LOG: log }, ['--import', './bench-resolve-register.mjs']);
    return [...new Set((await readFile(log, 'utf8')).split('\n').filter((url) => url !== ''))];
  };
  const noOpModules = await modulesOf([]);
  const fullModules = await modulesOf(['--force']);
  const loadsTsMorph = (modules: string[]) =>
    modules.some((url) => url.includes('/node_modules/ts-morph/'));

  const fullMedian = median(full);
  const noOpMedian = median(noOp);
  const rows = [
    ['run', 'median', 'runs (ms)', 'modules resolved', 'ts-morph'],
    ['first (cold caches)', ms(first.ms), '1', '', ''],
    [
      'full (--force)',
      ms(fullMedian),
      full.map(Math.round).join(' '),
      String(fullModules.length),
      loadsTsMorph(fullModules) ? 'loaded' : 'not loaded',
    ],
    [
      'no-op (hash match)',
      ms(noOpMedian),
      noOp.map(Math.round).join(' '),
      String(noOpModules.length),
      loadsTsMorph(noOpModules) ? 'loaded' : 'not loaded',
    ],
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.log(
    `generate on a copy of ${path.basename(repository)} (${runs} runs each, child processes of node bin/tool-contracts.js)`,
  );
  for (const row of rows)
    console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  console.log(`no-op is ${(fullMedian / noOpMedian).toFixed(1)}x faster than a full run`);
  if (loadsTsMorph(noOpModules)) {
    console.error('FAIL: the no-op run loaded ts-morph');
    process.exitCode = 1;
  }
} finally {
  await rm(root, { recursive: true, force: true });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}
