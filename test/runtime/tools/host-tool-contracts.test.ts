/**
 * The contracts of the 29 host tools as generated from their manifests: the facts the source
 * article states (read-only flags, conditions, hooks, ordering), the flags we added (recovery,
 * idempotency) kept consistent, and the descriptions rendered for the model.
 */
import { describe, expect, test } from 'vitest';
import {
  HOOK_NAMES,
  type ToolAvailability,
  type ToolEntry,
} from '../../../runtime/core/contract.js';
import { renderModelContract } from '../../../runtime/core/visibility/render-model-contract.js';
import { hostTools, type HostToolName } from './host-support/host-tool-entries.js';

type Availability = Partial<Omit<ToolAvailability, 'supersededBy'>>;

interface Facts {
  readonly readOnly: boolean;
  readonly ordering: 'reference' | 'registration';
  readonly availability: Availability;
  readonly hooks: readonly string[];
}

const cron: Availability = { ports: ['cron'], excludedSessionKinds: ['subagent'] };
const offPeak: Availability = { ports: ['offPeak'], excludedSessionKinds: ['subagent'] };
const workflows: Availability = { features: ['dynamicWorkflows'] };
const workflowsOutsideChildren: Availability = {
  features: ['dynamicWorkflows'],
  excludedSessionKinds: ['workflowChild', 'workflowActor'],
};
const format = ['formatModelContent'];
const authoring = ['validateInput', 'resolveInput', 'prepareApproval', 'formatModelContent'];

const facts: Record<HostToolName, Facts> = {
  WebSearch: {
    readOnly: true,
    ordering: 'reference',
    availability: { modelCapabilities: ['nativeWebSearch'] },
    hooks: format,
  },
  AskUserQuestion: { readOnly: true, ordering: 'reference', availability: {}, hooks: format },
  EnterPlanMode: { readOnly: false, ordering: 'reference', availability: {}, hooks: [] },
  ExitPlanMode: { readOnly: false, ordering: 'reference', availability: {}, hooks: format },
  ReadSessionContext: { readOnly: true, ordering: 'registration', availability: {}, hooks: [] },
  ListModels: { readOnly: true, ordering: 'registration', availability: workflows, hooks: format },
  CronCreate: { readOnly: false, ordering: 'reference', availability: cron, hooks: format },
  CronUpdate: { readOnly: false, ordering: 'registration', availability: cron, hooks: format },
  CronDelete: { readOnly: false, ordering: 'reference', availability: cron, hooks: [] },
  CronList: { readOnly: true, ordering: 'reference', availability: cron, hooks: format },
  OffPeakCreate: {
    readOnly: false,
    ordering: 'registration',
    availability: offPeak,
    hooks: format,
  },
  OffPeakList: { readOnly: true, ordering: 'registration', availability: offPeak, hooks: format },
  Agent: {
    readOnly: true,
    ordering: 'reference',
    availability: { ports: ['subagent'], features: ['subagent'] },
    hooks: format,
  },
  Task: {
    readOnly: true,
    ordering: 'reference',
    availability: { ports: ['subagent'], features: ['subagent'] },
    hooks: format,
  },
  SendMessage: {
    readOnly: false,
    ordering: 'reference',
    availability: { ports: ['subagentMessaging'], features: ['subagent'] },
    hooks: [],
  },
  RespondToCoordinator: {
    readOnly: false,
    ordering: 'registration',
    availability: { sessionKinds: ['subagent'] },
    hooks: [],
  },
  submit_result: {
    readOnly: false,
    ordering: 'registration',
    availability: { sessionKinds: ['workflowActor'] },
    hooks: [],
  },
  escalate: {
    readOnly: false,
    ordering: 'registration',
    availability: { sessionKinds: ['workflowActor'] },
    hooks: [],
  },
  Skill: {
    readOnly: true,
    ordering: 'reference',
    availability: { ports: ['skill'], features: ['skill'] },
    hooks: [],
  },
  js: {
    readOnly: false,
    ordering: 'registration',
    availability: { features: ['nodeRepl'] },
    hooks: [],
  },
  CreateWorkflow: {
    readOnly: false,
    ordering: 'registration',
    availability: workflowsOutsideChildren,
    hooks: authoring,
  },
  AmendWorkflow: {
    readOnly: false,
    ordering: 'registration',
    availability: workflowsOutsideChildren,
    hooks: authoring,
  },
  SaveWorkflow: {
    readOnly: false,
    ordering: 'registration',
    availability: workflowsOutsideChildren,
    hooks: authoring,
  },
  EvalWorkflowSnippet: {
    readOnly: false,
    ordering: 'registration',
    availability: workflows,
    hooks: authoring,
  },
  ListWorkflowRuns: {
    readOnly: true,
    ordering: 'registration',
    availability: workflows,
    hooks: format,
  },
  GetWorkflowRun: {
    readOnly: true,
    ordering: 'registration',
    availability: workflows,
    hooks: format,
  },
  ResumeWorkflowRun: {
    readOnly: false,
    ordering: 'registration',
    availability: workflowsOutsideChildren,
    hooks: format,
  },
  ResolveWorkflowQuestion: {
    readOnly: false,
    ordering: 'registration',
    availability: workflowsOutsideChildren,
    hooks: [],
  },
  ListSavedWorkflows: {
    readOnly: true,
    ordering: 'registration',
    availability: workflows,
    hooks: format,
  },
};

