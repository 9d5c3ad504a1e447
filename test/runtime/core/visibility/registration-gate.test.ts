import { describe, expect, test } from 'vitest';
import {
  resolveFeatureFlags,
  resolveRegistrationGate,
  type RegistrationGateInput,
} from '../../../../runtime/core/visibility/registration-gate.js';
import { fixtureBuiltInTools, makeToolEntry, namesOf } from '../../fixtures/tool-entries.js';

const mainTerminal: RegistrationGateInput = {
  ports: {},
  features: {},
  hostKind: 'terminal',
  sessionKind: 'main',
};

/** What a main session of a terminal host with no ports gets, registration order. */
const DEFAULT_MAIN = [
  'Read',
  'Write',
  'Edit',
  'Bash',
  'WebFetch',
  'WebSearch',
  'TodoRead',
  'TodoWrite',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
  'ReadSessionContext',
  'ListModels',
  'TaskOutput',
  'TaskStop',
  'CreateWorkflow',
  'AmendWorkflow',
  'SaveWorkflow',
  'EvalWorkflowSnippet',
  'ListWorkflowRuns',
  'GetWorkflowRun',
  'ResumeWorkflowRun',
  'ResolveWorkflowQuestion',
  'ListSavedWorkflows',
];
const WITHOUT_WORKFLOWS = [
  'Read',
  'Write',
  'Edit',
  'Bash',
  'WebFetch',
  'WebSearch',
  'TodoRead',
  'TodoWrite',
  'AskUserQuestion',
  'EnterPlanMode',
  'ExitPlanMode',
  'ReadSessionContext',
  'TaskOutput',
  'TaskStop',
];

/** `names` with the four Cron tools where registration order puts them (before TaskOutput). */
function withCron(names: readonly string[]): string[] {
  const at = names.indexOf('TaskOutput');
  return [
    ...names.slice(0, at),
    'CronCreate',
    'CronUpdate',
    'CronDelete',
    'CronList',
    ...names.slice(at),
  ];
}

