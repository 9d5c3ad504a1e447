import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callTool } from '../../../../runtime/call-path/call/call-tool.js';
import {
  resolveCallTimeout,
  type CallToolContext,
} from '../../../../runtime/call-path/call/index.js';
import type { ToolCallContext, ToolEntry } from '../../../../runtime/core/contract.js';
import { MAX_TIMER_DELAY_MS, timerDelayMs } from '../../../../runtime/core/support/timer-delay.js';
import { fixtureContext, fixtureRuntime, fixtureTool } from './fixture-tool.js';

interface Probe {
  started: boolean;
  finished: boolean;
  abortReason?: string;
  /** Called once the handler runs and listens to its signal. */
  onStart?: () => void;
}

interface HandlerOptions {
  ignoreAbort?: boolean;
  /** After an abort, settle after this long (default 0)… */
  lingerMs?: number;
  /** …or only when this resolves. */
  lingerUntil?: Promise<void>;
  /** Finish the work when this resolves instead of after `workMs`. */
  workUntil?: Promise<void>;
}

/**
 * A handler that works for `workMs`, stopping early when its signal fires unless told to ignore
 * it (then it still finishes after `workMs`, or after `lingerMs` when aborted).
 *
 * Tests that assert what has *not* happened yet when the call answers hold the handler with
 * `workUntil` / `lingerUntil` and release it afterwards: a delay would only say "the runtime
 * answers within N ms", which a loaded CI machine does not promise.
 */
function slowHandler(probe: Probe, workMs: number, options: HandlerOptions = {}) {
  return (_input: unknown, context: ToolCallContext) =>
    new Promise<{ ok: true; output: string }>((resolve, reject) => {
      probe.started = true;
      let working = true;
      const finish = () => {
        if (!working) return;
        working = false;
        probe.finished = true;
        resolve({ ok: true, output: 'finished' });
      };
      const done = options.workUntil === undefined ? setTimeout(finish, workMs) : undefined;
      void options.workUntil?.then(finish);
      context.signal.addEventListener('abort', () => {
        probe.abortReason = (context.signal.reason as DOMException).name;
        if (options.ignoreAbort) return;
        working = false;
        clearTimeout(done);
        const settle = () => {
          probe.finished = true;
          reject(context.signal.reason);
        };
        if (options.lingerUntil === undefined) setTimeout(settle, options.lingerMs ?? 0);
        else void options.lingerUntil.then(settle);
      });
      probe.onStart?.();
    });
}

/**
 * A promise the test resolves with `open()`. It opens by itself after `fallbackMs`, so a runtime
 * that wrongly waits for a held handler fails the test's assertion instead of hanging it.
 */
function gate(fallbackMs = 10_000): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    open = () => {
      clearTimeout(fallback);
      resolve();
    };
  });
  return { promise, open };
}

/** Resolves once `probe` has finished (the handler settled after it was released). */
async function finished(probe: Probe): Promise<void> {
  while (!probe.finished) await new Promise((resolve) => setImmediate(resolve));
}

function slowTool(
  probe: Probe,
  overrides: Partial<ToolEntry>,
  workMs = 2_000,
  handlerOptions?: HandlerOptions,
): ToolEntry {
  return fixtureTool('Slow', z.object({ timeout: z.number().optional() }).strict(), {
    handler: slowHandler(probe, workMs, handlerOptions),
    ...overrides,
  });
}

const bounded = (
  overrides: Partial<Extract<ToolEntry['timeout'], { kind: 'bounded' }>> = {},
): ToolEntry['timeout'] => ({
  kind: 'bounded',
  defaultMs: 50,
  maxMs: 1_000,
  allowCallOverride: false,
  cleanupGraceMs: 50,
  ...overrides,
});

async function run(
  tool: ToolEntry,
  input: unknown = {},
  timeoutMs?: number,
  extra: Partial<CallToolContext> = {},
) {
  return callTool(
    fixtureRuntime([tool]),
    { name: tool.metadata.name, input, ...(timeoutMs === undefined ? {} : { timeoutMs }) },
    await fixtureContext(extra),
  );
}

