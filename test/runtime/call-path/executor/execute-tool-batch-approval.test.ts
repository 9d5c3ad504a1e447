/**
 * Permission and approval in the executor: deny, allow and ask; the tool's prepareApproval
 * (allow, preview, never allow → ask); the host's approval prompt and "always allow"; refusing
 * at once when nobody can answer; the gate's pattern rules; tools that need a person.
 */
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import type {
  ApprovalPreparation,
  ToolEntry,
  ToolPermissionSpec,
} from '../../../../runtime/core/contract.js';
import {
  executeToolBatch,
  type ApprovalAnswer,
  type ApprovalRequest,
} from '../../../../runtime/call-path/executor/index.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import {
  InMemoryUserInteraction,
  InMemoryWorkflowEngine,
} from '../../tools/host-support/in-memory-host-ports.js';
import {
  batchContext,
  batchRuntime,
  labelledCalls,
  loggingTool,
  WRITES_WORKSPACE,
} from './support.js';

const builtIn = (name: string): ToolEntry =>
  builtInTools.find((tool) => tool.metadata.name === name)!;
const rules = (...texts: string[]) => texts.map(parsePermissionRule);

const NEEDS_APPROVAL: ToolPermissionSpec = {
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
};

/** A workspace-writing tool that needs approval; `prepared` answers its prepareApproval. */
function changeTool(
  log: string[],
  prepared?: (label: string | undefined) => ApprovalPreparation,
  permission: Partial<ToolPermissionSpec> = {},
): ToolEntry {
  return loggingTool('Change', log, {
    metadata: { ...WRITES_WORKSPACE, needsApproval: true, allowedInPlanMode: false },
    permission: { ...NEEDS_APPROVAL, ...permission },
    ...(prepared === undefined
      ? {}
      : {
          prepareApproval: async (input: { label?: string }) => {
            log.push(`prepare ${input.label}`);
            return prepared(input.label);
          },
        }),
  });
}

/** An approver that records each request and answers from `answers` in turn. */
function approver(...answers: ApprovalAnswer[]) {
  const requests: ApprovalRequest[] = [];
  return {
    requests,
    requestApproval: async (request: ApprovalRequest) => {
      requests.push(request);
      const answer = answers.shift();
      if (answer === undefined) throw new Error(`unexpected approval request for ${request.tool}`);
      return answer;
    },
  };
}

