/**
 * bench/support/call-admission.ts mirrors `callTool`'s admission for the admission and
 * invalid-call rows; the benches check one input each and do not run in CI. Here the mirror is
 * held to `callTool` on more inputs (JSON text, wrong types, unknown keys), so a change to
 * `callTool`'s steps fails a test, not only a bench run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { admitCall } from '../../../bench/support/call-admission.js';
import { BENCH_MODEL, LARGEST_GATE, SILENT } from '../../../bench/support/largest-tool-set.js';
import { builtInTools } from '../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../generated/provider-order.js';
import { createToolRuntime } from '../../../runtime/index.js';
import { callTool, type CallToolContext } from '../../../runtime/call-path/call/call-tool.js';

const read = builtInTools.find((entry) => entry.metadata.name === 'Read')!;
await read.loadImplementation?.(); // its zod schemas: admitCall passes them on as callTool does
const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate: LARGEST_GATE,
  logger: SILENT,
});
let workspace: string;
let context: CallToolContext;
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'call-admission-'));
  context = {
    workspaceRoot: workspace,
    workingDirectory: workspace,
    artifactDirectory: join(workspace, 'artifacts'),
    model: BENCH_MODEL,
  };
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('admitCall answers as callTool does', () => {
  test.each([
    [{ path: 'src/index.ts', limit: 200 }],
    [{ file_path: 5 }],
    [{ file_path: 'a.txt', offset: 'ten' }],
    [{ file_path: 'a.txt', extra: true }],
    ['{"path": "a.txt"}'],
    ['not json'],
    [[]],
  ])('refused %j: the same model-facing text', async (input) => {
    const admitted = admitCall(read, input, BENCH_MODEL);
    const called = await callTool(runtime, { name: 'Read', input }, context);
    expect(called.errorCode).toBe('invalid_input');
    expect(admitted).toEqual({ ok: false, content: called.content });
  });

  test.each([
    [{ file_path: 'missing.txt' }],
    [{ file_path: '/work/project/src/index.ts', offset: 10, limit: 200 }],
    ['{"file_path": "missing.txt", "limit": 5}'],
  ])('accepted %j: callTool gets past admission', async (input) => {
    const admitted = admitCall(read, input, BENCH_MODEL);
    const called = await callTool(runtime, { name: 'Read', input }, context);
    expect(admitted.ok).toBe(true);
    expect(called.errorCode).not.toBe('invalid_input');
  });
});
