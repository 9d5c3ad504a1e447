import { describe, expect, test } from 'vitest';
import { type ToolCallContext } from '../../../../runtime/core/contract.js';
import { isFrozenData } from '../../../../runtime/core/frozen-data.js';
import { createComputerUseVerifier } from '../../../../runtime/core/computer-use-verifier.js';
import type { CallMcpTool } from '../../../../runtime/integrations/mcp/mcp-tool-descriptor.js';
import { registerMcpTools } from '../../../../runtime/integrations/mcp/register-mcp-tools.js';
import type { RegistrationGateInput } from '../../../../runtime/core/visibility/registration-gate.js';
import {
  createToolRuntime,
  type ToolRuntimeOptions,
} from '../../../../runtime/core/tool-runtime.js';
import { makeToolEntry, modelProfile } from '../../fixtures/tool-entries.js';

const gate: RegistrationGateInput = {
  ports: {},
  features: {},
  hostKind: 'terminal',
  sessionKind: 'main',
};
function setup(overrides: Partial<ToolRuntimeOptions> = {}) {
  const warnings: string[] = [];
  const runtime = createToolRuntime({
    builtInTools: [makeToolEntry('Read'), makeToolEntry('Bash')],
    sortedProviderToolNames: new Set(['Read', 'Bash']),
    gate,
    logger: { warn: (message) => warnings.push(message) },
    ...overrides,
  });
  return { runtime, warnings };
}
const noCall: CallMcpTool = async () => ({ content: [] });
const visibleNames = (runtime: ReturnType<typeof setup>['runtime']) =>
  runtime.getTools({ model: modelProfile() }).map((tool) => tool.name);

