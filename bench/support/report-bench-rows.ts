/**
 * How a bench file hands over its rows: it prints them as the table (so a file run on its own
 * shows its figures) and, under `npm run bench`, also appends them as JSON lines to the file
 * `bench/run.ts` names in `BENCH_ROWS_FILE`, which prints the whole table at the end.
 */
import { appendFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import type { Comparison } from './compare-interleaved.js';
import { formatBenchTable, type RowResult } from './format-bench-table.js';
import { median, medianRatio } from './round-ratios.js';

/** Set by bench/run.ts: where the rows go. */
export const ROWS_FILE_VARIABLE = 'BENCH_ROWS_FILE';

const loadAtStart = loadavg();

/** A row's result from its comparison. */
export function rowResult(id: string, comparison: Comparison, note?: string): RowResult {
  return {
    id,
    oursMs: median(comparison.ours),
    anchorMs: median(comparison.anchor),
    ratio: medianRatio(comparison.ours, comparison.anchor),
    rounds: comparison.ours.length,
    ...(note === undefined ? {} : { note }),
  };
}

/** Print `results` (measured by `bench/FILE.bench.ts`) and hand them to bench/run.ts. */
export function reportRows(file: string, results: readonly RowResult[]): void {
  const args = process.argv.slice(2);
  console.log(
    formatBenchTable(results, {
      command: ['node --import tsx', path.posix.join('bench', `${file}.bench.ts`), ...args].join(
        ' ',
      ),
      node: process.version,
      cores: availableParallelism(),
      loadAverage: { start: loadAtStart, end: loadavg() },
    }),
  );
  const target = process.env[ROWS_FILE_VARIABLE];
  if (target !== undefined)
    appendFileSync(target, results.map((result) => `${JSON.stringify(result)}\n`).join(''));
}
