/**
 * What validating a valid Read call costs, side by side with bare ajv on the same input:
 * - bare ajv `validate()` with Read's model-facing schema (compiled once, outside the timing);
 * - `validateToolInput`: zod `safeParse` (defaults applied) + ajv admission from the shared cache;
 * - the same preceded by the per-model contract projection (`resolveModelContract`, cached) and
 *   JSON-string parsing, i.e. everything `callTool` does before the tool's own hooks;
 * - a whole `callTool` of Read on a small real file, for scale.
 *
 * Each sample times a batch of calls (a single validation is below the timer's resolution); the
 * figure is the median per call over the samples.
 *
 * Run: node --import tsx bench/call.bench.ts
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { builtInTools } from '../generated/index.js';
import { callTool } from '../runtime/call/call-tool.js';
import { sharedJsonSchemaAdmission } from '../runtime/call/json-schema-admission.js';
import { modelInputSchema } from '../runtime/call/model-input-schema.js';
import { parseToolInput } from '../runtime/call/parse-tool-input.js';
import { validateToolInput } from '../runtime/call/validate-tool-input.js';
import type { ModelProfile } from '../runtime/contract.js';
import { ToolRegistry } from '../runtime/tool-registry.js';

const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;
const SAMPLES = 101;

async function medianPerCall(batch: number, run: () => unknown): Promise<number> {
  for (let index = 0; index < batch; index += 1) await run(); // warm-up
  const samples: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    const start = performance.now();
    for (let index = 0; index < batch; index += 1) await run();
    samples.push((performance.now() - start) / batch);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)]!;
}

const read = builtInTools.find((entry) => entry.metadata.name === 'Read');
if (read === undefined) throw new Error('Read is not among the built-in tools');
const model: ModelProfile = {
  id: 'claude',
  provider: 'anthropic',
  supportsNativeWebSearch: false,
  supportsPdf: true,
  firstParty: true,
};
const input = { file_path: '/work/project/src/index.ts', offset: 10, limit: 200 };

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const bareValidate = ajv.compile(read.inputSchema);
if (!bareValidate(input)) throw new Error('the bench input must be valid');
const admission = sharedJsonSchemaAdmission();
const validateOnce = () =>
  validateToolInput(input, {
    runtimeInputSchema: read.runtimeInputSchema,
    inputSchema: read.inputSchema,
    admission,
  });
if (!validateOnce().ok) throw new Error('the bench input must be valid');

const registry = new ToolRegistry({ logger: { warn: () => undefined } });
for (const entry of builtInTools) registry.register(entry);
const workspace = await mkdtemp(join(tmpdir(), 'call-bench-'));
await writeFile(join(workspace, 'small.txt'), 'one\ntwo\nthree\n');
const context = {
  workspaceRoot: workspace,
  workingDirectory: workspace,
  artifactDirectory: join(workspace, 'artifacts'),
  model,
};

const bare = await medianPerCall(2_000, () => bareValidate(input));
const rows: [string, number][] = [
  ['bare ajv validate()', bare],
  ['validateToolInput (zod + ajv)', await medianPerCall(2_000, validateOnce)],
  [
    '  + model projection, JSON parse',
    await medianPerCall(2_000, () => {
      const parsed = parseToolInput(input);
      return validateToolInput(parsed, {
        runtimeInputSchema: read.runtimeInputSchema,
        inputSchema: modelInputSchema(read, model),
        admission,
      });
    }),
  ],
  [
    'callTool Read (small file, end to end)',
    await medianPerCall(20, () =>
      callTool({ registry }, { name: 'Read', input: { file_path: 'small.txt' } }, context),
    ),
  ],
];

const width = Math.max(...rows.map(([label]) => label.length));
console.log(`median per call over ${SAMPLES} batches; input ${JSON.stringify(input)}`);
for (const [label, ms] of rows) {
  console.log(
    `${label.padEnd(width)}  ${(ms * 1_000).toFixed(2).padStart(9)} µs  ${(ms / bare).toFixed(1).padStart(7)}× bare ajv`,
  );
}