describe('registerMcpTools: flags, timeout, budget', () => {
  test.each([
    {
      title: 'no annotations',
      annotations: undefined,
      want: {
        readOnly: false,
        destructive: false,
        concurrentSafe: false,
        idempotent: false,
        riskLevel: 'medium',
        allowedInPlanMode: false,
      },
    },
    {
      title: 'readOnlyHint',
      annotations: { readOnlyHint: true },
      want: {
        readOnly: true,
        destructive: false,
        concurrentSafe: true,
        idempotent: true,
        riskLevel: 'low',
        allowedInPlanMode: true,
      },
    },
    {
      title: 'destructiveHint',
      annotations: { destructiveHint: true },
      want: {
        readOnly: false,
        destructive: true,
        concurrentSafe: false,
        idempotent: false,
        riskLevel: 'high',
        allowedInPlanMode: false,
      },
    },
    {
      title: 'idempotentHint: concurrent-safe',
      annotations: { idempotentHint: true },
      want: {
        readOnly: false,
        destructive: false,
        concurrentSafe: true,
        idempotent: true,
        riskLevel: 'medium',
        allowedInPlanMode: false,
      },
    },
    {
      title: 'read-only wins over destructive',
      annotations: { readOnlyHint: true, destructiveHint: true },
      want: {
        readOnly: true,
        destructive: false,
        concurrentSafe: true,
        idempotent: true,
        riskLevel: 'low',
        allowedInPlanMode: true,
      },
    },
  ])('annotations → flags: $title', ({ annotations, want }) => {
    const { runtime } = setup();
    registerMcpTools(runtime, 'docs', [{ name: 'tool', ...(annotations ? { annotations } : {}) }], {
      callMcpTool: noCall,
    });
    const [contract] = runtime
      .getTools({ model: modelProfile() })
      .filter((tool) => tool.mcp !== undefined);
    expect(contract!.flags).toEqual({
      ...want,
      sideEffectScope: 'network',
      needsApproval: true,
      requiresUserInteraction: false,
      stopTurnOnSuccess: false,
    });
    expect(contract!.permission).toMatchObject({
      permission: 'mcp__docs__tool',
      needsApproval: true,
      sideEffectScope: 'network',
      riskLevel: want.riskLevel,
    });
    expect(contract!.mcp).toEqual({ server: 'docs', tool: 'tool' });
  });

  test.each([
    { timeoutMs: 5000, want: 5000 },
    { timeoutMs: 2 ** 40, want: 2_147_483_647 },
    { timeoutMs: undefined, want: 30_000 },
    { timeoutMs: -1, want: 30_000 },
    { timeoutMs: 1.5, want: 30_000 },
    { timeoutMs: '9000', want: 30_000 },
  ])('timeoutMs $timeoutMs → $want ms', ({ timeoutMs, want }) => {
    const { runtime } = setup();
    registerMcpTools(runtime, 'docs', [{ name: 'tool', timeoutMs }], { callMcpTool: noCall });
    expect(runtime.registry.get('mcp__docs__tool')!.timeout).toEqual({
      kind: 'bounded',
      defaultMs: want,
      maxMs: want,
      allowCallOverride: false,
      cleanupGraceMs: 0,
    });
  });

  test.each([
    {
      server: 'docs',
      tool: 'search',
      scope: 'network',
      risk: 'medium',
      budget: { maxModelBytes: 50_000, strategy: 'truncate', direction: 'head', artifact: false },
    },
    {
      server: 'node_repl',
      tool: 'js',
      scope: 'system',
      risk: 'high',
      budget: { maxModelBytes: 65_536, strategy: 'artifact', direction: 'tail', artifact: true },
    },
    {
      server: 'node_repl',
      tool: 'reset',
      scope: 'network',
      risk: 'medium',
      budget: { maxModelBytes: 65_536, strategy: 'artifact', direction: 'tail', artifact: true },
    },
    {
      server: 'other',
      tool: 'js',
      scope: 'network',
      risk: 'medium',
      budget: { maxModelBytes: 50_000, strategy: 'truncate', direction: 'head', artifact: false },
    },
  ])(
    '$server/$tool: scope $scope, risk $risk, $budget.maxModelBytes bytes',
    ({ server, tool, scope, risk, budget }) => {
      const { runtime } = setup();
      registerMcpTools(runtime, server, [{ name: tool }], { callMcpTool: noCall });
      const entry = runtime.registry.get(`mcp__${server}__${tool}`)!;
      expect(entry.metadata.sideEffectScope).toBe(scope);
      expect(entry.permission.riskLevel).toBe(risk);
      expect(entry.resultBudget).toEqual({
        maxInlineBytes: budget.maxModelBytes,
        maxModelBytes: budget.maxModelBytes,
        strategy: budget.strategy,
        preview: { maxBytes: budget.maxModelBytes, direction: budget.direction },
        artifact: { enabled: budget.artifact, retention: 'session' },
      });
    },
  );
});