const cases: { title: string; input: Partial<RegistrationGateInput>; registered: string[] }[] = [
  {
    title: 'main session of a terminal host: defaults, no Glob/Grep while Bash is there',
    input: {},
    registered: DEFAULT_MAIN,
  },
  {
    title:
      'protocol host without the dynamicWorkflows flag: the ten workflow tools are off, the cron port is always injected',
    input: { hostKind: 'protocol' },
    registered: withCron(WITHOUT_WORKFLOWS),
  },
  {
    title: 'protocol host stating dynamicWorkflows=true gets them',
    input: { hostKind: 'protocol', features: { dynamicWorkflows: true } },
    registered: withCron(DEFAULT_MAIN),
  },
  {
    title:
      'protocol host stating cron: false still has the Cron tools (the host always injects it)',
    input: { hostKind: 'protocol', ports: { cron: false } },
    registered: withCron(WITHOUT_WORKFLOWS),
  },
  {
    title: 'protocol host: the off-peak port stays the host’s choice',
    input: { hostKind: 'protocol', ports: {} },
    registered: withCron(WITHOUT_WORKFLOWS),
  },
  {
    title: 'terminal host stating dynamicWorkflows=false loses them',
    input: { features: { dynamicWorkflows: false } },
    registered: WITHOUT_WORKFLOWS,
  },
  {
    title: 'cron port injected: the four Cron tools',
    input: { ports: { cron: true } },
    registered: [
      ...DEFAULT_MAIN.slice(0, 13),
      'CronCreate',
      'CronUpdate',
      'CronDelete',
      'CronList',
      ...DEFAULT_MAIN.slice(13),
    ],
  },
  {
    title: 'cron port set to false is no port',
    input: { ports: { cron: false } },
    registered: DEFAULT_MAIN,
  },
  {
    title: 'off-peak port injected: OffPeakCreate and OffPeakList',
    input: { ports: { offPeak: true } },
    registered: [
      ...DEFAULT_MAIN.slice(0, 13),
      'OffPeakCreate',
      'OffPeakList',
      ...DEFAULT_MAIN.slice(13),
    ],
  },
  {
    title: 'sub-agent port: Agent and its hidden copy Task',
    input: { ports: { subagent: true } },
    registered: [...DEFAULT_MAIN.slice(0, 13), 'Agent', 'Task', ...DEFAULT_MAIN.slice(13)],
  },
  {
    title: 'sub-agent port with messaging: SendMessage too',
    input: { ports: { subagent: true, subagentMessaging: true } },
    registered: [
      ...DEFAULT_MAIN.slice(0, 13),
      'Agent',
      'Task',
      'SendMessage',
      ...DEFAULT_MAIN.slice(13),
    ],
  },
  {
    title: 'features.subagent=false removes the Agent family despite the ports',
    input: { ports: { subagent: true, subagentMessaging: true }, features: { subagent: false } },
    registered: DEFAULT_MAIN,
  },
  {
    title: 'skill port: Skill',
    input: { ports: { skill: true } },
    registered: [...DEFAULT_MAIN.slice(0, 15), 'Skill', ...DEFAULT_MAIN.slice(15)],
  },
  {
    title: 'features.skill=false removes Skill despite the port',
    input: { ports: { skill: true }, features: { skill: false } },
    registered: DEFAULT_MAIN,
  },
  {
    title: 'nodeRepl flag on: js',
    input: { features: { nodeRepl: true } },
    registered: [...DEFAULT_MAIN.slice(0, 15), 'js', ...DEFAULT_MAIN.slice(15)],
  },
  {
    title: 'denylist Bash: Glob and Grep appear',
    input: { denylist: ['Bash'] },
    registered: ['Read', 'Write', 'Edit', 'Glob', 'Grep', ...DEFAULT_MAIN.slice(4)],
  },
  {
    title: 'embedded search off: Glob and Grep next to Bash',
    input: { embeddedSearch: false },
    registered: ['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash', ...DEFAULT_MAIN.slice(4)],
  },
  {
    title: 'disallowed Bash(rm:*) keeps Bash',
    input: { disallowedTools: ['Bash(rm:*)'] },
    registered: DEFAULT_MAIN,
  },
  {
    title: 'disallowed bare Bash unregisters it, so Glob and Grep appear',
    input: { disallowedTools: ['Bash'] },
    registered: ['Read', 'Write', 'Edit', 'Glob', 'Grep', ...DEFAULT_MAIN.slice(4)],
  },
  {
    title: 'a disallowed alias unregisters the tool (KillShell → TaskStop)',
    input: { disallowedTools: ['KillShell'] },
    registered: DEFAULT_MAIN.filter((name) => name !== 'TaskStop'),
  },
  {
    title: 'allowlist keeps only the listed tools; Bash not listed so Glob and Grep stay',
    input: { allowlist: ['Read', 'Glob', 'Grep', 'TaskOutput'] },
    registered: ['Read', 'Glob', 'Grep', 'TaskOutput'],
  },
  {
    title: 'allowlist by alias (BashOutput → TaskOutput)',
    input: { allowlist: ['BashOutput'] },
    registered: ['TaskOutput'],
  },
  {
    title: 'denylist wins over allowlist',
    input: { allowlist: ['Read', 'Write'], denylist: ['Write'] },
    registered: ['Read'],
  },
  {
    title:
      'sub-agent session, default toolset: no Cron even with the port, RespondToCoordinator added',
    input: { sessionKind: 'subagent', ports: { cron: true, offPeak: true } },
    registered: [...DEFAULT_MAIN.slice(0, 13), 'RespondToCoordinator', ...DEFAULT_MAIN.slice(13)],
  },
  {
    title:
      'sub-agent explore toolset: Bash, Read, WebFetch, WebSearch, TodoWrite (+ RespondToCoordinator); Glob/Grep give way to Bash',
    input: { sessionKind: 'subagent', toolset: 'explore', ports: { subagent: true, cron: true } },
    registered: ['Read', 'Bash', 'WebFetch', 'WebSearch', 'TodoWrite', 'RespondToCoordinator'],
  },
  {
    title: 'explore toolset intersected with an allowlist; RespondToCoordinator still added back',
    input: { sessionKind: 'subagent', toolset: 'explore', allowlist: ['Read', 'Grep', 'Write'] },
    registered: ['Read', 'Grep', 'RespondToCoordinator'],
  },
  {
    title: 'sub-agent allowlist without RespondToCoordinator still gets it',
    input: { sessionKind: 'subagent', allowlist: ['Read'] },
    registered: ['Read', 'RespondToCoordinator'],
  },
  {
    title: 'an explicit denylist removes RespondToCoordinator even in a sub-agent session',
    input: { sessionKind: 'subagent', allowlist: ['Read'], denylist: ['RespondToCoordinator'] },
    registered: ['Read'],
  },
  {
    title:
      'RespondToCoordinator on a main allowlist is still not registered (sub-agent sessions only)',
    input: { allowlist: ['Read', 'RespondToCoordinator'] },
    registered: ['Read'],
  },
  {
    title:
      'workflow child session: never CreateWorkflow, AmendWorkflow, SaveWorkflow, ResumeWorkflowRun, ResolveWorkflowQuestion',
    input: { sessionKind: 'workflowChild' },
    registered: [
      ...DEFAULT_MAIN.slice(0, 15),
      'EvalWorkflowSnippet',
      'ListWorkflowRuns',
      'GetWorkflowRun',
      'ListSavedWorkflows',
    ],
  },
  {
    title:
      'workflow actor session (inside a workflow child): submit_result and escalate, and the five child exclusions',
    input: { sessionKind: 'workflowActor' },
    registered: [
      ...DEFAULT_MAIN.slice(0, 13),
      'submit_result',
      'escalate',
      ...DEFAULT_MAIN.slice(13, 15),
      'EvalWorkflowSnippet',
      'ListWorkflowRuns',
      'GetWorkflowRun',
      'ListSavedWorkflows',
    ],
  },
];

