/**
 * The audit's cost, cold (no cache: the TypeScript program is built and the runtime scanned) and
 * cached (content hash of the runtime matches: the stored scan is read), side by side, on this
 * project. Two figures each:
 * - in process: `runFieldScan` (what `generate` pays inside a full run);
 * - as a command: `node bin/tool-contracts.js audit [--no-cache]` in a child process (start-up,
 *   manifest loading and report rendering included).
 *
 * Run: node --import tsx bench/audit.bench.ts [runs]   (default 3 runs each; medians printed)
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { runFieldScan } from '../generator/audit/run-field-scan.js';

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 3);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function time(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

async function series(task: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let index = 0; index < runs; index++) times.push(await time(task));
  return median(times);
}

const cli =
  (...args: string[]) =>
  () =>
    run(process.execPath, ['bin/tool-contracts.js', 'audit', ...args], {
      cwd: projectRoot,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 1 << 26,
    });

// Prime the cache so the cached figures measure a hit.
const first = await runFieldScan({ projectRoot });
const fields = first.scan.fields.length;
const files = first.scan.files.length;

const scanCold = await series(() => runFieldScan({ projectRoot, cache: false }));
const scanCached = await series(async () => {
  const result = await runFieldScan({ projectRoot });
  if (!result.cached)
    throw new Error('expected a cache hit: did runtime/ change during the benchmark?');
});
const commandCold = await series(cli('--no-cache'));
const commandCached = await series(cli());

const format = (ms: number): string => `${(ms / 1000).toFixed(2)} s`.padStart(9);
console.log(`audit of ${files} runtime files, ${fields} contract fields; median of ${runs} runs`);
console.log('                          cold     cached   cold/cached');
console.log(
  `runFieldScan (in process) ${format(scanCold)} ${format(scanCached)}   ${(scanCold / scanCached).toFixed(0)}x`,
);
console.log(
  `tool-contracts audit      ${format(commandCold)} ${format(commandCached)}   ${(commandCold / commandCached).toFixed(1)}x`,
);