describe('registerMcpTools: computer-use only with the host token', () => {
  const server = 'plugin_zcode-cua_computer-use';
  const inputSchema = { type: 'object', properties: { x: { type: 'integer' } } };
  const descriptors = [
    { name: 'screenshot', inputSchema },
    { name: 'left_click', inputSchema },
  ];

  test('with the host token: renamed mcp__computer-use__*, alias kept, 256 KiB', () => {
    const verifier = createComputerUseVerifier();
    const { runtime, warnings } = setup({ computerUse: verifier });
    const result = registerMcpTools(runtime, server, descriptors, {
      callMcpTool: noCall,
      computerUseToken: verifier.token,
    });
    expect(result.computerUse).toBe(true);
    expect(result.registered).toEqual([
      {
        name: 'mcp__computer-use__screenshot',
        tool: 'screenshot',
        aliases: ['mcp__plugin_zcode-cua_computer-use__screenshot'],
        shortened: false,
      },
      {
        name: 'mcp__computer-use__left_click',
        tool: 'left_click',
        aliases: ['mcp__plugin_zcode-cua_computer-use__left_click'],
        shortened: false,
      },
    ]);
    expect(
      runtime.registry.get('mcp__plugin_zcode-cua_computer-use__screenshot')!.metadata.name,
    ).toBe('mcp__computer-use__screenshot');
    expect(runtime.registry.get('mcp__computer-use__screenshot')!.resultBudget.maxModelBytes).toBe(
      262_144,
    );
    expect(runtime.registry.get('mcp__computer-use__screenshot')!.mcp).toEqual({
      server,
      tool: 'screenshot',
    });
    expect(visibleNames(runtime).slice(2)).toEqual([
      'mcp__computer-use__left_click',
      'mcp__computer-use__screenshot',
    ]);
    expect(warnings).toEqual([]);
  });

  test.each([
    { title: 'no token', token: undefined, warned: false },
    {
      title: 'a token of another verifier',
      token: createComputerUseVerifier().token,
      warned: true,
    },
    { title: 'a look-alike object', token: Object.freeze(Object.create(null)), warned: true },
    { title: 'a string', token: 'computer-use', warned: true },
  ])('spoofed computer-use server ($title): an ordinary MCP server', ({ token, warned }) => {
    const verifier = createComputerUseVerifier();
    const { runtime, warnings } = setup({ computerUse: verifier });
    const result = registerMcpTools(runtime, server, descriptors, {
      callMcpTool: noCall,
      computerUseToken: token,
    });
    expect(result.computerUse).toBe(false);
    expect(result.registered.map((tool) => [tool.name, tool.aliases])).toEqual([
      ['mcp__plugin_zcode-cua_computer-use__screenshot', []],
      ['mcp__plugin_zcode-cua_computer-use__left_click', []],
    ]);
    expect(runtime.registry.get('mcp__computer-use__screenshot')).toBeUndefined();
    expect(
      runtime.registry.get('mcp__plugin_zcode-cua_computer-use__screenshot')!.resultBudget
        .maxModelBytes,
    ).toBe(50_000);
    expect(warnings).toEqual(
      warned
        ? [
            `MCP server "${server}": computer-use token not recognised; registered as an ordinary MCP server`,
          ]
        : [],
    );
  });

  test.each([
    ['computer-use', 'mcp__unverified-computer-use__screenshot'],
    ['computer-use__x', 'mcp__unverified-computer-use__x__screenshot'],
    ['computer.use', 'mcp__computer_use__screenshot'],
    ['my-computer-use', 'mcp__my-computer-use__screenshot'],
  ])('an unverified server named %j never gets an mcp__computer-use__ name: %s', (name, shown) => {
    const verifier = createComputerUseVerifier();
    const { runtime } = setup({ computerUse: verifier });
    const result = registerMcpTools(runtime, name, [{ name: 'screenshot' }], {
      callMcpTool: noCall,
    });
    expect(result.registered.map((tool) => tool.name)).toEqual([shown]);
    expect(runtime.registry.get('mcp__computer-use__screenshot')).toBeUndefined();
    expect(runtime.registry.get(shown)!.resultBudget.maxModelBytes).toBe(50_000);
  });

  test('an impostor registered first does not push the verified server to hashed names', () => {
    const verifier = createComputerUseVerifier();
    const { runtime, warnings } = setup({ computerUse: verifier });
    registerMcpTools(runtime, 'computer-use', descriptors, { callMcpTool: noCall });
    const verified = registerMcpTools(runtime, server, descriptors, {
      callMcpTool: noCall,
      computerUseToken: verifier.token,
    });
    expect(verified.registered.map((tool) => [tool.name, tool.shortened])).toEqual([
      ['mcp__computer-use__screenshot', false],
      ['mcp__computer-use__left_click', false],
    ]);
    expect(runtime.registry.get('mcp__computer-use__screenshot')!.mcp).toEqual({
      server,
      tool: 'screenshot',
    });
    expect(warnings).toEqual([
      'MCP server "computer-use" is not the verified computer-use server; its tools are shown as mcp__unverified-computer-use__<tool>',
    ]);
  });

  test('a runtime without a verifier trusts no token', () => {
    const verifier = createComputerUseVerifier();
    const { runtime } = setup();
    expect(
      registerMcpTools(runtime, server, descriptors, {
        callMcpTool: noCall,
        computerUseToken: verifier.token,
      }).computerUse,
    ).toBe(false);
  });
});

