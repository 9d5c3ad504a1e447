/**
 * Recovery: transient failures of idempotent `recovery: retry` tools are retried (counted, with
 * the backoff asked of an injected sleep); nothing else is; the other strategies come back as
 * guidance, and `manual` tells the model not to retry blindly.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { builtInTools } from '../../../../generated/index.js';
import type {
  RecoveryStrategy,
  ToolEntry,
  ToolHandlerResult,
} from '../../../../runtime/core/contract.js';
import {
  executeToolBatch,
  MANUAL_RECOVERY_NOTE,
} from '../../../../runtime/call-path/executor/index.js';
import { fixtureTool } from '../call/fixture-tool.js';
import { InMemoryCron } from '../../tools/host-support/in-memory-host-ports.js';
import { batchContext, batchRuntime, LabelInput } from './support.js';

const tracer = { record: () => {} };
const builtIn = (name: string): ToolEntry =>
  builtInTools.find((tool) => tool.metadata.name === name)!;

type Failure = 'throws' | 'hangs' | 'refuses' | 'bad output' | 'throws once';

/** A tool that fails as told; `runs` counts handler starts. */
function failingTool(recovery: RecoveryStrategy, idempotent: boolean, failure: Failure) {
  const counter = { runs: 0 };
  const tool = fixtureTool('Flaky', LabelInput, {
    metadata: { recovery, idempotent },
    runtimeOutputSchema: z.string(),
    timeout: {
      kind: 'bounded',
      defaultMs: 30,
      maxMs: 30,
      allowCallOverride: false,
      cleanupGraceMs: 0,
    },
    handler: async (): Promise<ToolHandlerResult<string>> => {
      counter.runs += 1;
      switch (failure) {
        case 'throws':
          throw new Error('connection reset');
        case 'throws once':
          if (counter.runs === 1) throw new Error('connection reset');
          return { ok: true, output: 'fine' };
        case 'hangs':
          return new Promise(() => {});
        case 'refuses':
          return { ok: false, code: 'file_not_found', message: 'No such thing.' };
        case 'bad output':
          return { ok: true, output: 42 as unknown as string };
      }
    },
  });
  return { tool, counter };
}

