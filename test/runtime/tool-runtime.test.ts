import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type {
  FeatureFlag,
  HostPort,
  ModelToolContract,
  SessionKind,
} from '../../runtime/contract.js';
import { FEATURE_FLAGS, HOST_PORTS, SESSION_KINDS } from '../../runtime/contract.js';
import { registerMcpTools } from '../../runtime/mcp/register-mcp-tools.js';
import {
  resolveRegistrationGate,
  type RegistrationGateInput,
} from '../../runtime/visibility/registration-gate.js';
import { createToolRuntime, type ToolRuntimeOptions } from '../../runtime/tool-runtime.js';
import { toolsFingerprint } from '../../runtime/visibility/tools-fingerprint.js';
import { handlebarsTemplates } from './fixtures/description-templates.js';
import {
  fixtureBuiltInTools,
  fixtureSortedNames,
  makeToolEntry,
  modelProfile,
  namesOf,
} from './fixtures/tool-entries.js';

const silent = { warn: () => {} };
const gate: RegistrationGateInput = {
  ports: {},
  features: {},
  hostKind: 'terminal',
  sessionKind: 'main',
};
const runtimeOptions = (overrides: Partial<ToolRuntimeOptions> = {}): ToolRuntimeOptions => ({
  builtInTools: fixtureBuiltInTools,
  sortedProviderToolNames: fixtureSortedNames,
  gate,
  logger: silent,
  clock: () => new Date('2026-11-15T00:00:00Z'),
  ...overrides,
});
const names = (tools: readonly ModelToolContract[]) => tools.map((tool) => tool.name);
const callMcpTool = async () => ({ content: [] });

