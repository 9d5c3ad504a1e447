/**
 * The executor's per-call pipeline as one sequence of steps: the host's hooks (matched by tool
 * name, Task and Agent as one), then permission, then approval, each with its own error code
 * and its own record in the trace; and the one call context every handler and hook receives.
 */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import type { HostToolHook } from '../../../../runtime/call-path/call/host-tool-hooks.js';
import type { ToolTraceEvent } from '../../../../runtime/call-path/call/trace-tool-call.js';
import type { ToolCallContext, ToolEntry } from '../../../../runtime/core/contract.js';
import {
  executeToolBatch,
  type ApprovalAnswer,
} from '../../../../runtime/call-path/executor/index.js';
import type { PermissionSettings } from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { fixtureTool } from '../call/fixture-tool.js';
import {
  batchContext,
  batchRuntime,
  LabelInput,
  loggingTool,
  WRITES_WORKSPACE,
} from './support.js';

const NEEDS_APPROVAL = {
  permission: 'change',
  reason: 'Change edits the project',
  riskLevel: 'medium',
  sideEffectScope: 'workspace',
  needsApproval: true,
  alwaysAsk: false,
  askOptions: { allowAlways: true },
  patternSources: ['label'],
  alwaysAllowPatternSources: ['label'],
  denyPriority: 'beforeAsk',
} as const;

function changeTool(log: string[]): ToolEntry {
  return loggingTool('Change', log, {
    metadata: { ...WRITES_WORKSPACE, needsApproval: true, allowedInPlanMode: false },
    permission: NEEDS_APPROVAL,
  });
}

async function tracedRun(
  answer: ApprovalAnswer | 'none',
  permissions: PermissionSettings | undefined,
) {
  const log: string[] = [];
  const events: ToolTraceEvent[] = [];
  const batch = await executeToolBatch(
    batchRuntime([changeTool(log)]),
    [{ name: 'Change', input: { label: 'a' }, id: 'c-1' }],
    await batchContext({
      ...(permissions === undefined ? {} : { permissions }),
      ...(answer === 'none' ? {} : { requestApproval: async () => answer }),
      tracer: { record: (event) => void events.push(event) },
    }),
  );
  return { log, result: batch.results[0]!, event: events[0]! };
}

describe('permission and approval are steps of the pipeline, traced with the result code', () => {
  test.each([
    [
      'a deny rule',
      'none',
      { mode: 'default', deny: [parsePermissionRule('Change(a)')] },
      'permission_denied',
      [
        {
          step: 'permission',
          decision: 'deny',
          reason: 'denyRule',
          rule: 'Change(a)',
          errorCode: 'permission_denied',
        },
      ],
    ],
    [
      'plan mode',
      'none',
      { mode: 'plan' },
      'permission_denied',
      [
        {
          step: 'permission',
          decision: 'deny',
          reason: 'planMode',
          errorCode: 'permission_denied',
        },
      ],
    ],
    [
      'the user says no',
      { decision: 'deny' },
      { mode: 'default' },
      'approval_declined',
      [
        { step: 'permission', decision: 'ask', reason: 'approvalRequired' },
        { step: 'approval', outcome: 'declined', errorCode: 'approval_declined' },
      ],
    ],
    [
      'nobody can approve',
      'none',
      { mode: 'default' },
      'approval_unavailable',
      [
        { step: 'permission', decision: 'ask', reason: 'approvalRequired' },
        { step: 'approval', outcome: 'unavailable', errorCode: 'approval_unavailable' },
      ],
    ],
    [
      'the user says yes',
      { decision: 'allow' },
      { mode: 'default' },
      undefined,
      [
        { step: 'permission', decision: 'ask', reason: 'approvalRequired' },
        { step: 'approval', outcome: 'approved', approvedBy: 'user' },
      ],
    ],
    [
      'yolo',
      'none',
      { mode: 'yolo' },
      undefined,
      [{ step: 'permission', decision: 'allow', reason: 'yoloMode' }],
    ],
  ] as const)('%s', async (_label, answer, permissions, errorCode, steps) => {
    const { log, result, event } = await tracedRun(
      answer as ApprovalAnswer | 'none',
      permissions as never,
    );
    expect(result.errorCode).toBe(errorCode);
    expect(event.errorCode).toBe(errorCode);
    expect(event.steps).toEqual(steps);
    expect(log).toEqual(errorCode === undefined ? ['start a', 'end a'] : []);
  });
});