/** A sleep that records the waits it was asked for and returns at once. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('executeToolBatch recovery', () => {
  test.each([
    {
      recovery: 'retry',
      idempotent: true,
      failure: 'throws',
      runs: 3,
      errorCode: 'handler_error',
      waits: [200, 400],
      guidance: { strategy: 'retry', attempts: 3, automaticRetry: 'automatic' },
    },
    {
      recovery: 'retry',
      idempotent: true,
      failure: 'hangs',
      runs: 3,
      errorCode: 'timeout',
      waits: [200, 400],
      guidance: { strategy: 'retry', attempts: 3, automaticRetry: 'automatic' },
    },
    {
      recovery: 'retry',
      idempotent: true,
      failure: 'throws once',
      runs: 2,
      errorCode: undefined,
      waits: [200],
      guidance: undefined,
    },
    {
      recovery: 'retry',
      idempotent: true,
      failure: 'refuses',
      runs: 1,
      errorCode: 'file_not_found',
      waits: [],
      guidance: undefined,
    },
    {
      recovery: 'retry',
      idempotent: true,
      failure: 'bad output',
      runs: 1,
      errorCode: 'invalid_output',
      waits: [],
      guidance: { strategy: 'retry', attempts: 1, automaticRetry: 'notTransient' },
    },
    {
      recovery: 'retry',
      idempotent: false,
      failure: 'throws',
      runs: 1,
      errorCode: 'handler_error',
      waits: [],
      guidance: { strategy: 'retry', attempts: 1, automaticRetry: 'notIdempotent' },
    },
    {
      recovery: 'resume',
      idempotent: true,
      failure: 'throws',
      runs: 1,
      errorCode: 'handler_error',
      waits: [],
      guidance: { strategy: 'resume', attempts: 1, automaticRetry: 'hostDecides' },
    },
    {
      recovery: 'compensate',
      idempotent: false,
      failure: 'hangs',
      runs: 1,
      errorCode: 'timeout',
      waits: [],
      guidance: { strategy: 'compensate', attempts: 1, automaticRetry: 'hostDecides' },
    },
    {
      recovery: 'manual',
      idempotent: false,
      failure: 'throws',
      runs: 1,
      errorCode: 'handler_error',
      waits: [],
      guidance: { strategy: 'manual', attempts: 1, automaticRetry: 'hostDecides' },
    },
    {
      recovery: 'none',
      idempotent: true,
      failure: 'throws',
      runs: 1,
      errorCode: 'handler_error',
      waits: [],
      guidance: undefined,
    },
  ] as const)(
    '$recovery, idempotent $idempotent, handler $failure → $runs run(s)',
    async ({ recovery, idempotent, failure, runs, errorCode, waits, guidance }) => {
      const { tool, counter } = failingTool(recovery, idempotent, failure);
      const { waits: asked, sleep } = recordingSleep();
      const batch = await executeToolBatch(
        batchRuntime([tool]),
        [{ name: 'Flaky', input: {} }],
        await batchContext({ retry: { sleep } }),
      );
      const result = batch.results[0]!;
      expect(counter.runs).toBe(runs);
      expect(result.attempts).toBe(runs);
      expect(result.errorCode).toBe(errorCode);
      expect(asked).toEqual(waits);
      expect(result.recovery).toEqual(guidance);
    },
  );

  test('a manual failure tells the model not to retry blindly, inside the error', async () => {
    const { tool } = failingTool('manual', false, 'throws');
    const batch = await executeToolBatch(
      batchRuntime([tool]),
      [{ name: 'Flaky', input: {} }],
      await batchContext(),
    );
    expect(batch.results[0]!.content).toBe(
      `<tool_use_error>Error: Flaky failed unexpectedly: connection reset\n${MANUAL_RECOVERY_NOTE}</tool_use_error>`,
    );
    expect(MANUAL_RECOVERY_NOTE).toBe(
      'This call may have partly taken effect before it failed; do not retry blindly: check the current state first.',
    );
  });

  test('the attempts and backoff follow the options; each retry is reported to the host', async () => {
    const { tool, counter } = failingTool('retry', true, 'throws');
    const { waits, sleep } = recordingSleep();
    const batch = await executeToolBatch(
      batchRuntime([tool]),
      [{ name: 'Flaky', input: {} }],
      await batchContext({ retry: { maxAttempts: 4, backoffMs: (retry) => retry * 10, sleep } }),
    );
    expect(counter.runs).toBe(4);
    expect(waits).toEqual([10, 20, 30]);
    expect(batch.results[0]!.warnings.slice(0, 3)).toEqual([
      'attempt 1 of Flaky failed (handler_error); retried after 10 ms',
      'attempt 2 of Flaky failed (handler_error); retried after 20 ms',
      'attempt 3 of Flaky failed (handler_error); retried after 30 ms',
    ]);
  });

  test('a retry that fails before the handler still reports the effects of the attempt that ran', async () => {
    const { tool, counter } = failingTool('retry', true, 'throws');
    let resolves = 0;
    const flaky: ToolEntry = {
      ...tool,
      resolveInput: async (input: unknown) => {
        resolves += 1;
        if (resolves === 2) throw new Error('lookup failed');
        return { ok: true, input };
      },
    };
    const batch = await executeToolBatch(
      batchRuntime([flaky]),
      [{ name: 'Flaky', input: {} }],
      await batchContext({ retry: { maxAttempts: 2, sleep: async () => {} } }),
    );
    expect(counter.runs).toBe(1);
    expect(batch.results[0]).toMatchObject({
      errorCode: 'handler_error',
      attempts: 2,
      recovery: { strategy: 'retry', attempts: 2, automaticRetry: 'automatic' },
      effects: { sideEffectScope: 'none' },
    });
    expect(batch.worldTouched).toBe(true);
  });

  test('maxAttempts 1 turns retries off', async () => {
    const { tool, counter } = failingTool('retry', true, 'throws');
    await executeToolBatch(
      batchRuntime([tool]),
      [{ name: 'Flaky', input: {} }],
      await batchContext({ retry: { maxAttempts: 1 } }),
    );
    expect(counter.runs).toBe(1);
  });

  test('a cancelled batch stops retrying', async () => {
    const { tool, counter } = failingTool('retry', true, 'throws');
    const controller = new AbortController();
    const batch = await executeToolBatch(
      batchRuntime([tool]),
      [{ name: 'Flaky', input: {} }],
      await batchContext({
        signal: controller.signal,
        retry: { sleep: async () => controller.abort(new Error('user pressed Esc')) },
      }),
    );
    expect(counter.runs).toBe(1);
    expect(batch.results[0]!.attempts).toBe(2);
    expect(batch.results[0]!.errorCode).toBe('cancelled');
  });

  test('a retried call is not asked about again', async () => {
    const { tool, counter } = failingTool('retry', true, 'throws once');
    const asked: string[] = [];
    const needsApproval = { ...tool, permission: { ...tool.permission, needsApproval: true } };
    const batch = await executeToolBatch(
      batchRuntime([needsApproval]),
      [{ name: 'Flaky', input: {} }],
      await batchContext({
        permissions: { mode: 'default' },
        retry: { sleep: async () => {} },
        requestApproval: async (request) => {
          asked.push(request.tool);
          return { decision: 'allow' };
        },
      }),
    );
    expect(counter.runs).toBe(2);
    expect(asked).toEqual(['Flaky']);
    expect(batch.results[0]).toMatchObject({ content: 'fine', permission: { approvedBy: 'user' } });
  });

  test('real CronList (idempotent, retry) is retried when the cron host fails; real CronCreate (compensate) is not', async () => {
    const cron = new InMemoryCron();
    cron.behaviour = { kind: 'fail', error: new Error('cron daemon unreachable') };
    const batch = await executeToolBatch(
      batchRuntime([builtIn('CronList'), builtIn('CronCreate')]),
      [
        { name: 'CronList', input: {} },
        { name: 'CronCreate', input: { cron: '0 9 * * 1', prompt: 'weekly report' } },
      ],
      await batchContext({
        ports: { cron },
        tracer,
        // The host comes back while the executor waits before the second attempt.
        retry: { sleep: async () => void (cron.behaviour = { kind: 'serve' }) },
      }),
    );
    expect(batch.results[0]).toMatchObject({ isError: false, attempts: 2 });
    expect(cron.calls).toEqual(['list', 'list', 'create']);
    expect(batch.results[1]).toMatchObject({ isError: false, attempts: 1 });

    cron.behaviour = { kind: 'fail', error: new Error('cron daemon unreachable') };
    const failed = await executeToolBatch(
      batchRuntime([builtIn('CronCreate')]),
      [{ name: 'CronCreate', input: { cron: '0 9 * * 1', prompt: 'weekly report' } }],
      await batchContext({ ports: { cron }, tracer, retry: { sleep: async () => {} } }),
    );
    expect(failed.results[0]).toMatchObject({
      errorCode: 'host_error',
      attempts: 1,
      recovery: { strategy: 'compensate', attempts: 1, automaticRetry: 'hostDecides' },
    });
  });
});