describe('timeouts', () => {
  test('defaultMs: the handler is aborted with a TimeoutError and the model is told', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(slowTool(probe, { timeout: bounded({ defaultMs: 40 }) }));
    expect(result).toMatchObject({
      content: '<tool_use_error>Slow timed out after 40 ms and was stopped.</tool_use_error>',
      isError: true,
      errorCode: 'timeout',
      timeoutMs: 40,
    });
    expect(probe.abortReason).toBe('TimeoutError');
  });

  test('a per-call override is applied when allowed', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(
      slowTool(probe, { timeout: bounded({ defaultMs: 5_000, allowCallOverride: true }) }),
      {},
      30,
    );
    expect(result).toMatchObject({ errorCode: 'timeout', timeoutMs: 30 });
  });

  test('a per-call override is refused (ignored, with a warning) when not allowed', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(
      slowTool(probe, { timeout: bounded({ defaultMs: 1_000 }) }, 60),
      {},
      10,
    );
    expect(result).toMatchObject({
      isError: false,
      content: 'finished',
      timeoutMs: 1_000,
      warnings: ['timeout override of 10 ms ignored: Slow does not allow per-call overrides'],
    });
  });

  test('an override is capped at maxMs', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(
      slowTool(probe, { timeout: bounded({ defaultMs: 20, maxMs: 60, allowCallOverride: true }) }),
      {},
      10_000,
    );
    expect(result).toMatchObject({ errorCode: 'timeout', timeoutMs: 60 });
  });

  test('the model’s own `timeout` field is an override too, and the text says how far it may go', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(
      slowTool(probe, {
        timeout: bounded({ defaultMs: 5_000, maxMs: 900, allowCallOverride: true }),
      }),
      { timeout: 40 },
    );
    expect(result).toMatchObject({
      content:
        '<tool_use_error>Slow timed out after 40 ms and was stopped. Pass a larger `timeout` (at most 900 ms) to allow more time.</tool_use_error>',
      timeoutMs: 40,
    });
  });

  test('kind none never times out', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(slowTool(probe, { timeout: { kind: 'none' } }, 120), {}, 5);
    expect(result).toMatchObject({ isError: false, content: 'finished' });
    expect(result.timeoutMs).toBeUndefined();
  });

  test('resolveTimeoutBudgetMs decides when present', async () => {
    const probe: Probe = { started: false, finished: false };
    const tool = slowTool(probe, {
      timeout: bounded({ defaultMs: 5_000 }),
      resolveTimeoutBudgetMs: () => 25,
    });
    expect(await run(tool)).toMatchObject({ errorCode: 'timeout', timeoutMs: 25 });
  });

  test.each([
    {
      label: 'kind none',
      policy: { kind: 'none' } as const,
      call: 50,
      input: { timeout: 50 },
      want: { timeoutMs: undefined, cleanupGraceMs: 0 },
    },
    {
      label: 'default',
      policy: bounded({ defaultMs: 100 }),
      call: undefined,
      input: {},
      want: { timeoutMs: 100, cleanupGraceMs: 50 },
    },
    {
      label: 'call override refused',
      policy: bounded({ defaultMs: 100 }),
      call: 10,
      input: {},
      want: { timeoutMs: 100, cleanupGraceMs: 50, refusedOverrideMs: 10 },
    },
    {
      label: 'input override ignored when not allowed',
      policy: bounded({ defaultMs: 100 }),
      call: undefined,
      input: { timeout: 10 },
      want: { timeoutMs: 100, cleanupGraceMs: 50 },
    },
    {
      label: 'call override wins over the input field',
      policy: bounded({ defaultMs: 100, allowCallOverride: true }),
      call: 300,
      input: { timeout: 10 },
      want: { timeoutMs: 300, cleanupGraceMs: 50, modelMayExtendUpToMs: 1000 },
    },
    {
      label: 'cap at maxMs',
      policy: bounded({ defaultMs: 100, maxMs: 200, allowCallOverride: true }),
      call: undefined,
      input: { timeout: 5_000 },
      want: { timeoutMs: 200, cleanupGraceMs: 50 },
    },
    {
      label: 'non-positive override ignored',
      policy: bounded({ defaultMs: 100, allowCallOverride: true }),
      call: -5,
      input: { timeout: 0 },
      want: { timeoutMs: 100, cleanupGraceMs: 50, modelMayExtendUpToMs: 1000 },
    },
  ])('resolveCallTimeout: $label', ({ policy, call, input, want }) => {
    const entry = {
      timeout: policy,
      inputSchema: { type: 'object', properties: { timeout: { type: 'number' } } },
    };
    expect(resolveCallTimeout(entry, input, call)).toEqual(want);
  });
});

