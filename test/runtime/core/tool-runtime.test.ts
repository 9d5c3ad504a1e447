import fc from 'fast-check';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type {
  FeatureFlag,
  HostPort,
  ModelToolContract,
  SessionKind,
} from '../../../runtime/core/contract.js';
import { FEATURE_FLAGS, HOST_PORTS, SESSION_KINDS } from '../../../runtime/core/contract.js';
import { registerMcpTools } from '../../../runtime/integrations/mcp/register-mcp-tools.js';
import {
  resolveRegistrationGate,
  type RegistrationGateInput,
} from '../../../runtime/core/visibility/registration-gate.js';
import {
  createToolRuntime,
  MONTH_CHECK_MAX_MS,
  type ToolRuntime,
  type ToolRuntimeOptions,
} from '../../../runtime/core/tool-runtime.js';
import { toolsFingerprint } from '../../../runtime/core/visibility/tools-fingerprint.js';
import { handlebarsTemplates } from '../fixtures/description-templates.js';
import {
  fixtureBuiltInTools,
  fixtureSortedNames,
  makeToolEntry,
  modelProfile,
  namesOf,
} from '../fixtures/tool-entries.js';

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

  test('caches per model; the result is frozen', () => {
    const runtime = createToolRuntime(runtimeOptions());
    const first = runtime.getTools({ model: modelProfile() });
    expect(runtime.getTools({ model: modelProfile() })).toBe(first);
    expect(runtime.getTools({ model: modelProfile({ supportsPdf: true }) })).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first[0]!.inputSchema)).toBe(true);
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