describe('executeToolBatch: permission decisions', () => {
  test.each([
    {
      title: 'a deny rule refuses the call and names the rule',
      settings: { mode: 'default' as const, deny: rules('Change(x)') },
      content:
        '<tool_use_error>Permission denied: Change was not run because the rule "Change(x)" denies this call.</tool_use_error>',
      permission: { decision: 'deny', reason: 'denyRule', rule: 'Change(x)' },
    },
    {
      title: 'a rule naming the permission refuses it too',
      settings: { mode: 'yolo' as const, deny: rules('change') },
      content:
        '<tool_use_error>Permission denied: Change was not run because the rule "change" denies this call.</tool_use_error>',
      permission: { decision: 'deny', reason: 'denyRule', rule: 'change' },
    },
    {
      title: 'plan mode refuses a call that is not read-only',
      settings: { mode: 'plan' as const },
      content:
        '<tool_use_error>Permission denied: Change was not run because plan mode allows only read-only calls. Finish the plan and let the user leave plan mode first.</tool_use_error>',
      permission: { decision: 'deny', reason: 'planMode' },
    },
  ])('$title', async ({ settings, content, permission }) => {
    const log: string[] = [];
    const { requests, requestApproval } = approver();
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log)]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: settings, requestApproval }),
    );
    expect(batch.results[0]).toMatchObject({
      content,
      isError: true,
      errorCode: 'permission_denied',
      attempts: 1,
      permission,
    });
    expect(batch.results[0]!.effects).toBeUndefined();
    expect(log).toEqual([]);
    expect(requests).toEqual([]);
    expect(batch.workspaceMayHaveChanged).toBe(false);
  });

  test('an allowed call runs without asking and never reaches prepareApproval', async () => {
    const log: string[] = [];
    const { requests, requestApproval } = approver();
    const tool = changeTool(log, (label) => ({
      decision: 'ask',
      preview: `would change ${label}`,
    }));
    const batch = await executeToolBatch(
      batchRuntime([tool]),
      labelledCalls('Change', 'x', 'y'),
      await batchContext({
        permissions: { mode: 'default', allow: rules('Change(x)', 'change(y)') },
        requestApproval,
      }),
    );
    expect(batch.results.map((result) => [result.content, result.permission])).toEqual([
      ['done x', { decision: 'allow', reason: 'allowRule', rule: 'Change(x)' }],
      ['done y', { decision: 'allow', reason: 'allowRule', rule: 'change(y)' }],
    ]);
    expect(log).toEqual(['start x', 'end x', 'start y', 'end y']);
    expect(requests).toEqual([]);
  });

  test("the gate's pattern rules from disallowedTools are deny rules: Bash(rm:*) stops rm, not ls", async () => {
    const runtime = createToolRuntime({
      builtInTools,
      sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
      gate: {
        ports: {},
        features: {},
        hostKind: 'terminal',
        sessionKind: 'main',
        disallowedTools: ['Bash(rm:*)'],
      },
      logger: { warn: () => {} },
    });
    const context = await batchContext({ permissions: { mode: 'yolo' } });
    const batch = await executeToolBatch(
      runtime,
      [
        { name: 'Bash', input: { command: 'touch a.txt && rm a.txt' } },
        { name: 'Bash', input: { command: 'ls' } },
      ],
      context,
    );
    expect(batch.results[0]).toMatchObject({
      errorCode: 'permission_denied',
      content:
        '<tool_use_error>Permission denied: Bash was not run because the rule "Bash(rm:*)" denies this call.</tool_use_error>',
    });
    expect(batch.results[1]!.isError).toBe(false);
  });

  test("the host's pre-tool hook runs first; permission judges the input it rewrote", async () => {
    const bash = builtIn('Bash');
    const batch = await executeToolBatch(
      batchRuntime([bash]),
      [{ name: 'Bash', input: { command: 'ls' } }],
      await batchContext({
        permissions: { mode: 'yolo', deny: rules('Bash(rm:*)') },
        preToolHook: async () => ({ input: { command: 'rm -rf .' } }),
      }),
    );
    expect(batch.results[0]).toMatchObject({
      errorCode: 'permission_denied',
      permission: { rule: 'Bash(rm:*)' },
    });
  });
});

