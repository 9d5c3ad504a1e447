/**
 * What the executor costs and what its scheduling buys, side by side on real tools in a temp dir:
 * - 8 Read calls of small files: one `callTool` after another vs one `executeToolBatch` (one
 *   concurrent step, permission evaluated per call) — the executor's overhead on cheap calls;
 * - 8 Bash `cat` calls (read-only after `resolvePermissionCapability`, so concurrent): sequential
 *   `callTool` vs `executeToolBatch` — what running truly read-only calls side by side saves;
 * - the same 8 Bash calls as `touch` (barriers): `executeToolBatch` runs them one by one, as the
 *   sequential loop does;
 * - planning alone: `resolveCallEffects` for one Bash call (shell parse + classification).
 *
 * Figures are medians over the samples, per batch of 8 (per call for planning).
 *
 * Run: node --import tsx bench/executor.bench.ts
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtInTools } from '../generated/index.js';
import { callTool, type ToolCall } from '../runtime/call-path/call/call-tool.js';
import type { SessionState } from '../runtime/core/contract.js';
import { executeToolBatch, resolveCallEffects } from '../runtime/call-path/executor/index.js';
import { ToolRegistry } from '../runtime/core/tool-registry.js';

const SAMPLES = 31;
const BATCH = 8;

async function median(samples: number, run: () => Promise<unknown>): Promise<number> {
  await run(); // warm-up
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((left, right) => left - right);
  return times[Math.floor(times.length / 2)]!;
}

const root = await mkdtemp(join(tmpdir(), 'executor-bench-'));
for (let index = 0; index < BATCH; index += 1)
  await writeFile(join(root, `file-${index}.txt`), `line ${index}\n`.repeat(50));

const registry = new ToolRegistry({ logger: { warn: () => {} } });
for (const tool of builtInTools)
  if (['Read', 'Bash'].includes(tool.metadata.name)) registry.register(tool);
const runtime = { registry };
const session: SessionState = { todos: [], backgroundTasks: new Map(), readFiles: new Map() };
const context = {
  workspaceRoot: root,
  workingDirectory: root,
  artifactDirectory: join(root, '.artifacts'),
  session,
  permissions: { mode: 'yolo' as const },
};

const calls = (make: (index: number) => ToolCall) =>
  Array.from({ length: BATCH }, (_, index) => make(index));
const reads = calls((index) => ({ name: 'Read', input: { file_path: `file-${index}.txt` } }));
const cats = calls((index) => ({ name: 'Bash', input: { command: `cat file-${index}.txt` } }));
const touches = calls((index) => ({ name: 'Bash', input: { command: `touch made-${index}.txt` } }));

const sequential = (batch: readonly ToolCall[]) => async () => {
  for (const call of batch) await callTool(runtime, call, context);
};
const executor = (batch: readonly ToolCall[]) => () => executeToolBatch(runtime, batch, context);

const rows: [string, number, number][] = [];
for (const [label, batch] of [
  ['8 × Read (concurrent step)', reads],
  ['8 × Bash cat (concurrent step)', cats],
  ['8 × Bash touch (8 barriers)', touches],
] as const) {
  const loop = await median(SAMPLES, sequential(batch));
  const batched = await median(SAMPLES, executor(batch));
  rows.push([label, loop, batched]);
}

const bash = builtInTools.find((tool) => tool.metadata.name === 'Bash')!;
const PLAN_REPEAT = 2_000;
const plan = await median(SAMPLES, async () => {
  for (let index = 0; index < PLAN_REPEAT; index += 1)
    resolveCallEffects(bash, { command: 'git status && ls -la src | head -n 5' });
});

console.log('batch                            sequential callTool   executeToolBatch   ratio');
for (const [label, loop, batched] of rows) {
  console.log(
    `${label.padEnd(32)} ${`${loop.toFixed(2)} ms`.padStart(19)}   ${`${batched.toFixed(2)} ms`.padStart(16)}   ${(loop / batched).toFixed(2)}×`,
  );
}
console.log(
  `resolveCallEffects(Bash compound command): ${((plan / PLAN_REPEAT) * 1000).toFixed(1)} µs per call`,
);