describe('resolveRegistrationGate', () => {
  test.each(cases)('$title', ({ input, registered }) => {
    const result = resolveRegistrationGate(fixtureBuiltInTools, { ...mainTerminal, ...input });
    expect(namesOf(result.registered)).toEqual(registered);
    // Every tool is either registered or skipped, exactly once.
    expect(result.registered.length + result.skipped.length).toBe(fixtureBuiltInTools.length);
  });

  test('says why each tool of a default main session was skipped', () => {
    expect(resolveRegistrationGate(fixtureBuiltInTools, mainTerminal).skipped).toEqual([
      { name: 'Glob', reason: 'superseded', detail: 'Bash' },
      { name: 'Grep', reason: 'superseded', detail: 'Bash' },
      { name: 'CronCreate', reason: 'missingPort', detail: 'cron' },
      { name: 'CronUpdate', reason: 'missingPort', detail: 'cron' },
      { name: 'CronDelete', reason: 'missingPort', detail: 'cron' },
      { name: 'CronList', reason: 'missingPort', detail: 'cron' },
      { name: 'OffPeakCreate', reason: 'missingPort', detail: 'offPeak' },
      { name: 'OffPeakList', reason: 'missingPort', detail: 'offPeak' },
      { name: 'Agent', reason: 'missingPort', detail: 'subagent' },
      { name: 'Task', reason: 'missingPort', detail: 'subagent' },
      { name: 'SendMessage', reason: 'missingPort', detail: 'subagentMessaging' },
      { name: 'RespondToCoordinator', reason: 'sessionKind', detail: 'main' },
      { name: 'submit_result', reason: 'sessionKind', detail: 'main' },
      { name: 'escalate', reason: 'sessionKind', detail: 'main' },
      { name: 'Skill', reason: 'missingPort', detail: 'skill' },
      { name: 'js', reason: 'featureOff', detail: 'nodeRepl' },
      { name: 'ToolSearch', reason: 'featureOff', detail: 'toolSearch' },
    ]);
  });

  test.each([
    { reason: 'disallowed', input: { disallowedTools: ['Write'] } },
    { reason: 'denylist', input: { denylist: ['Write'] } },
    { reason: 'allowlist', input: { allowlist: ['Read'] } },
    { reason: 'toolset', input: { sessionKind: 'subagent' as const, toolset: 'explore' as const } },
  ])('skips Write with reason $reason', ({ reason, input }) => {
    const { skipped } = resolveRegistrationGate(fixtureBuiltInTools, { ...mainTerminal, ...input });
    expect(skipped.find((tool) => tool.name === 'Write')).toEqual(
      reason === 'toolset'
        ? { name: 'Write', reason, detail: 'explore' }
        : { name: 'Write', reason },
    );
  });

  test('a disallow rule with a pattern becomes a permission rule, a bare name does not', () => {
    const result = resolveRegistrationGate(fixtureBuiltInTools, {
      ...mainTerminal,
      disallowedTools: ['Bash(rm:*)', 'WebFetch', 'Read(/etc/**)', 'Bash(npm publish)'],
    });
    expect(result.permissionRules).toEqual([
      { text: 'Bash(rm:*)', toolName: 'Bash', match: { kind: 'prefix', prefix: 'rm' } },
      { text: 'Read(/etc/**)', toolName: 'Read', match: { kind: 'glob', pattern: '/etc/**' } },
      {
        text: 'Bash(npm publish)',
        toolName: 'Bash',
        match: { kind: 'exact', value: 'npm publish' },
      },
    ]);
    expect(namesOf(result.registered)).toContain('Bash');
    expect(namesOf(result.registered)).not.toContain('WebFetch');
    expect(result.ruleProblems).toEqual([]);
  });

  test('a malformed disallow rule is reported, not guessed at', () => {
    const result = resolveRegistrationGate(fixtureBuiltInTools, {
      ...mainTerminal,
      disallowedTools: ['Bash(rm:*', ' '],
    });
    expect(result.ruleProblems).toEqual([
      {
        code: 'unclosedPattern',
        text: 'Bash(rm:*',
        message: 'permission rule "Bash(rm:*": expected the pattern to end with ")"',
      },
      {
        code: 'empty',
        text: '',
        message: 'permission rule "": expected a tool name, found nothing',
      },
    ]);
    expect(namesOf(result.registered)).toEqual(DEFAULT_MAIN);
  });

  test('supersededBy chains resolve and cycles keep their members', () => {
    const tools = [
      makeToolEntry('A', { availability: { supersededBy: 'B' } }),
      makeToolEntry('B', { availability: { supersededBy: 'C' } }),
      makeToolEntry('C'),
      makeToolEntry('X', { availability: { supersededBy: 'Y' } }),
      makeToolEntry('Y', { availability: { supersededBy: 'X' } }),
      makeToolEntry('Z', { availability: { supersededBy: 'Missing' } }),
    ];
    const result = resolveRegistrationGate(tools, mainTerminal);
    // C is kept, so B gives way; B is gone, so A stays.
    expect(namesOf(result.registered)).toEqual(['A', 'C', 'X', 'Y', 'Z']);
    expect(result.skipped).toEqual([{ name: 'B', reason: 'superseded', detail: 'C' }]);
  });

  test('is pure: the same input gives equal results and the input list is untouched', () => {
    const tools = [...fixtureBuiltInTools];
    const first = resolveRegistrationGate(tools, mainTerminal);
    const second = resolveRegistrationGate(tools, mainTerminal);
    expect(second).toEqual(first);
    expect(tools).toEqual(fixtureBuiltInTools);
  });
});