const REFERENCE_DEFAULT = [
  'AskUserQuestion',
  'Bash',
  'Edit',
  'EnterPlanMode',
  'ExitPlanMode',
  'Read',
  'TaskOutput',
  'TaskStop',
  'TodoWrite',
  'WebFetch',
  'Write',
];
const REGISTRATION_DEFAULT = [
  'TodoRead',
  'ReadSessionContext',
  'ListModels',
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

describe('getTools', () => {
  test.each([
    {
      title:
        'main terminal session: sorted reference block, then registration order; no WebSearch without native search',
      options: {},
      model: modelProfile(),
      want: [...REFERENCE_DEFAULT, ...REGISTRATION_DEFAULT],
    },
    {
      title: 'a native-search model also gets WebSearch, in its sorted place',
      options: {},
      model: modelProfile({ supportsNativeWebSearch: true }),
      want: [...REFERENCE_DEFAULT.slice(0, 10), 'WebSearch', 'Write', ...REGISTRATION_DEFAULT],
    },
    {
      title: 'Task is registered but never shown; Agent and SendMessage are sorted in',
      options: { gate: { ...gate, ports: { subagent: true, subagentMessaging: true } } },
      model: modelProfile(),
      want: [
        'Agent',
        ...REFERENCE_DEFAULT.slice(0, 5),
        'Read',
        'SendMessage',
        ...REFERENCE_DEFAULT.slice(6),
        ...REGISTRATION_DEFAULT,
      ],
    },
    {
      title: 'protocol host: no workflow tools, the Cron tools always',
      options: { gate: { ...gate, hostKind: 'protocol' as const } },
      model: modelProfile(),
      want: [
        ...REFERENCE_DEFAULT.slice(0, 2),
        'CronCreate',
        'CronDelete',
        'CronList',
        ...REFERENCE_DEFAULT.slice(2),
        'TodoRead',
        'ReadSessionContext',
        'CronUpdate',
      ],
    },
    {
      title: 'explore sub-agent with a native-search model',
      options: { gate: { ...gate, sessionKind: 'subagent' as const, toolset: 'explore' as const } },
      model: modelProfile({ supportsNativeWebSearch: true }),
      want: ['Bash', 'Read', 'TodoWrite', 'WebFetch', 'WebSearch', 'RespondToCoordinator'],
    },
  ])('$title', ({ options, model, want }) => {
    const runtime = createToolRuntime(runtimeOptions(options));
    expect(names(runtime.getTools({ model }))).toEqual(want);
    expect(runtime.registry.has('Task')).toBe(want.includes('Agent'));
  });

  test('resolveModelContract projects per model: Read shows pages only to PDF models', () => {
    const read = makeToolEntry('Read', {
      inputSchema: {
        type: 'object',
        properties: { file_path: { type: 'string' }, pages: { type: 'string' } },
      },
      resolveModelContract: (contract, model) => {
        if (model.supportsPdf) return contract;
        const { pages: _pages, ...properties } = contract.inputSchema.properties as Record<
          string,
          unknown
        >;
        return { ...contract, inputSchema: { ...contract.inputSchema, properties } };
      },
    });
    const runtime = createToolRuntime(runtimeOptions({ builtInTools: [read] }));
    expect(
      Object.keys(
        runtime.getTools({ model: modelProfile({ supportsPdf: true }) })[0]!.inputSchema
          .properties as object,
      ),
    ).toEqual(['file_path', 'pages']);
    expect(
      Object.keys(runtime.getTools({ model: modelProfile() })[0]!.inputSchema.properties as object),
    ).toEqual(['file_path']);
    // The entry itself is untouched.
    expect(Object.keys(read.inputSchema.properties as object)).toEqual(['file_path', 'pages']);
  });

  test('caches per model and description settings; the result is frozen', () => {
    let now = new Date('2026-11-30T23:59:00Z');
    const runtime = createToolRuntime(runtimeOptions({ clock: () => now }));
    const first = runtime.getTools({ model: modelProfile() });
    expect(runtime.getTools({ model: modelProfile() })).toBe(first);
    expect(runtime.getTools({ model: modelProfile({ supportsPdf: true }) })).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0]!.inputSchema)).toBe(true);
    now = new Date('2026-12-01T00:01:00Z'); // a new month renders WebSearch differently
    expect(runtime.getTools({ model: modelProfile() })).not.toBe(first);
  });

  test('registering an MCP server clears the cache', () => {
    const runtime = createToolRuntime(runtimeOptions());
    const before = runtime.getTools({ model: modelProfile() });
    registerMcpTools(runtime, 'docs', [{ name: 'search', inputSchema: { type: 'object' } }], {
      callMcpTool,
    });
    const after = runtime.getTools({ model: modelProfile() });
    expect(after).not.toBe(before);
    expect(names(after)).toEqual([...names(before), 'mcp__docs__search']);
  });

  test('a search-branch refresh re-runs the gate and clears the cache; MCP tools stay', () => {
    const runtime = createToolRuntime(runtimeOptions());
    registerMcpTools(runtime, 'docs', [{ name: 'search' }], { callMcpTool });
    const before = runtime.getTools({ model: modelProfile() });
    expect(names(before)).not.toContain('Glob');
    const refreshed = runtime.refreshBranchAwareTools({ embeddedSearch: false });
    expect(namesOf(refreshed.registered)).toContain('Glob');
    const after = runtime.getTools({ model: modelProfile() });
    expect(names(after)).toEqual([
      'AskUserQuestion',
      'Bash',
      'Edit',
      'EnterPlanMode',
      'ExitPlanMode',
      'Glob',
      'Grep',
      'Read',
      'TaskOutput',
      'TaskStop',
      'TodoWrite',
      'WebFetch',
      'Write',
      ...REGISTRATION_DEFAULT,
      'mcp__docs__search',
    ]);
  });
});

