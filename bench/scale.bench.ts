/**
 * `generate` over many tools (rows scale-generate and scale-no-op of the performance table,
 * support/bench-rows.ts): a project made by `tool-contracts init` whose one example tool is
 * copied into N manifests (`Greet1` … `GreetN`, all implemented by the example's handler), the
 * package linked into its node_modules as an install puts it (its exports map serves dist/:
 * `npm run build` first). For each N of the curve (default 100, 1 000 and 10 000): one full run
 * (the first, writing everything) and one no-op run, each a process, with its wall time and the
 * peak resident memory of the generator's process (the model-view child process not counted).
 * The rows are the runs of 10 000 tools against `node -e 0`, one round each (a full run takes
 * minutes), with the whole curve in their note; `--sizes` without 10 000 prints the curve only.
 * The time per tool is printed, so that growth worse than linear shows.
 *
 * Run: node --import tsx bench/scale.bench.ts [ROW …] [--sizes=100,1000,10000]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rowsToMeasure } from './support/bench-rows.js';
import type { RowResult } from './support/format-bench-table.js';
import { reportRows } from './support/report-bench-rows.js';

const args = process.argv.slice(2);
const sizesArgument = args.find((arg) => arg.startsWith('--sizes='));
const sizes = (sizesArgument?.slice('--sizes='.length) ?? '100,1000,10000').split(',').map(Number);
if (sizes.some((size) => !Number.isInteger(size) || size < 1))
  throw new RangeError(`--sizes: positive whole numbers separated by commas, not ${sizesArgument}`);
const wanted = rowsToMeasure(
  'scale',
  args.filter((arg) => !arg.startsWith('--')),
);
/** The tool count the rows are measured at. */
const ROW_SIZE = 10_000;
const repository = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const env = { ...process.env, NO_COLOR: '1' };
const scratch = mkdtempSync(path.join(tmpdir(), 'scale-bench-'));

/** Runs `generate` in `project`, with the peak memory of its process (printed at exit). */
function generate(project: string): { ms: number; peakMb: number; stdout: string } {
  const script = `process.on('exit', () => process.stderr.write('\\npeak-rss ' + process.resourceUsage().maxRSS + '\\n')); process.argv.splice(1, 0, ${JSON.stringify(path.join(repository, 'bin/tool-contracts.js'))}); await import(${JSON.stringify(path.join(repository, 'bin/tool-contracts.js'))});`;
  const start = performance.now();
  const result = spawnSync(node, ['--input-type=module', '-e', script, 'generate'], {
    cwd: project,
    env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (result.status !== 0)
    throw new Error(`generate of ${project} exited with ${result.status}:\n${result.stderr}`);
  const peak = /peak-rss (\d+)/.exec(result.stderr);
  return { ms, peakMb: peak === null ? Number.NaN : Number(peak[1]) / 1024, stdout: result.stdout };
}

function nodeZero(): number {
  const start = performance.now();
  spawnSync(node, ['-e', '0'], { env });
  return performance.now() - start;
}

/** An `init` project with `count` copies of its example tool. */
function projectWith(count: number): string {
  const project = path.join(scratch, `tools-${count}`);
  const init = spawnSync(node, [path.join(repository, 'bin/tool-contracts.js'), 'init', project], {
    env,
    encoding: 'utf8',
  });
  if (init.status !== 0) throw new Error(`init failed:\n${init.stderr}`);
  mkdirSync(path.join(project, 'node_modules'), { recursive: true });
  symlinkSync(repository, path.join(project, 'node_modules/tool-contracts'));
  for (const name of ['@tool-contracts', 'zod'])
    symlinkSync(
      path.join(repository, 'node_modules', name),
      path.join(project, 'node_modules', name),
    );
  const example = path.join(project, 'manifest/tools/greet.yaml');
  const greet = readFileSync(example, 'utf8');
  rmSync(example);
  const names = Array.from({ length: count }, (_, index) => `Greet${index + 1}`);
  for (const name of names)
    writeFileSync(
      path.join(project, `manifest/tools/greet${name.slice('Greet'.length)}.yaml`),
      greet
        .replace(/^name: Greet$/m, `name: ${name}\nimplementation: greet`)
        .replace(/^capability: example\.greet$/m, `capability: example.greet${name.slice(5)}`),
    );
  const index = path.join(project, 'manifest/tools.yaml');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace(
      /^registrationOrder:\n {2}- Greet$/m,
      `registrationOrder:\n${names.map((name) => `  - ${name}`).join('\n')}`,
    ),
  );
  return project;
}

const curve: { size: number; full: number; noOp: number; peakMb: number }[] = [];
const results: RowResult[] = [];
try {
  for (const size of [...sizes].sort((left, right) => left - right)) {
    const project = projectWith(size);
    const anchorBefore = nodeZero();
    const full = generate(project);
    if (!full.stdout.startsWith(`Generated ${size} tools`))
      throw new Error(`expected a full run of ${size} tools, got:\n${full.stdout}`);
    const noOp = generate(project);
    if (!noOp.stdout.startsWith('Up to date'))
      throw new Error(`expected a no-op run, got:\n${noOp.stdout}`);
    const anchor = (anchorBefore + nodeZero()) / 2;
    curve.push({ size, full: full.ms, noOp: noOp.ms, peakMb: full.peakMb });
    console.error(
      `${size} tools: full ${(full.ms / 1000).toFixed(1)} s (${(full.ms / size).toFixed(1)} ms per tool, peak ${Math.round(full.peakMb)} MB), no-op ${(noOp.ms / 1000).toFixed(2)} s`,
    );
    rmSync(project, { recursive: true, force: true });
    // The rows are the 10 000-tool runs: a curve that stops short of it only prints.
    if (size === ROW_SIZE) {
      const note = `${size} tools (one round); curve ${curve.map((point) => `${point.size}: ${(point.full / 1000).toFixed(1)} s, ${(point.full / point.size).toFixed(1)} ms/tool, ${Math.round(point.peakMb)} MB, no-op ${(point.noOp / 1000).toFixed(2)} s`).join(' | ')}`;
      if (wanted.has('scale-generate'))
        results.push({
          id: 'scale-generate',
          oursMs: full.ms,
          anchorMs: anchor,
          ratio: full.ms / anchor,
          rounds: 1,
          note,
        });
      if (wanted.has('scale-no-op'))
        results.push({
          id: 'scale-no-op',
          oursMs: noOp.ms,
          anchorMs: anchor,
          ratio: noOp.ms / anchor,
          rounds: 1,
          note,
        });
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

reportRows('scale', results);