describe('host hooks are matched by tool name in one place', () => {
  const echo = (name: string, seen: string[]) =>
    fixtureTool(name, LabelInput, {
      handler: async () => {
        seen.push(`ran ${name}`);
        return { ok: true, output: name };
      },
    });
  const hook = (matcher: readonly string[] | undefined, seen: string[]): HostToolHook => ({
    ...(matcher === undefined ? {} : { matcher }),
    preToolUse: async (name) => void seen.push(`hook ${name}`),
  });

  test.each([
    ['Agent', ['Agent'], ['hook Agent', 'ran Agent']],
    ['Task', ['Agent'], ['hook Task', 'ran Task']],
    ['Agent', ['Task'], ['hook Agent', 'ran Agent']],
    ['Read', ['Agent'], ['ran Read']],
    ['Read', ['*'], ['hook Read', 'ran Read']],
    ['Read', undefined, ['hook Read', 'ran Read']],
  ] as const)('a call of %s with a hook for %j', async (tool, matcher, want) => {
    const seen: string[] = [];
    const batch = await executeToolBatch(
      batchRuntime([echo(tool, seen)]),
      [{ name: tool, input: {} }],
      await batchContext({ hooks: [hook(matcher, seen)] }),
    );
    expect(batch.results[0]!.isError).toBe(false);
    expect(seen).toEqual(want);
  });

  test('a hook runs before permission: its rewritten input is what the deny rule judges', async () => {
    const log: string[] = [];
    const events: ToolTraceEvent[] = [];
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log)]),
      [{ name: 'Change', input: { label: 'safe' } }],
      await batchContext({
        permissions: { mode: 'yolo', deny: [parsePermissionRule('Change(danger)')] },
        hooks: [{ matcher: ['Change'], preToolUse: async () => ({ input: { label: 'danger' } }) }],
        tracer: { record: (event) => void events.push(event) },
      }),
    );
    expect(batch.results[0]!.errorCode).toBe('permission_denied');
    expect(events[0]!.steps).toEqual([
      { step: 'hook', outcome: 'rewritten' },
      {
        step: 'permission',
        decision: 'deny',
        reason: 'denyRule',
        rule: 'Change(danger)',
        errorCode: 'permission_denied',
      },
    ]);
    expect(log).toEqual([]);
  });
});

describe('one call context for handlers and hooks', () => {
  test('validateInput, prepareApproval and the handler see the same fields', async () => {
    const seen: Record<string, Partial<ToolCallContext>> = {};
    const pick = (context: ToolCallContext) => ({
      toolName: context.toolName,
      maxOutputBytes: context.maxOutputBytes,
      workspaceRoot: context.workspaceRoot,
      enforceWorkspaceBoundary: context.enforceWorkspaceBoundary,
    });
    const tool = fixtureTool('Probe', z.object({}).strict(), {
      metadata: { ...WRITES_WORKSPACE, needsApproval: true, maxOutputBytes: 4096 },
      permission: { ...NEEDS_APPROVAL, patternSources: [], alwaysAllowPatternSources: [] },
      validateInput: (_input: unknown, context: ToolCallContext) => {
        seen.validateInput = pick(context);
        return { ok: true };
      },
      prepareApproval: async (_input: unknown, context: ToolCallContext) => {
        seen.prepareApproval = pick(context);
        return { decision: 'unchanged' };
      },
      handler: async (_input: unknown, context: ToolCallContext) => {
        seen.handler = { ...pick(context), timeoutMs: context.timeoutMs };
        return { ok: true, output: 'ok' };
      },
      timeout: {
        kind: 'bounded',
        defaultMs: 5000,
        maxMs: 5000,
        allowCallOverride: false,
        cleanupGraceMs: 0,
      },
    });
    const context = await batchContext({
      permissions: { mode: 'default' },
      requestApproval: async () => ({ decision: 'allow' }),
      enforceWorkspaceBoundary: true,
    });
    const batch = await executeToolBatch(
      batchRuntime([tool]),
      [{ name: 'Probe', input: {} }],
      context,
    );
    expect(batch.results[0]!.isError).toBe(false);
    const common = {
      toolName: 'Probe',
      maxOutputBytes: 4096,
      workspaceRoot: context.root,
      enforceWorkspaceBoundary: true,
    };
    expect(seen).toEqual({
      validateInput: common,
      prepareApproval: common,
      handler: { ...common, timeoutMs: 5000 },
    });
  });
});