describe('registerMcpTools: names', () => {
  test('spaces, dots and unicode are sanitised; originals kept for the call', () => {
    const { runtime } = setup();
    const result = registerMcpTools(
      runtime,
      'my server.v2',
      [{ name: 'list files' }, { name: 'get.item' }, { name: 'résumé' }, { name: '搜索' }],
      { callMcpTool: noCall },
    );
    expect(result.registered.map((tool) => [tool.name, tool.tool])).toEqual([
      ['mcp__my_server_v2__list_files', 'list files'],
      ['mcp__my_server_v2__get_item', 'get.item'],
      ['mcp__my_server_v2__r_sum_', 'résumé'],
      ['mcp__my_server_v2____', '搜索'], // two code points, two `_`
    ]);
    expect(runtime.registry.get('mcp__my_server_v2__r_sum_')!.mcp).toEqual({
      server: 'my server.v2',
      tool: 'résumé',
    });
  });

  test('a name over 64 characters gets the shortened form', () => {
    const { runtime } = setup();
    const result = registerMcpTools(
      runtime,
      'analytics-warehouse-production',
      [{ name: 'run_saved_query_with_parameters_and_wait' }],
      { callMcpTool: noCall },
    );
    expect(result.registered).toEqual([
      {
        name: 'mcp__analytics-warehouse-production__run_saved_query_wi_c0cfda82',
        tool: 'run_saved_query_with_parameters_and_wait',
        aliases: [],
        shortened: true,
      },
    ]);
  });

  test('two tools colliding after sanitising both get hashed names; nothing is overwritten', () => {
    const { runtime } = setup();
    const result = registerMcpTools(
      runtime,
      'github',
      [{ name: 'create issue' }, { name: 'create_issue' }],
      { callMcpTool: noCall },
    );
    expect(result.registered.map((tool) => tool.name)).toEqual([
      'mcp__github__create_issue_726a20b3',
      'mcp__github__create_issue_b0c6525c',
    ]);
    expect(runtime.registry.get('mcp__github__create_issue_726a20b3')!.mcp!.tool).toBe(
      'create issue',
    );
  });

  test('a server whose names collide with an earlier server gets hashed names', () => {
    const { runtime } = setup();
    registerMcpTools(runtime, 'my.server', [{ name: 'tool' }], { callMcpTool: noCall });
    const second = registerMcpTools(runtime, 'my_server', [{ name: 'tool' }], {
      callMcpTool: noCall,
    });
    expect(second.registered.map((tool) => tool.name)).toEqual([
      expect.stringMatching(/^mcp__my_server__tool_[0-9a-f]{8}$/),
    ]);
    expect(runtime.registry.get('mcp__my_server__tool')!.mcp!.server).toBe('my.server');
  });

  test('invalid and duplicate descriptors are skipped with a reason', () => {
    const { runtime, warnings } = setup();
    const result = registerMcpTools(
      runtime,
      'docs',
      [{ name: 'ok' }, {}, null, { name: 5 }, { name: 'ok', description: 'again' }],
      { callMcpTool: noCall },
    );
    expect(result.registered.map((tool) => tool.name)).toEqual(['mcp__docs__ok']);
    expect(result.skipped).toEqual([
      { tool: '#1', reason: 'invalidDescriptor' },
      { tool: '#2', reason: 'invalidDescriptor' },
      { tool: '#3', reason: 'invalidDescriptor' },
      { tool: 'ok', reason: 'duplicateName' },
    ]);
    expect(warnings).toEqual([
      'MCP server "docs": tool #1 has no name; skipped',
      'MCP server "docs": tool #2 has no name; skipped',
      'MCP server "docs": tool #3 has no name; skipped',
      'MCP server "docs": tool "ok" listed twice; the first is kept',
      'MCP server "docs", tool "ok": no input schema; the model is shown {"type":"object"}',
    ]);
  });

  test('1 000 tools register with unique valid names, sorted by tool name', () => {
    const { runtime } = setup();
    const descriptors = Array.from({ length: 1000 }, (_, index) => ({
      name: `tool ${String(999 - index).padStart(4, '0')}.${'x'.repeat(index % 70)}`,
      inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    }));
    const result = registerMcpTools(runtime, 'bulk', descriptors, { callMcpTool: noCall });
    expect(result.registered).toHaveLength(1000);
    const names = result.registered.map((tool) => tool.name);
    expect(new Set(names).size).toBe(1000);
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const visible = runtime.getTools({ model: modelProfile() }).slice(2);
    expect(visible.map((tool) => tool.mcp!.tool)).toEqual(
      descriptors.map((descriptor) => descriptor.name).sort(),
    );
  });
});