describe('descriptions rendered per context', () => {
  const webSearch = makeToolEntry('WebSearch', {
    description:
      'Searches the web. It is {{currentMonth}} now: use this year in queries about recent events.',
    descriptionTemplates: handlebarsTemplates({
      '/description':
        'Searches the web. It is {{currentMonth}} now: use this year in queries about recent events.',
    }),
  });
  const bashTemplate =
    'Runs a command; times out after {{timeout.defaultMs}} ms (at most {{timeout.maxMs}} ms).';
  const bash = makeToolEntry('Bash', {
    timeout: {
      kind: 'bounded',
      defaultMs: 120_000,
      maxMs: 600_000,
      allowCallOverride: true,
      cleanupGraceMs: 6000,
    },
    inputSchema: {
      type: 'object',
      properties: {
        command: { type: 'string' },
        timeout: { type: 'integer', description: 'Timeout in ms (at most {{timeout.maxMs}}).' },
      },
    },
    descriptionTemplates: handlebarsTemplates({
      '/description': bashTemplate,
      '/inputSchema/properties/timeout/description': 'Timeout in ms (at most {{timeout.maxMs}}).',
    }),
  });
  const agent = makeToolEntry('Agent', {
    descriptionTemplates: handlebarsTemplates({
      '/description':
        'Starts a sub-agent.{{#each subagentProfiles}}\n- {{name}}: {{description}}{{/each}}{{#if dynamicWorkflows}}\nWorkflow requests go to CreateWorkflow.{{/if}}',
    }),
  });
  const render = (options: Partial<ToolRuntimeOptions>) => {
    const runtime = createToolRuntime(
      runtimeOptions({ builtInTools: [webSearch, bash, agent], ...options }),
    );
    return Object.fromEntries(
      runtime
        .getTools({ model: modelProfile({ supportsNativeWebSearch: true }) })
        .map((tool) => [tool.name, tool]),
    );
  };

  test('WebSearch names the current month from the clock', () => {
    expect(render({ clock: () => new Date('2027-03-02T10:00:00Z') }).WebSearch!.description).toBe(
      'Searches the web. It is March 2027 now: use this year in queries about recent events.',
    );
  });

  test.each([
    {
      title: "Bash's text and timeout parameter follow its contract by default",
      timeoutPolicy: undefined,
      description: 'Runs a command; times out after 120000 ms (at most 600000 ms).',
      parameter: 'Timeout in ms (at most 600000).',
    },
    {
      title: "the host's timeout policy changes both",
      timeoutPolicy: { defaultMs: 30_000, maxMs: 90_000 },
      description: 'Runs a command; times out after 30000 ms (at most 90000 ms).',
      parameter: 'Timeout in ms (at most 90000).',
    },
  ])('$title', ({ timeoutPolicy, description, parameter }) => {
    const tools = render(timeoutPolicy === undefined ? {} : { timeoutPolicy });
    expect(tools.Bash!.description).toBe(description);
    expect(
      (tools.Bash!.inputSchema.properties as Record<string, { description: string }>).timeout!
        .description,
    ).toBe(parameter);
  });

  test.each([
    {
      title: 'Agent lists the profiles; with dynamic workflows on it points to CreateWorkflow',
      options: {
        subagentProfiles: [
          { name: 'explore', description: 'Read-only research' },
          { name: 'review', description: 'Code review' },
        ],
      },
      want: 'Starts a sub-agent.\n- explore: Read-only research\n- review: Code review\nWorkflow requests go to CreateWorkflow.',
    },
    {
      title: 'with dynamic workflows off the CreateWorkflow sentence disappears',
      options: { gate: { ...gate, features: { dynamicWorkflows: false } } },
      want: 'Starts a sub-agent.',
    },
    {
      title: 'a protocol host that does not state the flag has it off',
      options: { gate: { ...gate, hostKind: 'protocol' as const } },
      want: 'Starts a sub-agent.',
    },
  ])('$title', ({ options, want }) => {
    expect(render(options).Agent!.description).toBe(want);
  });
});