const entries = Object.entries(hostTools) as [HostToolName, ToolEntry][];

function declaredHooks(entry: ToolEntry): string[] {
  return HOOK_NAMES.filter((hook) => typeof entry[hook] === 'function');
}

function names(predicate: (entry: ToolEntry) => boolean): string[] {
  return entries.filter(([, entry]) => predicate(entry)).map(([name]) => name);
}

describe('host tool contracts', () => {
  test.each(entries)(
    '%s has the read-only flag, ordering, availability and hooks of the article',
    (name, entry) => {
      const want = facts[name];
      expect(entry.metadata.name).toBe(name);
      expect(entry.metadata.readOnly).toBe(want.readOnly);
      expect(entry.ordering).toBe(want.ordering);
      expect(entry.availability).toEqual({
        ports: [],
        features: [],
        sessionKinds: [],
        excludedSessionKinds: [],
        modelCapabilities: [],
        ...want.availability,
      });
      expect(declaredHooks(entry)).toEqual(want.hooks);
    },
  );

  test('19 of the entries format their output; the other 10 hand the model a plain string', () => {
    expect(names((entry) => entry.formatModelContent !== undefined)).toHaveLength(19);
    const plain = names((entry) => entry.formatModelContent === undefined);
    expect(plain).toEqual([
      'EnterPlanMode',
      'ReadSessionContext',
      'CronDelete',
      'SendMessage',
      'RespondToCoordinator',
      'submit_result',
      'escalate',
      'Skill',
      'js',
      'ResolveWorkflowQuestion',
    ]);
    for (const name of plain)
      expect(hostTools[name as HostToolName].outputSchema).toMatchObject({ type: 'string' });
  });

  test.each([
    {
      field: 'a Usage list',
      pick: (entry: ToolEntry) => entry.metadata.modelInstructions.length > 0,
      want: [
        'ReadSessionContext',
        'CronCreate',
        'CronUpdate',
        'OffPeakCreate',
        'RespondToCoordinator',
      ],
    },
    {
      field: 'strict-mode eligibility',
      pick: (entry: ToolEntry) => entry.strict,
      want: ['submit_result'],
    },
    {
      field: 'a turn-ending success',
      pick: (entry: ToolEntry) => entry.metadata.stopTurnOnSuccess,
      want: ['submit_result'],
    },
    {
      field: 'alwaysAsk',
      pick: (entry: ToolEntry) => entry.permission.alwaysAsk,
      want: ['CreateWorkflow', 'AmendWorkflow', 'SaveWorkflow'],
    },
    {
      field: 'no "always allow" answer',
      pick: (entry: ToolEntry) => !entry.permission.askOptions.allowAlways,
      want: ['CreateWorkflow', 'AmendWorkflow', 'SaveWorkflow'],
    },
    {
      field: 'providerVisible: false',
      pick: (entry: ToolEntry) => !entry.metadata.providerVisible,
      want: ['Task'],
    },
    {
      field: 'no timeout (a person or the main agent answers)',
      pick: (entry: ToolEntry) => entry.timeout.kind === 'none',
      want: ['AskUserQuestion', 'ExitPlanMode', 'escalate'],
    },
    {
      field: 'the user-interaction scope',
      pick: (entry: ToolEntry) => entry.metadata.sideEffectScope === 'userInteraction',
      want: ['AskUserQuestion', 'ExitPlanMode'],
    },
    {
      field: 'read-only with the session scope',
      pick: (entry: ToolEntry) =>
        entry.metadata.readOnly && entry.metadata.sideEffectScope === 'session',
      want: ['Agent', 'Task'],
    },
  ])("only the article's tools have $field", ({ pick, want }) => {
    expect(names(pick)).toEqual(want);
  });

  test.each(entries)('%s declares consistent flags', (_name, entry) => {
    const { metadata } = entry;
    expect(metadata.readOnly && metadata.destructive).toBe(false);
    // `retry` means calling again with the same input is safe, which is what idempotent says.
    if (metadata.recovery === 'retry') expect(metadata.idempotent).toBe(true);
    if (metadata.riskLevel === 'high') expect(metadata.needsApproval).toBe(true);
    if (metadata.requiresUserInteraction) expect(entry.timeout.kind).toBe('none');
    expect(entry.permission.sideEffectScope).toBe(metadata.sideEffectScope);
  });

  test('Task is Agent under another name: same handler, hooks, schemas and flags except visibility', async () => {
    const { Agent, Task } = hostTools;
    // One implementation module (its handler and hooks), which each entry imports on first call.
    const agentModule = await Agent.loadImplementation?.();
    expect(agentModule).toBeDefined();
    expect(await Task.loadImplementation?.()).toBe(agentModule);
    expect(
      Object.keys(Task).filter((key) => typeof Task[key as keyof typeof Task] === 'function'),
    ).toEqual(
      Object.keys(Agent).filter((key) => typeof Agent[key as keyof typeof Agent] === 'function'),
    );
    expect(Task.inputSchema).toEqual(Agent.inputSchema);
    expect(Task.outputSchema).toEqual(Agent.outputSchema);
    expect({
      ...Task.metadata,
      name: 'Agent',
      purpose: '',
      providerVisible: true,
      extends: undefined,
    }).toEqual({
      ...Agent.metadata,
      purpose: '',
    });
  });
});