describe('registerMcpTools: lists and flags', () => {
  const descriptors = [
    { name: 'read_file' },
    { name: 'read_secret' },
    { name: 'write_file' },
    { name: 'delete_file' },
  ];
  test.each([
    {
      title: 'no lists: all',
      options: {},
      gateInput: {},
      want: [
        'mcp__fs__delete_file',
        'mcp__fs__read_file',
        'mcp__fs__read_secret',
        'mcp__fs__write_file',
      ],
    },
    {
      title: 'includeTools globs',
      options: { includeTools: ['read_*'] },
      gateInput: {},
      want: ['mcp__fs__read_file', 'mcp__fs__read_secret'],
    },
    {
      title: 'excludeTools wins over includeTools',
      options: { includeTools: ['read_*'], excludeTools: ['*secret*'] },
      gateInput: {},
      want: ['mcp__fs__read_file'],
    },
    {
      title: 'an empty includeTools list includes nothing',
      options: { includeTools: [] },
      gateInput: {},
      want: [],
    },
    {
      title: 'session denylist applies to MCP tools',
      options: {},
      gateInput: { denylist: ['mcp__fs__delete_file'] },
      want: ['mcp__fs__read_file', 'mcp__fs__read_secret', 'mcp__fs__write_file'],
    },
    {
      title: 'session allowlist applies to MCP tools',
      options: {},
      gateInput: { allowlist: ['Read', 'mcp__fs__read_file'] },
      want: ['mcp__fs__read_file'],
    },
    {
      title: 'a bare disallowed name applies to MCP tools',
      options: {},
      gateInput: { disallowedTools: ['mcp__fs__write_file'] },
      want: ['mcp__fs__delete_file', 'mcp__fs__read_file', 'mcp__fs__read_secret'],
    },
    {
      title: 'features.mcp=false registers nothing',
      options: {},
      gateInput: { features: { mcp: false } },
      want: [],
    },
  ])('$title', ({ options, gateInput, want }) => {
    const { runtime } = setup({ gate: { ...gate, ...gateInput } });
    registerMcpTools(runtime, 'fs', descriptors, { callMcpTool: noCall, ...options });
    expect(visibleNames(runtime).filter((name) => name.startsWith('mcp__'))).toEqual(want);
  });

  test('skip reasons are reported', () => {
    const { runtime } = setup({ gate: { ...gate, denylist: ['mcp__fs__delete_file'] } });
    const result = registerMcpTools(runtime, 'fs', descriptors, {
      callMcpTool: noCall,
      excludeTools: ['write_*'],
      includeTools: ['read_file', 'write_file', 'delete_file'],
    });
    expect(result.skipped).toEqual([
      { tool: 'read_secret', reason: 'notIncluded' },
      { tool: 'write_file', reason: 'excluded' },
      { tool: 'delete_file', reason: 'denylist' },
    ]);
  });

  test('a server is registered once per runtime; the second definition is named in a warning', () => {
    const { runtime, warnings } = setup();
    const first = registerMcpTools(runtime, 'fs', [{ name: 'read_file' }], { callMcpTool: noCall });
    const before = runtime.getTools({ model: modelProfile() });
    const second = registerMcpTools(runtime, 'fs', [{ name: 'read_file' }, { name: 'other' }], {
      callMcpTool: noCall,
    });
    expect(first.alreadyRegistered).toBe(false);
    expect(second).toMatchObject({ alreadyRegistered: true, registered: [] });
    expect(runtime.getTools({ model: modelProfile() })).toBe(before);
    expect(runtime.mcpServers).toEqual(['fs']);
    expect(warnings.at(-1)).toBe(
      'MCP server "fs" is already registered; the second definition of it is ignored',
    );
    expect(warnings.filter((warning) => warning.includes('already registered'))).toHaveLength(1);
  });

  test.each([
    {
      tools: [{ name: 'a' }],
      want: 'MCP server "fs": 1 tool not registered, the feature flag mcp is off',
    },
    {
      tools: [{ name: 'a' }, { name: 'b' }],
      want: 'MCP server "fs": 2 tools not registered, the feature flag mcp is off',
    },
  ])(
    'with the feature flag mcp off, $tools.length tool(s) dropped with a warning',
    ({ tools, want }) => {
      const { runtime, warnings } = setup({ gate: { ...gate, features: { mcp: false } } });
      const result = registerMcpTools(runtime, 'fs', tools, { callMcpTool: noCall });
      expect(result.registered).toEqual([]);
      expect(result.skipped.map((skip) => skip.reason)).toEqual(tools.map(() => 'featureOff'));
      expect(warnings).toEqual([want]);
    },
  );

  test.each([
    { taskSupport: 'required', registered: [] as string[], warned: true },
    { taskSupport: 'optional', registered: ['mcp__fs__long'], warned: false },
    { taskSupport: 'forbidden', registered: ['mcp__fs__long'], warned: false },
    { taskSupport: undefined, registered: ['mcp__fs__long'], warned: false },
  ])(
    'execution.taskSupport $taskSupport: registered $registered',
    ({ taskSupport, registered, warned }) => {
      const { runtime, warnings } = setup();
      const result = registerMcpTools(
        runtime,
        'fs',
        [
          {
            name: 'long',
            inputSchema: { type: 'object' },
            ...(taskSupport === undefined ? {} : { execution: { taskSupport } }),
          },
        ],
        { callMcpTool: noCall },
      );
      expect(result.registered.map((tool) => tool.name)).toEqual(registered);
      expect(result.skipped).toEqual(warned ? [{ tool: 'long', reason: 'taskRequired' }] : []);
      expect(warnings).toEqual(
        warned
          ? [
              'MCP server "fs": tool "long" skipped, it can only be called as a task (execution.taskSupport "required") and this runtime calls tools directly',
            ]
          : [],
      );
    },
  );

  test('removing a server drops its tools and keeps the order of the rest', () => {
    const { runtime } = setup();
    for (const server of ['a', 'b', 'c'])
      registerMcpTools(runtime, server, [{ name: 'x' }, { name: 'y' }], { callMcpTool: noCall });
    const before = visibleNames(runtime);
    expect(runtime.removeMcpServer('b')).toBe(true);
    expect(runtime.removeMcpServer('b')).toBe(false);
    expect(visibleNames(runtime)).toEqual(before.filter((name) => !name.startsWith('mcp__b__')));
    expect(runtime.mcpServers).toEqual(['a', 'c']);
    expect(runtime.registry.get('mcp__b__x')).toBeUndefined();
    registerMcpTools(runtime, 'b', [{ name: 'x' }, { name: 'y' }], { callMcpTool: noCall });
    expect(visibleNames(runtime)).toEqual(before);
  });

  test('schema problems are logged, never thrown', () => {
    const { runtime, warnings } = setup();
    registerMcpTools(
      runtime,
      'odd',
      [
        { name: 'a', inputSchema: 42 },
        {
          name: 'b',
          inputSchema: { type: 'object', properties: { c: { type: 'string', format: 'color' } } },
        },
      ],
      { callMcpTool: noCall },
    );
    expect(warnings).toEqual([
      'MCP server "odd", tool "a": input schema is a number, not an object; the model is shown {"type":"object"}',
    ]);
    expect(runtime.registry.get('mcp__odd__b')!.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { c: { type: 'string', description: '(Format: color.)' } },
    });
  });
});