const gateInputArbitrary: fc.Arbitrary<RegistrationGateInput> = fc.record(
  {
    ports: fc.dictionary(fc.constantFrom<HostPort>(...HOST_PORTS), fc.boolean()) as fc.Arbitrary<
      Partial<Record<HostPort, boolean>>
    >,
    features: fc.dictionary(
      fc.constantFrom<FeatureFlag>(...FEATURE_FLAGS),
      fc.boolean(),
    ) as fc.Arbitrary<Partial<Record<FeatureFlag, boolean>>>,
    hostKind: fc.constantFrom('terminal' as const, 'protocol' as const),
    allowlist: fc.option(fc.subarray(namesOf(fixtureBuiltInTools)), { nil: undefined }),
    denylist: fc.option(fc.subarray(namesOf(fixtureBuiltInTools)), { nil: undefined }),
    disallowedTools: fc.option(
      fc.subarray(['Bash', 'Bash(rm:*)', 'KillShell', 'Read(/etc/**)', 'Write', 'Glob']),
      { nil: undefined },
    ),
    sessionKind: fc.constantFrom<SessionKind>(...SESSION_KINDS),
    toolset: fc.constantFrom('default' as const, 'explore' as const, undefined),
    embeddedSearch: fc.constantFrom(true, false, undefined),
  },
  { requiredKeys: ['ports', 'features', 'hostKind', 'sessionKind'] },
);

describe('one gate for registration and refresh', () => {
  test('for random contexts, a refresh gives exactly the tool set an initial registration gives', () => {
    fc.assert(
      fc.property(gateInputArbitrary, fc.boolean(), (input, startBranch) => {
        const branch = input.embeddedSearch ?? true;
        const initial = createToolRuntime(
          runtimeOptions({ gate: { ...input, embeddedSearch: branch } }),
        );
        const refreshed = createToolRuntime(
          runtimeOptions({ gate: { ...input, embeddedSearch: startBranch } }),
        );
        refreshed.refreshBranchAwareTools({ embeddedSearch: branch });
        expect(namesOf(refreshed.registry.list())).toEqual(namesOf(initial.registry.list()));
        expect(refreshed.gate).toEqual(initial.gate);
        expect(namesOf(initial.registry.list())).toEqual(
          namesOf(
            resolveRegistrationGate(fixtureBuiltInTools, { ...input, embeddedSearch: branch })
              .registered,
          ),
        );
        const model = modelProfile({ supportsNativeWebSearch: true });
        expect(refreshed.getTools({ model })).toEqual(initial.getTools({ model }));
      }),
      { numRuns: 300 },
    );
  });

  test('the order never depends on the order MCP servers register in', () => {
    const servers = [
      { server: 'github', tools: ['create_issue', 'search', 'get file'] },
      { server: 'alpha', tools: ['z', 'a'] },
      { server: 'Zed', tools: ['one'] },
      { server: 'my.server', tools: ['tool.x', 'tool_x'] },
      { server: 'my_server', tools: ['tool_y'] },
    ];
    const listFor = (order: typeof servers) => {
      const runtime = createToolRuntime(runtimeOptions());
      for (const { server, tools } of order) {
        registerMcpTools(
          runtime,
          server,
          tools.map((name) => ({ name })),
          { callMcpTool },
        );
      }
      return runtime.getTools({ model: modelProfile() });
    };
    const reference = listFor(servers);
    expect(names(reference).slice(-9)).toEqual([
      'mcp__Zed__one',
      'mcp__alpha__a',
      'mcp__alpha__z',
      'mcp__github__create_issue',
      'mcp__github__get_file',
      'mcp__github__search',
      'mcp__my_server__tool_x_d35fb759', // sha256('mcp__my.server__tool.x')
      'mcp__my_server__tool_x_306c288d', // sha256('mcp__my.server__tool_x')
      'mcp__my_server__tool_y',
    ]);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(servers, { minLength: servers.length, maxLength: servers.length }),
        (order) => {
          const tools = listFor(order);
          expect(names(tools)).toEqual(names(reference));
          expect(toolsFingerprint(tools)).toBe(toolsFingerprint(reference));
        },
      ),
      { numRuns: 60 },
    );
  });
});