describe('executeToolBatch: asking', () => {
  test('an ask goes to the host with the permission, risk, and the "always allow" rules', async () => {
    const log: string[] = [];
    const { requests, requestApproval } = approver({ decision: 'allow' });
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log)]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: { mode: 'default' }, requestApproval }),
    );
    expect(requests).toEqual([
      {
        tool: 'Change',
        callId: 'call-x',
        input: { label: 'x' },
        permission: { name: 'change', reason: 'Change edits the project', riskLevel: 'medium' },
        askReason: 'approvalRequired',
        alwaysAllowSuggestion: rules('Change(x)'),
      },
    ]);
    expect(batch.results[0]).toMatchObject({
      content: 'done x',
      isError: false,
      permission: { decision: 'ask', reason: 'approvalRequired', approvedBy: 'user' },
    });
    expect(batch.rememberedAllowRules).toEqual([]);
  });

  test.each([
    {
      title: 'the user declines, saying why',
      context: {
        requestApproval: approver({ decision: 'deny', message: 'not on main' }).requestApproval,
      },
      errorCode: 'approval_declined',
      content:
        '<tool_use_error>The user declined to run Change; it was not run. The user said: not on main</tool_use_error>',
    },
    {
      title: 'the user declines without a word',
      context: { requestApproval: approver({ decision: 'deny' }).requestApproval },
      errorCode: 'approval_declined',
      content: '<tool_use_error>The user declined to run Change; it was not run.</tool_use_error>',
    },
    {
      title: 'no approver',
      context: {},
      errorCode: 'approval_unavailable',
      content:
        '<tool_use_error>Change needs the user\'s approval (permission "change") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>',
    },
    {
      title: 'no interactive user: refused at once, the approver is not called',
      context: { interactive: false, requestApproval: approver().requestApproval },
      errorCode: 'approval_unavailable',
      content:
        '<tool_use_error>Change needs the user\'s approval (permission "change") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>',
    },
    {
      title: 'an approver that throws: no answer is not a yes',
      context: { requestApproval: async () => Promise.reject(new Error('dialog crashed')) },
      errorCode: 'approval_unavailable',
      content:
        '<tool_use_error>Change needs the user\'s approval (permission "change") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>',
    },
  ])('not run when $title', async ({ context, errorCode, content }) => {
    const log: string[] = [];
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log)]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: { mode: 'default' }, ...context }),
    );
    expect(batch.results[0]).toMatchObject({ isError: true, errorCode, content, attempts: 1 });
    expect(log).toEqual([]);
  });

  test('"always allow" is applied to the rest of the batch and returned for the host to keep', async () => {
    const log: string[] = [];
    const { requests, requestApproval } = approver(
      { decision: 'allow', always: true },
      { decision: 'allow' },
    );
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log)]),
      labelledCalls('Change', 'x', 'x', 'y'),
      await batchContext({ permissions: { mode: 'default' }, requestApproval }),
    );
    expect(requests.map((request) => request.input)).toEqual([{ label: 'x' }, { label: 'y' }]);
    expect(batch.results.map((result) => result.permission)).toEqual([
      { decision: 'ask', reason: 'approvalRequired', approvedBy: 'user' },
      { decision: 'allow', reason: 'allowRule', rule: 'Change(x)' },
      { decision: 'ask', reason: 'approvalRequired', approvedBy: 'user' },
    ]);
    expect(batch.rememberedAllowRules).toEqual(rules('Change(x)'));
  });
});