describe('MCP entry handler', () => {
  const context = (signal = new AbortController().signal) =>
    ({ signal }) as unknown as ToolCallContext;

  test('calls the host with the server and original tool name; formats content for the model', async () => {
    const calls: unknown[] = [];
    const callMcpTool: CallMcpTool = async (server, tool, args) => {
      calls.push([server, tool, args]);
      return {
        content: [
          { type: 'text', text: 'hello' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'file:///a', text: 'body' } },
          { type: 'resource_link', uri: 'file:///b', name: 'b' },
        ],
      };
    };
    const { runtime } = setup();
    registerMcpTools(runtime, 'my.server', [{ name: 'say hi' }], { callMcpTool });
    const entry = runtime.registry.get('mcp__my_server__say_hi')!;
    const result = await entry.handler({ who: 'you' }, context());
    expect(calls).toEqual([['my.server', 'say hi', { who: 'you' }]]);
    expect(result.ok).toBe(true);
    expect(entry.formatModelContent!((result as { output: unknown }).output)).toBe(
      'hello\n[image: image/png]\nbody\n[resource: file:///b]',
    );
  });

  test.each([
    {
      title: 'isError result',
      call: (async () => ({
        isError: true,
        content: [{ type: 'text', text: 'no such file' }],
      })) as CallMcpTool,
      want: { ok: false, code: 'mcp_tool_error', message: 'no such file' },
    },
    {
      title: 'thrown error',
      call: (async () => {
        throw new Error('connection closed');
      }) as CallMcpTool,
      want: {
        ok: false,
        code: 'mcp_call_failed',
        message: 'The MCP server "docs" failed to run "get": connection closed',
      },
    },
  ])('$title → failure', async ({ call, want }) => {
    const { runtime } = setup();
    registerMcpTools(runtime, 'docs', [{ name: 'get' }], { callMcpTool: call });
    expect(await runtime.registry.get('mcp__docs__get')!.handler({}, context())).toEqual(want);
  });

  test('passes the abort signal and rethrows when the call was aborted', async () => {
    const controller = new AbortController();
    const callMcpTool: CallMcpTool = (_server, _tool, _args, signal) =>
      new Promise((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const { runtime } = setup();
    registerMcpTools(runtime, 'docs', [{ name: 'slow' }], { callMcpTool });
    const pending = runtime.registry
      .get('mcp__docs__slow')!
      .handler({}, context(controller.signal));
    controller.abort();
    await expect(pending).rejects.toThrow('aborted');
  });
});

describe('registerMcpTools: schemas frozen, shared per identical schema outside the common subset', () => {
  test.each([
    {
      title: 'outside the common subset: one frozen schema, shared',
      schema: () => ({ type: 'object', patternProperties: { '^q': { type: 'string' } } }),
      shared: true,
    },
    {
      title: 'in the common subset: equal frozen schemas, each normalised by the fused walk',
      schema: () => ({ type: 'object', properties: { q: { type: 'string' } } }),
      shared: false,
    },
  ])('tools with equal schemas $title; the list shares them', ({ schema, shared }) => {
    const { runtime } = setup();
    registerMcpTools(
      runtime,
      'docs',
      [
        { name: 'one', inputSchema: schema() },
        { name: 'two', inputSchema: schema() },
      ],
      { callMcpTool: noCall },
    );
    const one = runtime.registry.get('mcp__docs__one')!;
    const two = runtime.registry.get('mcp__docs__two')!;
    expect(two.inputSchema).toEqual(one.inputSchema);
    expect(two.inputSchema === one.inputSchema).toBe(shared);
    for (const data of [
      one.inputSchema,
      two.inputSchema,
      one.outputSchema,
      one.permission,
      one.resultBudget,
    ])
      expect(isFrozenData(data)).toBe(true);
    const listed = runtime.getTools({ model: modelProfile() });
    const contract = listed.find((tool) => tool.name === 'mcp__docs__one')!;
    expect(contract.inputSchema).toBe(one.inputSchema);
    expect(contract.permission).toBe(one.permission);
  });

  test('each tool keeps its own schema, name and flags when tools before it are skipped or take the full path', () => {
    const { runtime } = setup();
    const common = (property: string) => ({
      type: 'object',
      properties: { [property]: { type: 'string' } },
    });
    const full = (property: string) => ({
      type: 'object',
      properties: { [property]: { type: 'string' } },
      patternProperties: { '^x': { type: 'number' } },
    });
    const result = registerMcpTools(
      runtime,
      'docs',
      [
        { name: 'skipped', inputSchema: common('skipped') },
        { name: 'fullA', inputSchema: full('a'), annotations: { readOnlyHint: true } },
        { name: 'unnamed' },
        { name: 'commonB', inputSchema: common('b'), annotations: { destructiveHint: true } },
        { name: 'excluded', inputSchema: full('excluded') },
        { name: 'fullC', inputSchema: full('c') },
        { name: 'commonD', inputSchema: common('d'), title: 'Dee' },
      ].map((descriptor) => (descriptor.name === 'unnamed' ? { title: 'no name' } : descriptor)),
      { callMcpTool: noCall, excludeTools: ['skipped', 'excluded'] },
    );
    expect(result.registered.map((tool) => tool.name)).toEqual([
      'mcp__docs__fullA',
      'mcp__docs__commonB',
      'mcp__docs__fullC',
      'mcp__docs__commonD',
    ]);
    const view = (name: string) => {
      const entry = runtime.registry.get(name)!;
      const schema = entry.inputSchema as { properties: object; patternProperties?: object };
      return {
        properties: Object.keys(schema.properties),
        fullPath: schema.patternProperties !== undefined,
        tool: entry.mcp!.tool,
        riskLevel: entry.metadata.riskLevel,
        purpose: entry.metadata.purpose,
        capability: entry.capability,
        permission: entry.permission.permission,
      };
    };
    expect(result.registered.map((tool) => view(tool.name))).toEqual([
      {
        properties: ['a'],
        fullPath: true,
        tool: 'fullA',
        riskLevel: 'low',
        purpose: 'Tool "fullA" of the MCP server "docs"',
        capability: 'mcp.docs.fullA',
        permission: 'mcp__docs__fullA',
      },
      {
        properties: ['b'],
        fullPath: false,
        tool: 'commonB',
        riskLevel: 'high',
        purpose: 'Tool "commonB" of the MCP server "docs"',
        capability: 'mcp.docs.commonB',
        permission: 'mcp__docs__commonB',
      },
      {
        properties: ['c'],
        fullPath: true,
        tool: 'fullC',
        riskLevel: 'medium',
        purpose: 'Tool "fullC" of the MCP server "docs"',
        capability: 'mcp.docs.fullC',
        permission: 'mcp__docs__fullC',
      },
      {
        properties: ['d'],
        fullPath: false,
        tool: 'commonD',
        riskLevel: 'medium',
        purpose: 'Dee',
        capability: 'mcp.docs.commonD',
        permission: 'mcp__docs__commonD',
      },
    ]);
  });

  test('a bad schema is reported at registration for every tool that has it, also when it is shared', () => {
    const { runtime, warnings } = setup();
    const bad = () => ({ type: 'array' });
    const result = registerMcpTools(
      runtime,
      'docs',
      [
        { name: 'first', inputSchema: bad() },
        { name: 'second', inputSchema: bad() },
      ],
      { callMcpTool: noCall },
    );
    const want = (tool: string) =>
      `MCP server "docs", tool "${tool}": input schema root has type "array", expected "object"; the model is shown {"type":"object"}`;
    expect(result.warnings).toEqual([want('first'), want('second')]);
    expect(warnings).toEqual([want('first'), want('second')]);
  });
});