describe('descriptions rendered for the model', () => {
  const profiles = [
    { name: 'explore', description: 'Read-only search of the code base' },
    { name: 'reviewer', description: 'Reviews a diff' },
  ];
  const workflowSentence =
    '- Requests to run a workflow (several agents coordinated by a script) must go to CreateWorkflow instead, not to a chain of Agent calls.';

  test("Agent lists the host's sub-agent profiles", () => {
    const description = renderModelContract(hostTools.Agent, {
      currentMonth: 'November 2026',
      dynamicWorkflows: true,
      subagentProfiles: profiles,
    }).description;
    expect(description).toContain(
      'Available agent types (pass the name as `subagent_type`):\n- explore: Read-only search of the code base\n- reviewer: Reviews a diff\n\n- Write the prompt',
    );
    expect(description).not.toContain('{{');
  });

  test('Agent says when no profile is configured', () => {
    const description = renderModelContract(hostTools.Agent, {
      currentMonth: 'November 2026',
      dynamicWorkflows: true,
    }).description;
    expect(description).toContain(
      'Available agent types (pass the name as `subagent_type`):\n- (none configured: leave `subagent_type` out for a general-purpose agent)\n\n',
    );
  });

  test.each([
    { name: 'Agent', tool: hostTools.Agent },
    { name: 'Task', tool: hostTools.Task },
  ])(
    '$name points workflow requests to CreateWorkflow only while dynamic workflows are on',
    ({ tool }) => {
      const on = renderModelContract(tool, {
        currentMonth: 'November 2026',
        dynamicWorkflows: true,
        subagentProfiles: profiles,
      }).description;
      const off = renderModelContract(tool, {
        currentMonth: 'November 2026',
        dynamicWorkflows: false,
        subagentProfiles: profiles,
      }).description;
      expect(on.split('\n')).toContain(workflowSentence);
      expect(off).not.toContain('CreateWorkflow');
      expect(on.replace(`${workflowSentence}\n`, '')).toBe(off);
      expect(off.endsWith('an agent costs more than it saves there.')).toBe(true);
    },
  );

  test('Task says it is the Claude Code-compatible alias of Agent, then describes Agent', () => {
    const settings = {
      currentMonth: 'November 2026',
      dynamicWorkflows: true,
      subagentProfiles: profiles,
    };
    const agent = renderModelContract(hostTools.Agent, settings).description;
    const task = renderModelContract(hostTools.Task, settings).description;
    expect(task).toBe(
      `Claude Code-compatible alias of Agent: it takes the same input and behaves exactly like Agent. ${agent}`,
    );
  });

  test.each(['November 2026', 'January 2027'])(
    'WebSearch names the current month (%s)',
    (currentMonth) => {
      const description = renderModelContract(hostTools.WebSearch, {
        currentMonth,
        dynamicWorkflows: false,
      }).description;
      expect(description).toContain(
        `- The current month is ${currentMonth}. When a query concerns recent events`,
      );
    },
  );

  test.each([
    'ReadSessionContext',
    'CronCreate',
    'CronUpdate',
    'OffPeakCreate',
    'RespondToCoordinator',
  ] as const)('%s ends with its Usage list', (name) => {
    const tool = hostTools[name];
    const description = renderModelContract(tool, {
      currentMonth: 'November 2026',
      dynamicWorkflows: true,
    }).description;
    expect(description).toBe(
      `${tool.description}\n\nUsage:\n${tool.metadata.modelInstructions.map((line) => `- ${line}`).join('\n')}`,
    );
  });
});