describe('cleanup after a timeout', () => {
  test('abortSignal: waits up to cleanupGraceMs for the handler to settle', async () => {
    const probe: Probe = { started: false, finished: false };
    const tool = slowTool(
      probe,
      { timeout: bounded({ defaultMs: 20, cleanupGraceMs: 1_000 }) },
      5_000,
      { lingerMs: 60 },
    );
    const result = await run(tool);
    expect(result.errorCode).toBe('timeout');
    expect(probe.finished).toBe(true);
  });

  test('abortSignal: stops waiting when the grace is over', async () => {
    const probe: Probe = { started: false, finished: false };
    const cleanup = gate();
    const tool = slowTool(
      probe,
      { timeout: bounded({ defaultMs: 20, cleanupGraceMs: 20 }) },
      5_000,
      { lingerUntil: cleanup.promise },
    );
    const result = await run(tool);
    expect(result.errorCode).toBe('timeout');
    expect(probe.finished).toBe(false);
    cleanup.open();
    await finished(probe);
  });

  test('none: answers at once, without waiting for the handler', async () => {
    const probe: Probe = { started: false, finished: false };
    const cleanup = gate();
    const tool = slowTool(
      probe,
      {
        timeout: bounded({ defaultMs: 20, cleanupGraceMs: 1_000 }),
        cancellation: { supported: true, cleanup: 'none', userMessage: 'x' },
      },
      5_000,
      { lingerUntil: cleanup.promise },
    );
    const result = await run(tool);
    expect(result.errorCode).toBe('timeout');
    expect(probe.abortReason).toBe('TimeoutError');
    expect(probe.finished).toBe(false);
    cleanup.open();
    await finished(probe);
  });
});

describe('cancellation', () => {
  /**
   * The host's signal, aborted as soon as the handler runs. (A timer started before the call
   * could fire while the call is still being validated, on a loaded machine: then the handler
   * never starts, which is another test's case.)
   */
  const cancelOnceStarted = (probe: Probe) => {
    const controller = new AbortController();
    probe.onStart = () => setImmediate(() => controller.abort());
    return controller.signal;
  };

  test('the host’s signal aborts the handler and the model gets userMessage', async () => {
    const probe: Probe = { started: false, finished: false };
    const tool = slowTool(probe, {
      timeout: bounded({ defaultMs: 5_000 }),
      cancellation: {
        supported: true,
        cleanup: 'abortSignal',
        userMessage: 'The user interrupted the read.',
      },
    });
    const result = await run(tool, {}, undefined, { signal: cancelOnceStarted(probe) });
    expect(result).toMatchObject({
      content: 'The user interrupted the read.',
      isError: true,
      errorCode: 'cancelled',
    });
    expect(probe.abortReason).toBe('AbortError');
    expect(probe.finished).toBe(true);
  });

  test('an already-cancelled call never starts the handler', async () => {
    const probe: Probe = { started: false, finished: false };
    const controller = new AbortController();
    controller.abort();
    const result = await run(slowTool(probe, {}), {}, undefined, { signal: controller.signal });
    expect(result).toMatchObject({
      content: 'The user cancelled this tool call.',
      errorCode: 'cancelled',
    });
    expect(probe.started).toBe(false);
  });

  test('supported: false — the handler is not interrupted and the runtime waits for it', async () => {
    const probe: Probe = { started: false, finished: false };
    const tool = slowTool(
      probe,
      {
        timeout: bounded({ defaultMs: 5_000 }),
        cancellation: {
          supported: false,
          cleanup: 'abortSignal',
          userMessage: 'Cancelled; the write completed first.',
        },
      },
      80,
    );
    const result = await run(tool, {}, undefined, { signal: cancelOnceStarted(probe) });
    expect(result).toMatchObject({
      content: 'Cancelled; the write completed first.',
      errorCode: 'cancelled',
    });
    expect(probe.abortReason).toBeUndefined();
    expect(probe.finished).toBe(true);
  });

  test('supported: false with cleanup none — answers at once and leaves the handler running', async () => {
    const probe: Probe = { started: false, finished: false };
    const work = gate();
    const tool = slowTool(
      probe,
      {
        timeout: bounded({ defaultMs: 5_000 }),
        cancellation: { supported: false, cleanup: 'none', userMessage: 'Cancelled.' },
      },
      5_000,
      { workUntil: work.promise },
    );
    const result = await run(tool, {}, undefined, { signal: cancelOnceStarted(probe) });
    expect(result.errorCode).toBe('cancelled');
    expect(probe.started).toBe(true);
    expect(probe.abortReason).toBeUndefined();
    expect(probe.finished).toBe(false);
    work.open();
    await finished(probe);
  });
});

