/**
 * Calling a tool, against the bare libraries underneath (rows admission, invalid-call and
 * read-call of the performance table; see support/bench-rows.ts), on Read:
 * - admission: a valid call's input through what `callTool` does before the tool's hooks
 *   (support/call-admission.ts: JSON-text parse step, model projection, validation) vs bare
 *   ajv `validate()` with Read's model-facing schema compiled once. The input is an object, as
 *   MCP and the AI SDK hand it over (`callTool`'s JSON step then only checks its type);
 * - invalid-call: a refused input to the model-facing text (the same steps, then the wording)
 *   vs zod's own failure path: `safeParse` and the `ZodError`'s message;
 * - read-call: a whole `callTool` of Read on a 3-line file vs `fs.readFile` of it + ajv
 *   `validate()` of the input.
 * Admission and the invalid call are synchronous and called synchronously on both sides, in
 * batches; the Read call is awaited on both sides, timed after a warm-up of both (see
 * compareAsync), with the cost of the process's first calls in the row's note.
 *
 * Run: node --import tsx bench/call.bench.ts [admission|invalid-call|read-call …]
 */
import { isDeepStrictEqual } from 'node:util';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { builtInTools } from '../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../generated/provider-order.js';
import { modelInputSchema } from '../runtime/call-path/call/model-input-schema.js';
import { createToolRuntime } from '../runtime/index.js';
import { callTool, type CallToolContext } from '../runtime/call-path/call/call-tool.js';
import { rowsToMeasure } from './support/bench-rows.js';
import { admitCall } from './support/call-admission.js';
import { compareAsync, compareSync } from './support/compare-interleaved.js';
import type { RowResult } from './support/format-bench-table.js';
import { BENCH_MODEL, LARGEST_GATE, SILENT } from './support/largest-tool-set.js';
import { reportRows, rowResult } from './support/report-bench-rows.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const wanted = rowsToMeasure('call', process.argv.slice(2));
const results: RowResult[] = [];
const BATCH_OPTIONS = { rounds: 21, warmUp: 3, sampleMs: 20 } as const;

const read = builtInTools.find((entry) => entry.metadata.name === 'Read');
if (read === undefined) throw new Error('Read is not among the built-in tools');
await read.loadImplementation?.(); // its zod schemas, which admitCall passes on as callTool does
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const bareValidate = ajv.compile(modelInputSchema(read, BENCH_MODEL));

const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate: LARGEST_GATE,
  logger: SILENT,
});
const workspace = await mkdtemp(join(tmpdir(), 'call-bench-'));
const context: CallToolContext = {
  workspaceRoot: workspace,
  workingDirectory: workspace,
  artifactDirectory: join(workspace, 'artifacts'),
  model: BENCH_MODEL,
  session: { todos: [], backgroundTasks: new Map(), readFiles: new Map() },
};
const call = (input: unknown) => callTool(runtime, { name: 'Read', input }, context);

/** Calls of each side in {@link firstCalls}. */
const FIRST_CALLS = 2000;

/**
 * The first `count` calls of each side in this process, in interleaved blocks of 100, as
 * "ours µs / anchor µs per call (ratio)": what a host's first calls cost.
 */
async function firstCalls(
  sides: { readonly ours: () => Promise<unknown>; readonly anchor: () => Promise<unknown> },
  count: number,
): Promise<string> {
  const total = { ours: 0, anchor: 0 };
  for (let done = 0; done < count; done += 100) {
    for (const side of ['ours', 'anchor'] as const) {
      const start = performance.now();
      for (let index = 0; index < 100; index += 1) await sides[side]();
      total[side] += performance.now() - start;
    }
  }
  const perCall = (ms: number) => `${((ms * 1000) / count).toFixed(0)} µs`;
  return `${perCall(total.ours)} / ${perCall(total.anchor)} per call (${(total.ours / total.anchor).toFixed(2)}×)`;
}

try {
  if (wanted.has('admission')) {
    const input = { file_path: '/work/project/src/index.ts', offset: 10, limit: 200 };
    const admitted = admitCall(read, input, BENCH_MODEL);
    if (!bareValidate(input) || !admitted.ok || !isDeepStrictEqual(admitted.value, input))
      throw new Error(`the admission input must be valid: ${JSON.stringify(admitted)}`);
    if ((await call(input)).errorCode === 'invalid_input')
      throw new Error('callTool refused the input admitCall accepted');
    const comparison = await compareSync(
      { ours: () => admitCall(read, input, BENCH_MODEL), anchor: () => bareValidate(input) },
      BATCH_OPTIONS,
    );
    results.push(rowResult('admission', comparison, `input ${JSON.stringify(input)}`));
  }

  if (wanted.has('invalid-call')) {
    // A model's usual slip: the parameter under another name.
    const input = { path: 'src/index.ts', limit: 200 };
    const refused = admitCall(read, input, BENCH_MODEL);
    const called = await call(input);
    if (refused.ok || refused.content !== called.content)
      throw new Error(
        `admitCall and callTool answer differently:\n${JSON.stringify(refused)}\n${called.content}`,
      );
    const zodFailure = () => {
      const parsed = read.runtimeInputSchema.safeParse(input);
      return parsed.success ? '' : parsed.error.message;
    };
    if (zodFailure() === '') throw new Error('zod accepted the invalid input');
    const comparison = await compareSync(
      { ours: () => admitCall(read, input, BENCH_MODEL), anchor: zodFailure },
      BATCH_OPTIONS,
    );
    results.push(rowResult('invalid-call', comparison, `input ${JSON.stringify(input)}`));
  }

  if (wanted.has('read-call')) {
    const file = join(workspace, 'small.txt');
    await writeFile(file, 'one\ntwo\nthree\n');
    const input = { file_path: 'small.txt' };
    const answer = await call(input);
    if (answer.isError || !answer.content.includes('three'))
      throw new Error(`Read failed: ${answer.content}`);
    const sides = {
      ours: () => call(input),
      anchor: async () => {
        if (!bareValidate(input)) throw new Error('invalid');
        return readFile(file, 'utf8');
      },
    };
    // The row is timed on compiled code (compareAsync warms both sides first); what a process's
    // first calls cost, before V8 has optimised the call path, is told beside it.
    const early = await firstCalls(sides, FIRST_CALLS);
    const comparison = await compareAsync(sides, BATCH_OPTIONS);
    results.push(
      rowResult(
        'read-call',
        comparison,
        `a host session across calls, no tracer; the process's first ${FIRST_CALLS} calls: ${early}`,
      ),
    );
  }
} finally {
  await rm(workspace, { recursive: true, force: true });
}

reportRows('call', results);