describe('executeToolBatch: prepareApproval', () => {
  test.each([
    {
      title: 'allow: runs without asking',
      prepared: { decision: 'allow' } as const,
      ask: [] as string[],
      answers: [] as ApprovalAnswer[],
      content: 'done x',
      permission: { decision: 'ask', reason: 'approvalRequired', approvedBy: 'prepareApproval' },
    },
    {
      title: 'a preview: the user sees it',
      prepared: { decision: 'ask', preview: 'will change x' } as const,
      ask: ['will change x'],
      answers: [{ decision: 'allow' }] as ApprovalAnswer[],
      content: 'done x',
      permission: {
        decision: 'ask',
        reason: 'approvalRequired',
        approvedBy: 'user',
        preview: 'will change x',
      },
    },
    {
      title: 'unchanged: the user is asked without a preview',
      prepared: { decision: 'unchanged' } as const,
      ask: [undefined] as (string | undefined)[],
      answers: [{ decision: 'allow' }] as ApprovalAnswer[],
      content: 'done x',
      permission: { decision: 'ask', reason: 'approvalRequired', approvedBy: 'user' },
    },
  ])('$title', async ({ prepared, ask, answers, content, permission }) => {
    const log: string[] = [];
    const { requests, requestApproval } = approver(...answers);
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log, () => prepared)]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: { mode: 'default' }, requestApproval }),
    );
    expect(requests.map((request) => request.preview)).toEqual(ask);
    expect(batch.results[0]).toMatchObject({ content, permission });
    expect(log).toEqual(['prepare x', 'start x', 'end x']);
  });

  test('its allow does not overrule an ask rule the user wrote', async () => {
    const log: string[] = [];
    const { requests, requestApproval } = approver({ decision: 'deny' });
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log, () => ({ decision: 'allow' }))]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: { mode: 'yolo', ask: rules('Change') }, requestApproval }),
    );
    expect(requests).toHaveLength(1);
    expect(batch.results[0]).toMatchObject({
      errorCode: 'approval_declined',
      permission: { reason: 'askRule', rule: 'Change' },
    });
    expect(log).toEqual(['prepare x']);
  });

  test("its allow does settle a tool's own alwaysAsk", async () => {
    const log: string[] = [];
    const { requests, requestApproval } = approver();
    const batch = await executeToolBatch(
      batchRuntime([changeTool(log, () => ({ decision: 'allow' }), { alwaysAsk: true })]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: { mode: 'yolo' }, requestApproval }),
    );
    expect(requests).toEqual([]);
    expect(batch.results[0]).toMatchObject({
      content: 'done x',
      permission: { reason: 'alwaysAsk', approvedBy: 'prepareApproval' },
    });
  });

  test('a hook that throws: the user is asked without a preview, and the host is warned', async () => {
    const log: string[] = [];
    const { requests, requestApproval } = approver({ decision: 'allow' });
    const tool = changeTool(log, () => {
      throw new Error('diff failed');
    });
    const batch = await executeToolBatch(
      batchRuntime([tool]),
      labelledCalls('Change', 'x'),
      await batchContext({ permissions: { mode: 'default' }, requestApproval }),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.preview).toBeUndefined();
    expect(batch.results[0]!.warnings).toEqual([
      'prepareApproval of Change threw; asking without a preview: diff failed',
    ]);
  });

  test('real CreateWorkflow asks even in yolo (alwaysAsk) and shows its script; approved, the run starts', async () => {
    const workflow = new InMemoryWorkflowEngine();
    const traced: string[] = [];
    const { requests, requestApproval } = approver({ decision: 'allow' });
    const script = 'export default async function main() {\n  return 1;\n}\n';
    const batch = await executeToolBatch(
      batchRuntime([builtIn('CreateWorkflow')]),
      [{ name: 'CreateWorkflow', input: { script, name: 'one' }, id: 'wf' }],
      await batchContext({
        permissions: { mode: 'yolo' },
        requestApproval,
        ports: { workflow },
        tracer: { record: (event) => void traced.push(event.tool) },
      }),
    );
    expect(traced).toEqual(['CreateWorkflow']);
    expect(requests).toEqual([
      {
        tool: 'CreateWorkflow',
        callId: 'wf',
        input: { script, name: 'one' },
        preview: `Start the workflow run "one" with this script:\n\n\`\`\`ts\n${script}\`\`\``,
        permission: {
          name: 'workflow.run',
          reason:
            'CreateWorkflow starts a background run whose agents can change the workspace and run commands',
          riskLevel: 'high',
        },
        askReason: 'alwaysAsk',
      },
    ]);
    expect(batch.results[0]!.isError).toBe(false);
    expect(workflow.runs.map((run) => run.name)).toEqual(['one']);
  });
});

describe('executeToolBatch: tools that need a person', () => {
  const questions = [
    {
      question: 'Which database?',
      header: 'Database',
      options: [
        { label: 'Postgres', description: 'A server' },
        { label: 'SQLite', description: 'A file' },
      ],
    },
  ];

  test('without an interactive user AskUserQuestion fails at once and the host is never asked', async () => {
    const userInteraction = new InMemoryUserInteraction([['Postgres']]);
    const batch = await executeToolBatch(
      batchRuntime([builtIn('AskUserQuestion')]),
      [{ name: 'AskUserQuestion', input: { questions } }],
      await batchContext({ interactive: false, ports: { userInteraction } }),
    );
    expect(batch.results[0]).toMatchObject({
      isError: true,
      errorCode: 'user_interaction_unavailable',
      content:
        '<tool_use_error>AskUserQuestion needs an answer from the user and this session has no interactive user; it was not run. Continue without it, or report what you need.</tool_use_error>',
      attempts: 0,
    });
    expect(userInteraction.calls).toEqual([]);
  });

  test.each([{ interactive: true }, { interactive: undefined }])(
    'with interactive $interactive the question is asked',
    async ({ interactive }) => {
      const userInteraction = new InMemoryUserInteraction([['Postgres']]);
      const batch = await executeToolBatch(
        batchRuntime([builtIn('AskUserQuestion')]),
        [{ name: 'AskUserQuestion', input: { questions } }],
        await batchContext({
          ...(interactive === undefined ? {} : { interactive }),
          ports: { userInteraction },
        }),
      );
      expect(batch.results[0]!.isError).toBe(false);
      expect(userInteraction.calls).toEqual(['ask']);
    },
  );
});
