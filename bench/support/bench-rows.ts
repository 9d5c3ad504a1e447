/**
 * The rows of the performance table (issue #14, README "Performance"): what each measures, its
 * anchor, its goal, and the bench file that measures it. `npm run bench -- ROW` runs one row,
 * `npm run bench -- FILE` the rows of one file.
 */
import type { BenchGoal } from './bench-goal.js';

export interface BenchRow {
  /** What `npm run bench -- ID` selects. */
  readonly id: string;
  /** `bench/FILE.bench.ts`. */
  readonly file: string;
  /** What of ours is measured. */
  readonly ours: string;
  /** What it is measured against. */
  readonly anchor: string;
  readonly goal: BenchGoal;
}

export const BENCH_ROWS: readonly BenchRow[] = [
  {
    id: 'warm-list',
    file: 'get-tools',
    ours: 'warm `getTools`',
    anchor: 'MCP SDK `tools/list` handler, same tools',
    goal: { kind: 'faster-by', factor: 300 },
  },
  {
    id: 'first-list',
    file: 'get-tools',
    ours: 'first `getTools`, empty cache',
    anchor: "MCP SDK's first `tools/list`",
    goal: { kind: 'at-most', ratio: 0.3 },
  },
  {
    id: 'mcp-1000',
    file: 'get-tools',
    ours: '1 000 MCP tools registered + first list',
    anchor: 'MCP SDK register + list of 1 000',
    goal: { kind: 'at-most', ratio: 0.3 },
  },
  {
    id: 'admission',
    file: 'call',
    ours: 'valid-call admission as `callTool` does it',
    anchor: 'bare ajv `validate()`, same Read input',
    goal: { kind: 'at-most', ratio: 2 },
  },
  {
    id: 'invalid-call',
    file: 'call',
    ours: 'invalid call → model-facing text',
    anchor: "zod's own failure path (`safeParse` + message)",
    goal: { kind: 'at-most', ratio: 1 },
  },
  {
    id: 'cold-start',
    file: 'cold-start',
    ours: 'runtime cold start as a process (import, register, first list)',
    anchor: "MCP SDK's process doing the same",
    goal: { kind: 'at-most', ratio: 0.4 },
  },
  {
    id: 'cli-list',
    file: 'cold-start',
    ours: '`tool-contracts list --json` as a process',
    anchor: '`node -e 0`',
    goal: { kind: 'at-most', ratio: 3 },
  },
  {
    id: 'read-call',
    file: 'call',
    ours: '`callTool` Read of a 3-line file',
    anchor: '`fs.readFile` + ajv `validate()`',
    goal: { kind: 'at-most', ratio: 1.5 },
  },
  {
    id: 'serve-call',
    file: 'mcp-round-trip',
    ours: '`serve` `tools/call` Read round trip over stdio',
    anchor: "MCP SDK's `McpServer`, same tools and handler",
    goal: { kind: 'at-most', ratio: 0.8 },
  },
  {
    id: 'npm-ci',
    file: 'install',
    ours: '`npm ci` of a fresh clone (with `prepare`, which builds dist/)',
    anchor: '`npm ci --ignore-scripts` (no build)',
    goal: { kind: 'within', ms: 60_000 },
  },
  {
    id: 'first-generate',
    file: 'generate-loop',
    ours: "a fresh clone's first `generate`, nothing to write",
    anchor: '`node -e 0`',
    goal: { kind: 'within', ms: 3000 },
  },
  {
    id: 'edit-generate',
    file: 'generate-loop',
    ours: 'one manifest edit → `generate`, this repository',
    anchor: '`node -e 0`',
    goal: { kind: 'within', ms: 2000 },
  },
  {
    id: 'edit-generate-project',
    file: 'generate-loop',
    ours: 'one manifest edit → `generate`, one-tool project',
    anchor: '`tsc --noEmit` of that project',
    goal: { kind: 'within', ms: 1000 },
  },
  {
    id: 'check-strict-project',
    file: 'generate-loop',
    ours: '`check --strict`, one-tool project',
    anchor: '`tsc --noEmit` of that project',
    goal: { kind: 'within', ms: 3000 },
  },
  {
    id: 'scale-generate',
    file: 'scale',
    ours: '`generate` of 10 000 synthetic manifests (curve at 100, 1 000, 10 000)',
    anchor: '`node -e 0`',
    goal: { kind: 'within', ms: 60_000 },
  },
  {
    id: 'scale-no-op',
    file: 'scale',
    ours: 'no-op `generate` over 10 000 manifests',
    anchor: '`node -e 0`',
    goal: { kind: 'within', ms: 5000 },
  },
];

/** The row called `id` (throws for an unknown id: a bench file asks only for its own rows). */
export function benchRow(id: string): BenchRow {
  const row = BENCH_ROWS.find((candidate) => candidate.id === id);
  if (row === undefined) throw new RangeError(`no bench row "${id}"`);
  return row;
}

/**
 * Which of `file`'s rows to measure, given the row ids a bench file was started with: all of
 * them when none is named.
 */
export function rowsToMeasure(file: string, requested: readonly string[]): Set<string> {
  const own = BENCH_ROWS.filter((row) => row.file === file).map((row) => row.id);
  const unknown = requested.filter((id) => !own.includes(id));
  if (unknown.length > 0)
    throw new RangeError(`bench/${file}.bench.ts has no row ${unknown.join(', ')}`);
  return new Set(requested.length === 0 ? own : requested);
}
