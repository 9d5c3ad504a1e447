/**
 * The performance table `npm run bench` prints: one Markdown row per measured row (what, both
 * medians, the median of the per-round ratios, the goal and whether it is met), then the
 * machine and the command. The same as JSON for the README and notes (`--json`).
 */
import { describeGoal, describeRatio, goalMet } from './bench-goal.js';
import { BENCH_ROWS, benchRow } from './bench-rows.js';

/** One measured row, as a bench file reports it. */
export interface RowResult {
  readonly id: string;
  /** Median time of our side per operation, ms (for scale; the ratio is not computed from it). */
  readonly oursMs: number;
  /** Median time of the anchor per operation, ms. */
  readonly anchorMs: number;
  /** Median of the per-round ratios ours / anchor. */
  readonly ratio: number;
  /** Rounds measured (warm-up excluded). */
  readonly rounds: number;
  /** What the bench checked or chose that a reader needs (tool count, input), if anything. */
  readonly note?: string;
}

/** Where and how the table was measured. */
export interface BenchRun {
  readonly command: string;
  readonly node: string;
  readonly cores: number;
  /** `os.loadavg()` when the run started and when it ended. */
  readonly loadAverage: { readonly start: readonly number[]; readonly end: readonly number[] };
}

/** A duration for people: `812 ns`, `3.40 µs`, `2.10 ms`, `1.25 s`. */
export function formatDuration(ms: number): string {
  if (ms < 0.001) return `${Math.round(ms * 1e6)} ns`;
  if (ms < 1) return `${(ms * 1e3).toFixed(2)} µs`;
  if (ms < 1000) return `${ms.toFixed(2)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** `results` in table order (the order of {@link BENCH_ROWS}). */
function inTableOrder(results: readonly RowResult[]): RowResult[] {
  const order = BENCH_ROWS.map((row) => row.id);
  return [...results].sort((left, right) => order.indexOf(left.id) - order.indexOf(right.id));
}

const loads = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' ');

/** The table as Markdown, with its notes, the machine and the command under it. */
export function formatBenchTable(results: readonly RowResult[], run: BenchRun): string {
  const ordered = inTableOrder(results);
  const header = ['row', 'ours', 'median', 'anchor', 'median', 'ours / anchor', 'goal', 'met'];
  const cells = ordered.map((result) => {
    const row = benchRow(result.id);
    return [
      result.id,
      row.ours,
      formatDuration(result.oursMs),
      row.anchor,
      formatDuration(result.anchorMs),
      describeRatio(row.goal, result.ratio),
      describeGoal(row.goal),
      goalMet(row.goal, result.ratio, result.oursMs) ? 'yes' : 'no',
    ];
  });
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  );
  const line = (values: readonly string[]) =>
    `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  const met = ordered.filter((result) =>
    goalMet(benchRow(result.id).goal, result.ratio, result.oursMs),
  ).length;
  return [
    line(header),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map(line),
    '',
    `${met} of ${ordered.length} rows meet their goal. Ratio: median of the per-round ratios ours / anchor over interleaved rounds (after warm-up); the medians are each side's, for scale.`,
    ...ordered.flatMap((result) =>
      result.note === undefined ? [] : [`- ${result.id} (${result.rounds} rounds): ${result.note}`],
    ),
    `Node ${run.node}, ${run.cores} cores, load average ${loads(run.loadAverage.start)} at the start, ${loads(run.loadAverage.end)} at the end.`,
    `Command: ${run.command}`,
  ].join('\n');
}

/** The table as JSON (`npm run bench -- --json`). */
export function benchTableJson(results: readonly RowResult[], run: BenchRun): object {
  return {
    ...run,
    rows: inTableOrder(results).map((result) => {
      const row = benchRow(result.id);
      return {
        id: result.id,
        ours: row.ours,
        anchor: row.anchor,
        oursMs: result.oursMs,
        anchorMs: result.anchorMs,
        ratio: result.ratio,
        shown: describeRatio(row.goal, result.ratio),
        goal: describeGoal(row.goal),
        met: goalMet(row.goal, result.ratio, result.oursMs),
        rounds: result.rounds,
        ...(result.note === undefined ? {} : { note: result.note }),
      };
    }),
  };
}