describe('processTree cleanup with a real process group', () => {
  /** Whether `pid` is still a live (non-zombie) process. */
  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
    } catch {
      return false;
    }
  }

  async function waitUntil(condition: () => boolean, ms = 10_000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (condition()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return condition();
  }

  /** Starts `sh` (group leader) with a grandchild `sleep`, tracks the group, ignores abort. */
  function spawningTool(
    cleanup: 'processTree' | 'abortSignal',
    pids: { shell?: number; sleeper?: number },
  ): ToolEntry {
    return fixtureTool('Spawner', z.object({}).strict(), {
      timeout: bounded({ defaultMs: 10_000, cleanupGraceMs: 30 }),
      cancellation: { supported: true, cleanup, userMessage: 'Stopped by the user.' },
      handler: (_input, context) =>
        new Promise((resolve) => {
          const child = spawn('sh', ['-c', 'sleep 30 & echo $!; wait'], {
            detached: true,
            stdio: ['ignore', 'pipe', 'ignore'],
          });
          pids.shell = child.pid!;
          context.trackProcess(child.pid!);
          child.stdout.once('data', (chunk: Buffer) => {
            pids.sleeper = Number(chunk.toString().trim());
          });
          child.once('exit', () => resolve({ ok: false, code: 'aborted', message: 'killed' }));
        }),
    });
  }

  test('SIGKILLs the whole process group after the grace period', async () => {
    const pids: { shell?: number; sleeper?: number } = {};
    const controller = new AbortController();
    const pending = run(spawningTool('processTree', pids), {}, undefined, {
      signal: controller.signal,
    });
    expect(await waitUntil(() => pids.sleeper !== undefined)).toBe(true);
    controller.abort();
    const result = await pending;
    expect(result).toMatchObject({ content: 'Stopped by the user.', errorCode: 'cancelled' });
    expect(await waitUntil(() => !alive(pids.shell!) && !alive(pids.sleeper!))).toBe(true);
  });

  test('abortSignal cleanup leaves tracked processes alone', async () => {
    const pids: { shell?: number; sleeper?: number } = {};
    const controller = new AbortController();
    const pending = run(spawningTool('abortSignal', pids), {}, undefined, {
      signal: controller.signal,
    });
    expect(await waitUntil(() => pids.sleeper !== undefined)).toBe(true);
    controller.abort();
    expect((await pending).errorCode).toBe('cancelled');
    try {
      expect(alive(pids.shell!)).toBe(true);
      expect(alive(pids.sleeper!)).toBe(true);
    } finally {
      process.kill(-pids.shell!, 'SIGKILL');
    }
  });
});

describe('cancellation before the handler', () => {
  test('a call cancelled while the pre-tool hook runs never starts the handler', async () => {
    const probe: Probe = { started: false, finished: false };
    const controller = new AbortController();
    const result = await run(slowTool(probe, {}), {}, undefined, {
      signal: controller.signal,
      preToolHook: async () => {
        controller.abort();
        return undefined;
      },
    });
    expect(result).toMatchObject({
      content: 'The user cancelled this tool call.',
      errorCode: 'cancelled',
    });
    expect(probe.started).toBe(false);
  });
});

