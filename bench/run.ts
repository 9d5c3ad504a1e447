/**
 * `npm run bench`: measure the rows of the performance table (support/bench-rows.ts) and print
 * the table — every row with the median of its per-round ratios against its anchor, its goal
 * and whether it is met — with the machine's load and the command. Bench files run one after
 * another, never in parallel: each compares both sides of a row within its own run, and a
 * neighbour would skew them.
 *
 * Run: npm run bench [-- [--json] [--all] [ROW | FILE …]]
 *   ROW     a row id (warm-list, first-list, mcp-1000, admission, invalid-call, cold-start,
 *           cli-list, read-call, serve-call, npm-ci, first-generate, edit-generate,
 *           edit-generate-project, check-strict-project, scale-generate, scale-no-op):
 *           measure only that row
 *   FILE    a bench file's name (get-tools for bench/get-tools.bench.ts): all its rows, or,
 *           for a bench without rows (generate, audit, mcp-round-trip …), its own report
 *   --all   every bench file, the table's and the others
 *   --json  the table as JSON on standard output (the benches' own output goes to standard
 *           error): `npm run --silent bench -- --json > bench.json`
 * Goals not met do not fail the run (a figure on a loaded machine is not a verdict); a bench
 * that fails does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_ROWS } from './support/bench-rows.js';
import { benchTableJson, formatBenchTable, type RowResult } from './support/format-bench-table.js';
import { ROWS_FILE_VARIABLE } from './support/report-bench-rows.js';

const loadAtStart = loadavg();
const folder = import.meta.dirname;
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const args = process.argv.slice(2);
const json = args.includes('--json');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknownFlags = args.filter(
  (arg) => arg.startsWith('--') && !['--json', '--all'].includes(arg),
);
const rowIds = BENCH_ROWS.map((row) => row.id);
const unknown = names.filter((name) => !files.includes(name) && !rowIds.includes(name));
if (unknown.length > 0 || unknownFlags.length > 0) {
  console.error(
    `bench: no benchmark or row named ${[...unknownFlags, ...unknown].join(', ')}; rows: ${rowIds.join(', ')}; files: ${files.join(', ')}; flags: --json, --all`,
  );
  process.exit(2);
}

/** Which files to run, each with the row ids to measure (empty: all of its rows). */
const plan = new Map<string, string[]>();
const tableFiles = [...new Set(BENCH_ROWS.map((row) => row.file))];
for (const file of args.includes('--all') ? files : names.length === 0 ? tableFiles : [])
  plan.set(file, []);
for (const name of names) {
  const row = BENCH_ROWS.find((candidate) => candidate.id === name);
  if (row === undefined) plan.set(name, []);
  else if (plan.get(row.file)?.length !== 0)
    plan.set(row.file, [...(plan.get(row.file) ?? []), name]);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'bench-rows-'));
const rowsFile = path.join(scratch, 'rows.jsonl');
let failed = 0;
try {
  for (const file of files.filter((candidate) => plan.has(candidate))) {
    console.error(`\n=== ${file} ===`);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(folder, `${file}.bench.ts`), ...plan.get(file)!],
      {
        stdio: ['ignore', json ? 2 : 'inherit', 'inherit'],
        env: { ...process.env, [ROWS_FILE_VARIABLE]: rowsFile },
      },
    );
    if (result.status !== 0) {
      failed += 1;
      console.error(`bench: ${file} exited with ${result.status ?? result.signal}`);
    }
  }
  let results: RowResult[] = [];
  try {
    results = readFileSync(rowsFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as RowResult);
  } catch {
    // No bench with rows ran.
  }
  if (results.length > 0) {
    const run = {
      command: ['npm run bench', ...(args.length === 0 ? [] : ['--', ...args])].join(' '),
      node: process.version,
      cores: availableParallelism(),
      loadAverage: { start: loadAtStart, end: loadavg() },
    };
    if (json) console.log(JSON.stringify(benchTableJson(results, run), null, 2));
    else console.log(`\n=== performance table ===\n${formatBenchTable(results, run)}`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed === 0 ? 0 : 1);
