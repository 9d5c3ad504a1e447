/**
 * The runtime over the real generated built-ins: gate, order, projection and descriptions as
 * a model would get them. The fixture catalogue other tests use is pinned to these here.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../generated/provider-order.js';
import type {
  FeatureFlag,
  HostPort,
  ModelToolContract,
  SessionKind,
} from '../../runtime/core/contract.js';
import { FEATURE_FLAGS, HOST_PORTS, SESSION_KINDS } from '../../runtime/core/contract.js';
import {
  resolveRegistrationGate,
  type RegistrationGateInput,
} from '../../runtime/core/visibility/registration-gate.js';
import { createToolRuntime, type ToolRuntimeOptions } from '../../runtime/core/tool-runtime.js';
import { applyTurnFilter } from '../../runtime/core/visibility/turn-filter.js';
import { fixtureBuiltInTools, modelProfile, namesOf } from './fixtures/tool-entries.js';

const gate: RegistrationGateInput = {
  ports: {},
  features: {},
  hostKind: 'terminal',
  sessionKind: 'main',
};
const runtimeFor = (overrides: Partial<ToolRuntimeOptions> = {}) =>
  createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate,
    logger: {
      warn: (message) => {
        throw new Error(`unexpected warning: ${message}`);
      },
    },
    clock: () => new Date('2026-11-02T09:00:00Z'),
    ...overrides,
  });
const names = (tools: readonly ModelToolContract[]) => tools.map((tool) => tool.name);

describe('the built-ins', () => {
  test('are the fixture catalogue: same names, registration order, ordering and availability', () => {
    expect(namesOf(builtInTools)).toEqual(namesOf(fixtureBuiltInTools));
    for (const [index, tool] of builtInTools.entries()) {
      const fixture = fixtureBuiltInTools[index]!;
      expect({
        name: tool.metadata.name,
        availability: tool.availability,
        providerVisible: tool.metadata.providerVisible,
        aliases: tool.metadata.aliases.slice(0, 2),
      }).toEqual({
        name: fixture.metadata.name,
        availability: fixture.availability,
        providerVisible: fixture.metadata.providerVisible,
        aliases: fixture.metadata.aliases,
      });
    }
  });

  test('main session of a terminal host: the default list, in order', () => {
    expect(names(runtimeFor().getTools({ model: modelProfile() }))).toEqual([
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
    ]);
  });

  test.each([
    {
      title: 'a desktop-like protocol host with cron, sub-agents and skills, native-search model',
      gateInput: {
        hostKind: 'protocol' as const,
        ports: { cron: true, subagent: true, subagentMessaging: true, skill: true },
      },
      model: modelProfile({ supportsNativeWebSearch: true }),
      want: [
        'Agent',
        'AskUserQuestion',
        'Bash',
        'CronCreate',
        'CronDelete',
        'CronList',
        'Edit',
        'EnterPlanMode',
        'ExitPlanMode',
        'Read',
        'SendMessage',
        'Skill',
        'TaskOutput',
        'TaskStop',
        'TodoWrite',
        'WebFetch',
        'WebSearch',
        'Write',
        'TodoRead',
        'ReadSessionContext',
        'CronUpdate',
      ],
    },
    {
      title: 'explore sub-agent',
      gateInput: { sessionKind: 'subagent' as const, toolset: 'explore' as const },
      model: modelProfile(),
      want: ['Bash', 'Read', 'TodoWrite', 'WebFetch', 'RespondToCoordinator'],
    },
    {
      title: 'workflow actor',
      gateInput: { sessionKind: 'workflowActor' as const, features: { dynamicWorkflows: false } },
      model: modelProfile(),
      want: [
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
        'TodoRead',
        'ReadSessionContext',
        'submit_result',
        'escalate',
      ],
    },
    {
      title: 'workflow child: no authoring tools',
      gateInput: { sessionKind: 'workflowChild' as const },
      model: modelProfile(),
      want: [
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
        'TodoRead',
        'ReadSessionContext',
        'ListModels',
        'EvalWorkflowSnippet',
        'ListWorkflowRuns',
        'GetWorkflowRun',
        'ListSavedWorkflows',
      ],
    },
  ])('$title', ({ gateInput, model, want }) => {
    expect(names(runtimeFor({ gate: { ...gate, ...gateInput } }).getTools({ model }))).toEqual(
      want,
    );
  });

  test('a cron turn of a cron-enabled host drops the Cron write tools', () => {
    const tools = runtimeFor({ gate: { ...gate, ports: { cron: true } } }).getTools({
      model: modelProfile(),
    });
    expect(names(tools).filter((name) => name.startsWith('Cron'))).toEqual([
      'CronCreate',
      'CronDelete',
      'CronList',
      'CronUpdate',
    ]);
    expect(
      names(applyTurnFilter(tools, { kind: 'cron' })).filter((name) => name.startsWith('Cron')),
    ).toEqual(['CronList']);
  });

  test('Read shows `pages` only to PDF-capable models', () => {
    const runtime = runtimeFor();
    const read = (supportsPdf: boolean) =>
      runtime
        .getTools({ model: modelProfile({ supportsPdf }) })
        .find((tool) => tool.name === 'Read')!;
    expect(Object.keys(read(true).inputSchema.properties as object)).toContain('pages');
    expect(Object.keys(read(false).inputSchema.properties as object)).not.toContain('pages');
  });

  test('Read describes PDFs only to PDF-capable models; the rest of its description is the same', () => {
    const runtime = runtimeFor();
    const description = (supportsPdf: boolean) =>
      runtime
        .getTools({ model: modelProfile({ supportsPdf }) })
        .find((tool) => tool.name === 'Read')!.description;
    const pdfLine =
      '- PDF files are returned as documents. A PDF of more than 10 pages needs `pages` (e.g. "1-5", at most 20 pages per call).\n';
    expect(description(true)).toContain(pdfLine);
    expect(description(false)).not.toContain('PDF');
    expect(description(true).replace(pdfLine, '')).toBe(description(false));
  });

  test('descriptions follow the context: month, timeout policy, profiles, dynamic workflows', () => {
    const on = runtimeFor({
      subagentProfiles: [{ name: 'explore', description: 'Read-only research' }],
      timeoutPolicy: { defaultMs: 45_000, maxMs: 300_000 },
      gate: { ...gate, ports: { subagent: true } },
    });
    const tools = Object.fromEntries(
      on
        .getTools({ model: modelProfile({ supportsNativeWebSearch: true }) })
        .map((tool) => [tool.name, tool]),
    );
    expect(tools.WebSearch!.description).toContain('November 2026');
    expect(tools.Bash!.description).toContain('45000 ms');
    expect(tools.Bash!.description).toContain('300000 ms');
    expect(
      (tools.Bash!.inputSchema.properties as Record<string, { description: string }>).timeout!
        .description,
    ).toBe('Optional timeout in milliseconds (at most 300000).');
    expect(tools.Agent!.description).toContain('- explore: Read-only research');
    expect(tools.Agent!.description).toContain('CreateWorkflow');
    const off = runtimeFor({
      gate: { ...gate, ports: { subagent: true }, features: { dynamicWorkflows: false } },
    });
    const agentOff = off.getTools({ model: modelProfile() }).find((tool) => tool.name === 'Agent')!;
    expect(agentOff.description).not.toContain('CreateWorkflow');
    for (const tool of off.getTools({ model: modelProfile() }))
      expect(tool.description).not.toContain('{{');
  });

  test('aliases resolve to their tools; Task is callable but hidden', () => {
    const runtime = runtimeFor({ gate: { ...gate, ports: { subagent: true } } });
    for (const alias of ['KillShell', 'KillBash'])
      expect(runtime.registry.get(alias)?.metadata.name).toBe('TaskStop');
    for (const alias of ['BashOutput', 'AgentOutputTool'])
      expect(runtime.registry.get(alias)?.metadata.name).toBe('TaskOutput');
    expect(runtime.registry.get('Task')?.metadata.providerVisible).toBe(false);
    expect(names(runtime.getTools({ model: modelProfile() }))).not.toContain('Task');
  });

  test('no projected contract carries a function', () => {
    const runtime = runtimeFor({
      gate: {
        ...gate,
        ports: { cron: true, offPeak: true, subagent: true, subagentMessaging: true, skill: true },
        features: { nodeRepl: true },
      },
    });
    const functions: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (typeof value === 'function') functions.push(path);
      else if (typeof value === 'object' && value !== null)
        for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
    };
    const tools = runtime.getTools({
      model: modelProfile({ supportsNativeWebSearch: true, supportsPdf: true }),
    });
    walk(tools, '$');
    expect(functions).toEqual([]);
    // 40 minus Glob and Grep (Bash searches), hidden Task, and the sub-agent and actor tools.
    expect(tools.length).toBe(34);
  });

  test('for random contexts, the real built-ins and the fixture catalogue pass the gate alike', () => {
    const allNames = namesOf(builtInTools);
    const input: fc.Arbitrary<RegistrationGateInput> = fc.record(
      {
        ports: fc.dictionary(
          fc.constantFrom<HostPort>(...HOST_PORTS),
          fc.boolean(),
        ) as fc.Arbitrary<Partial<Record<HostPort, boolean>>>,
        features: fc.dictionary(
          fc.constantFrom<FeatureFlag>(...FEATURE_FLAGS),
          fc.boolean(),
        ) as fc.Arbitrary<Partial<Record<FeatureFlag, boolean>>>,
        hostKind: fc.constantFrom('terminal' as const, 'protocol' as const),
        allowlist: fc.option(fc.subarray(allNames), { nil: undefined }),
        denylist: fc.option(fc.subarray(allNames), { nil: undefined }),
        sessionKind: fc.constantFrom<SessionKind>(...SESSION_KINDS),
        toolset: fc.constantFrom('default' as const, 'explore' as const, undefined),
        embeddedSearch: fc.boolean(),
      },
      { requiredKeys: ['ports', 'features', 'hostKind', 'sessionKind'] },
    );
    fc.assert(
      fc.property(input, (gateInput) => {
        expect(namesOf(resolveRegistrationGate(builtInTools, gateInput).registered)).toEqual(
          namesOf(resolveRegistrationGate(fixtureBuiltInTools, gateInput).registered),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('disallowed rules without a pattern, on the real built-ins', () => {
  const registered = (disallowedTools: string[], embeddedSearch = true) =>
    namesOf(
      resolveRegistrationGate(builtInTools, { ...gate, disallowedTools, embeddedSearch })
        .registered,
    );
  const baseline = registered([]);

  test.each([
    {
      rule: 'file.write',
      removed: ['Write', 'Edit'],
      note: 'a permission name: every tool with it',
    },
    {
      rule: 'capability:web.*',
      removed: ['WebFetch', 'WebSearch'],
      note: 'a capability glob; WebSearch too (the gate registers it, getTools shows it per model)',
    },
    {
      rule: 'capability:session.todo.*',
      removed: ['TodoRead', 'TodoWrite'],
      note: 'a capability glob',
    },
    { rule: 'KillBash', removed: ['TaskStop'], note: 'an alias' },
    { rule: 'Bash(rm:*)', removed: [], note: 'a pattern rule unregisters nothing' },
  ])('$rule unregisters $removed ($note)', ({ rule, removed }) => {
    expect(registered([rule])).toEqual(baseline.filter((name) => !removed.includes(name)));
  });

  test('a capability glob matches one level per *: capability:file.* keeps Glob and Grep (file.search.*)', () => {
    const withoutEmbeddedSearch = registered([], false);
    expect(registered(['capability:file.*'], false)).toEqual(
      withoutEmbeddedSearch.filter((name) => !['Read', 'Write', 'Edit'].includes(name)),
    );
    expect(registered(['capability:file.**'], false)).toEqual(
      withoutEmbeddedSearch.filter(
        (name) => !['Read', 'Write', 'Edit', 'Glob', 'Grep'].includes(name),
      ),
    );
  });
});

describe('the sorted-name table is the article’s', () => {
  test('31 names, code-unit sorted, the 10 this version does not register included', async () => {
    const { sortedProviderToolNames } = await import('../../generated/provider-order.js');
    expect(sortedProviderToolNames).toEqual([
      'Agent',
      'AskUserQuestion',
      'Bash',
      'CronCreate',
      'CronDelete',
      'CronList',
      'Edit',
      'EnterPlanMode',
      'EnterWorktree',
      'ExitPlanMode',
      'ExitWorktree',
      'Glob',
      'Grep',
      'LSP',
      'NotebookEdit',
      'Read',
      'ScheduleWakeup',
      'SendMessage',
      'Skill',
      'Task',
      'TaskCreate',
      'TaskGet',
      'TaskList',
      'TaskOutput',
      'TaskStop',
      'TaskUpdate',
      'TodoWrite',
      'WebFetch',
      'WebSearch',
      'Workflow',
      'Write',
    ]);
    const registered = new Set(builtInTools.map((tool) => tool.metadata.name));
    expect(sortedProviderToolNames.filter((name) => !registered.has(name))).toEqual([
      'EnterWorktree',
      'ExitWorktree',
      'LSP',
      'NotebookEdit',
      'ScheduleWakeup',
      'TaskCreate',
      'TaskGet',
      'TaskList',
      'TaskUpdate',
      'Workflow',
    ]);
  });
});