describe('timeouts above what Node timers take (2^31−1 ms)', () => {
  const huge = 2 ** 40;
  test.each([
    ['defaultMs', bounded({ defaultMs: huge, maxMs: huge }), undefined, MAX_TIMER_DELAY_MS, 50],
    [
      'maxMs with a call override',
      bounded({ maxMs: huge, allowCallOverride: true }),
      2 ** 35,
      MAX_TIMER_DELAY_MS,
      50,
    ],
    ['cleanupGraceMs', bounded({ cleanupGraceMs: huge }), undefined, 50, MAX_TIMER_DELAY_MS],
    [
      'exactly the limit',
      bounded({ defaultMs: MAX_TIMER_DELAY_MS, maxMs: huge }),
      undefined,
      MAX_TIMER_DELAY_MS,
      50,
    ],
  ])('%s is capped at the limit', (_label, timeout, callTimeoutMs, timeoutMs, cleanupGraceMs) => {
    const tool = fixtureTool('Slow', z.object({}).strict(), { timeout });
    expect(resolveCallTimeout(tool, {}, callTimeoutMs)).toMatchObject({
      timeoutMs,
      cleanupGraceMs,
    });
  });

  test.each([
    [huge, MAX_TIMER_DELAY_MS],
    [Number.POSITIVE_INFINITY, MAX_TIMER_DELAY_MS],
    [Number.NaN, 0],
    [-5, 0],
    [1_000, 1_000],
  ])('timerDelayMs(%d) → %d', (ms, delay) => {
    expect(timerDelayMs(ms)).toBe(delay);
  });

  test('a call under a year-long timeout runs to its end instead of timing out at once', async () => {
    const probe: Probe = { started: false, finished: false };
    const result = await run(
      slowTool(probe, { timeout: bounded({ defaultMs: 365 * 86_400_000, maxMs: huge }) }, 20),
    );
    expect(result).toMatchObject({ content: 'finished' });
    expect(result.isError).not.toBe(true);
  });
});

describe('one host timeout policy for the tools whose descriptions state it', () => {
  const policy = { defaultMs: 2_000, maxMs: 2_000 };
  const settings = {
    timeout: policy,
    subagentProfiles: [],
    currentMonth: 'November 2026',
    dynamicWorkflows: true,
  };

  test('Bash under a 2 000 ms policy: its texts say 2000 ms and a call is stopped at 2000 ms', async () => {
    const { tool: bash } = await import('../../../../generated/tools/bash.js');
    const { renderModelContract } =
      await import('../../../../runtime/core/visibility/render-model-contract.js');
    const contract = renderModelContract(bash, settings);
    expect(contract.description).toContain('times out after 2000 ms by default');
    expect(
      (contract.inputSchema['properties'] as Record<string, { description: string }>)['timeout']!
        .description,
    ).toBe('Optional timeout in milliseconds (at most 2000).');
    // The model asks for more than the policy allows: the policy's maximum holds.
    const result = await callTool(
      fixtureRuntime([bash]),
      { name: 'Bash', input: { command: 'sleep 30', timeout: 2_500 } },
      await fixtureContext({ descriptionSettings: settings }),
    );
    expect(result).toMatchObject({ errorCode: 'timeout', timeoutMs: 2_000 });
  }, 20_000);

  test.each([
    { behaviour: 'the policy’s default', input: {}, want: 2_000 },
    {
      behaviour: 'a longer timeout asked for is capped at the policy’s max',
      input: { timeout: 9_000 },
      want: 2_000,
    },
    { behaviour: 'a shorter timeout asked for is kept', input: { timeout: 500 }, want: 500 },
  ])('Bash: $behaviour', async ({ input, want }) => {
    const { tool: bash } = await import('../../../../generated/tools/bash.js');
    expect(
      resolveCallTimeout(bash, { command: 'true', ...input }, undefined, policy).timeoutMs,
    ).toBe(want);
  });

  test('a tool whose descriptions do not read the timeout keeps its contract’s limits', () => {
    const own = fixtureTool('Own', z.object({}), {
      timeout: bounded({ defaultMs: 7_000, maxMs: 9_000 }),
    });
    expect(resolveCallTimeout(own, {}, undefined, policy).timeoutMs).toBe(7_000);
  });
});