describe('the getTools cache: kept while nothing changed, dropped on every change', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const webSearch = makeToolEntry('WebSearch', {
    descriptionTemplates: handlebarsTemplates({ '/description': 'It is {{currentMonth}}.' }),
  });
  const mcpTools = (name: string) => [{ name, inputSchema: { type: 'object' } }];
  const model = modelProfile();

  /** `change` happens between two getTools calls for `model`; `same` is whether the list stays. */
  const cases: {
    readonly name: string;
    readonly change: (runtime: ToolRuntime) => unknown;
    readonly same: boolean;
    readonly after?: (tools: readonly ModelToolContract[]) => void;
  }[] = [
    { name: 'nothing', change: () => {}, same: true },
    { name: 'the same profile asked for by an equal object', change: () => {}, same: true },
    {
      name: 'an MCP server registered',
      change: (runtime) => registerMcpTools(runtime, 'docs', mcpTools('search'), { callMcpTool }),
      same: false,
      after: (tools) => expect(names(tools)).toContain('mcp__docs__search'),
    },
    {
      name: 'an MCP server registered twice (the second is ignored)',
      change: (runtime) => registerMcpTools(runtime, 'early', mcpTools('search'), { callMcpTool }),
      same: true,
    },
    {
      name: 'an MCP server removed',
      change: (runtime) => runtime.removeMcpServer('early'),
      same: false,
      after: (tools) => expect(names(tools)).not.toContain('mcp__early__search'),
    },
    {
      name: 'removing a server that is not registered',
      change: (runtime) => runtime.removeMcpServer('nobody'),
      same: true,
    },
    {
      name: 'an MCP reconnect with a changed tool list (remove, register again)',
      change: (runtime) => {
        runtime.removeMcpServer('early');
        registerMcpTools(runtime, 'early', mcpTools('lookup'), { callMcpTool });
      },
      same: false,
      after: (tools) => {
        expect(names(tools)).toContain('mcp__early__lookup');
        expect(names(tools)).not.toContain('mcp__early__search');
      },
    },
    {
      name: 'the search branch refreshed',
      change: (runtime) => runtime.refreshBranchAwareTools({ embeddedSearch: false }),
      same: false,
      after: (tools) => expect(names(tools)).toContain('Glob'),
    },
    {
      name: 'a host registering an entry in the registry itself',
      change: (runtime) => runtime.registry.register(makeToolEntry('HostTool')),
      same: false,
      after: (tools) => expect(names(tools)).toContain('HostTool'),
    },
    {
      name: 'the registry cleared',
      change: (runtime) => runtime.registry.clear(),
      same: false,
      after: (tools) => expect(tools).toEqual([]),
    },
  ];

  test.each(cases)('$name → same list: $same', ({ name, change, same, after }) => {
    const runtime = createToolRuntime(runtimeOptions());
    registerMcpTools(runtime, 'early', mcpTools('search'), { callMcpTool });
    const before = runtime.getTools({ model });
    change(runtime);
    const asked = name.startsWith('the same profile') ? modelProfile() : model;
    const tools = runtime.getTools({ model: asked });
    expect(tools === before).toBe(same);
    after?.(tools);
    // Whatever happened, a second call hits the cache.
    expect(runtime.getTools({ model: asked })).toBe(tools);
  });

  test.each([
    { field: 'id', changed: { id: 'other-model' } },
    { field: 'provider', changed: { provider: 'openai' } },
    { field: 'supportsNativeWebSearch', changed: { supportsNativeWebSearch: true } },
    { field: 'supportsPdf', changed: { supportsPdf: true } },
    { field: 'firstParty', changed: { firstParty: false } },
  ] as const)('a profile differing in $field gets its own list', ({ changed }) => {
    const runtime = createToolRuntime(runtimeOptions());
    const before = runtime.getTools({ model });
    const other = runtime.getTools({ model: modelProfile(changed) });
    expect(other).not.toBe(before);
    // Both stay cached side by side.
    expect(runtime.getTools({ model })).toBe(before);
    expect(runtime.getTools({ model: modelProfile(changed) })).toBe(other);
  });

  test('ids and providers that would run together in a key stay apart', () => {
    const runtime = createToolRuntime(runtimeOptions());
    const first = runtime.getTools({ model: modelProfile({ id: 'ab', provider: 'c' }) });
    expect(runtime.getTools({ model: modelProfile({ id: 'a', provider: 'bc' }) })).not.toBe(first);
  });

  test('a profile object changed in place by its host is looked at again', () => {
    const runtime = createToolRuntime(runtimeOptions());
    const profile = { ...modelProfile() };
    const before = runtime.getTools({ model: profile });
    (profile as { supportsPdf: boolean }).supportsPdf = true;
    const after = runtime.getTools({ model: profile });
    expect(after).not.toBe(before);
    expect(after).toBe(runtime.getTools({ model: modelProfile({ supportsPdf: true }) }));
  });

  test('a cache hit reads no clock and serialises nothing', () => {
    const clock = vi.fn(() => new Date('2026-11-15T00:00:00Z'));
    const runtime = createToolRuntime(runtimeOptions({ clock }));
    runtime.getTools({ model });
    const reads = clock.mock.calls.length;
    const stringify = vi.spyOn(JSON, 'stringify');
    for (let call = 0; call < 100; call += 1) runtime.getTools({ model });
    runtime.getTools({ model: modelProfile() });
    expect(clock.mock.calls.length).toBe(reads);
    expect(stringify).not.toHaveBeenCalled();
  });

  test.each([
    {
      name: 'the month ends: the list names the new one',
      start: '2026-11-30T23:59:00Z',
      advanceMs: 2 * 60 * 1000,
      same: false,
      month: 'December 2026',
    },
    {
      name: 'a year ends',
      start: '2026-12-31T23:00:00Z',
      advanceMs: 61 * 60 * 1000,
      same: false,
      month: 'January 2027',
    },
    {
      name: 'time passes within the month',
      start: '2026-11-01T00:00:00Z',
      advanceMs: 20 * 24 * 60 * 60 * 1000,
      same: true,
      month: 'November 2026',
    },
  ])('$name', ({ start, advanceMs, same, month }) => {
    vi.useFakeTimers({ now: new Date(start) });
    const runtime = createToolRuntime(
      runtimeOptions({ builtInTools: [webSearch], clock: () => new Date() }),
    );
    const before = runtime.getTools({ model });
    vi.advanceTimersByTime(advanceMs);
    const after = runtime.getTools({ model });
    expect(after === before).toBe(same);
    expect(after.find((tool) => tool.name === 'WebSearch')!.description).toBe(`It is ${month}.`);
  });

  test('a clock that jumps (a machine that slept) is read again within MONTH_CHECK_MAX_MS', () => {
    vi.useFakeTimers({ now: new Date('2026-11-15T00:00:00Z') });
    let now = new Date('2026-11-15T00:00:00Z');
    const runtime = createToolRuntime(
      runtimeOptions({ builtInTools: [webSearch], clock: () => now }),
    );
    const before = runtime.getTools({ model });
    now = new Date('2026-12-03T00:00:00Z');
    expect(runtime.getTools({ model })).toBe(before);
    vi.advanceTimersByTime(MONTH_CHECK_MAX_MS);
    expect(runtime.getTools({ model })[0]!.description).toBe('It is December 2026.');
  });
});