describe('resolveFeatureFlags', () => {
  test.each([
    {
      hostKind: 'terminal' as const,
      features: {},
      want: {
        skill: true,
        subagent: true,
        mcp: true,
        dynamicWorkflows: true,
        nodeRepl: false,
        toolSearch: false,
      },
    },
    {
      hostKind: 'protocol' as const,
      features: {},
      want: {
        skill: true,
        subagent: true,
        mcp: true,
        dynamicWorkflows: false,
        nodeRepl: false,
        toolSearch: false,
      },
    },
    {
      hostKind: 'protocol' as const,
      features: { dynamicWorkflows: true, mcp: false },
      want: {
        skill: true,
        subagent: true,
        mcp: false,
        dynamicWorkflows: true,
        nodeRepl: false,
        toolSearch: false,
      },
    },
    {
      hostKind: 'terminal' as const,
      features: { nodeRepl: true, skill: false },
      want: {
        skill: false,
        subagent: true,
        mcp: true,
        dynamicWorkflows: true,
        nodeRepl: true,
        toolSearch: false,
      },
    },
    {
      hostKind: 'terminal' as const,
      features: { toolSearch: true },
      want: {
        skill: true,
        subagent: true,
        mcp: true,
        dynamicWorkflows: true,
        nodeRepl: false,
        toolSearch: true,
      },
    },
  ])('$hostKind host with $features', ({ hostKind, features, want }) => {
    expect(resolveFeatureFlags({ hostKind, features })).toEqual(want);
  });
});
