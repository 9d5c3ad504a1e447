import { describe, expect, test } from 'vitest';
import { type ModelToolContract, type ToolEntry } from '../../../../runtime/core/contract.js';
import { deepFreeze, isFrozenData } from '../../../../runtime/core/frozen-data.js';
import { builtInTools } from '../../../../generated/index.js';
import { computeVisibleTools } from '../../../../runtime/core/visibility/get-tools.js';
import {
  DescriptionRenderError,
  renderFrozenModelContract,
  renderModelContract,
} from '../../../../runtime/core/visibility/render-model-contract.js';
import { everyCapabilityModel, projectAll } from '../../fixtures/project-all.js';
import { handlebarsTemplates } from '../../fixtures/description-templates.js';
import { makeToolEntry } from '../../fixtures/tool-entries.js';

const settings = { currentMonth: 'November 2026', dynamicWorkflows: true };

const project = (entries: readonly ToolEntry[]) => projectAll(entries, settings);

describe('contract projection (visibility layer 2)', () => {
  test('drops providerVisible: false and keeps registration order', () => {
    const entries: ToolEntry[] = [];
    entries.push(makeToolEntry('Agent'));
    entries.push(makeToolEntry('Task', { metadata: { providerVisible: false } }));
    entries.push(makeToolEntry('Read'));
    expect(project(entries).map((contract) => contract.name)).toEqual(['Agent', 'Read']);
  });

  test('appends the Usage list and carries flags, permission, budget and maxOutputBytes', () => {
    const entries: ToolEntry[] = [];
    entries.push(
      makeToolEntry('CronCreate', {
        description: 'Schedules a prompt.',
        metadata: {
          modelInstructions: ['Use five-field cron syntax.', 'Prefer CronUpdate to change a job.'],
          readOnly: false,
          destructive: false,
          maxOutputBytes: 4096,
          sideEffectScope: 'session',
        },
      }),
    );
    const [contract] = project(entries);
    expect(contract!.description).toBe(
      'Schedules a prompt.\n\nUsage:\n- Use five-field cron syntax.\n- Prefer CronUpdate to change a job.',
    );
    expect(contract!.flags).toEqual({
      readOnly: false,
      destructive: false,
      concurrentSafe: false,
      sideEffectScope: 'session',
      riskLevel: 'medium',
      needsApproval: true,
      requiresUserInteraction: false,
      allowedInPlanMode: false,
      stopTurnOnSuccess: false,
      idempotent: false,
    });
    expect(contract!.permission.permission).toBe('croncreate');
    expect(contract!.resultBudget.maxModelBytes).toBe(1000);
    expect(contract!.maxOutputBytes).toBe(4096);
  });

  test('never carries a function, however deep', () => {
    const entries: ToolEntry[] = [];
    entries.push(
      makeToolEntry('Read', {
        resolveModelContract: (contract) => contract,
        validateInput: () => ({ ok: true }),
        formatModelContent: () => 'x',
        descriptionTemplates: {
          sources: { '/description': 'In {{currentMonth}}' },
          render: (_pointer, context) => `In ${context.currentMonth}`,
        },
      }),
    );
    const contracts = project(entries);
    const functions: string[] = [];
    const walk = (value: unknown, path: string): void => {
      if (typeof value === 'function') functions.push(path);
      else if (typeof value === 'object' && value !== null)
        for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
    };
    walk(contracts, '$');
    expect(functions).toEqual([]);
    expect(Object.keys(contracts[0]!).sort()).toEqual(
      [
        'description',
        'executionMode',
        'flags',
        'inputSchema',
        'name',
        'outputSchema',
        'permission',
        'resultBudget',
        'strict',
      ].sort(),
    );
    expect(contracts[0]!.description).toBe('In November 2026');
  });
});

describe('a description template that throws while rendering', () => {
  const failing = (name: string, failure: () => never) =>
    makeToolEntry(name, {
      descriptionTemplates: {
        sources: { '/description': '{{#if}}x{{/if}}' },
        render: () => failure(),
      },
    });

  test.each([
    {
      name: 'a block helper without its argument (handlebars throws)',
      failure: (): never => {
        throw new Error('#if requires exactly one argument');
      },
      want: 'Broken: the description template at "/description" failed to render (#if requires exactly one argument); the tool is left out of the model\'s list',
    },
    {
      name: 'a thrown non-error value',
      failure: (): never => {
        throw 'boom';
      },
      want: 'Broken: the description template at "/description" failed to render (boom); the tool is left out of the model\'s list',
    },
  ])('$name: the list is served without that tool and the error names it', ({ failure, want }) => {
    const errors: string[] = [];
    const contracts = computeVisibleTools({
      entries: [makeToolEntry('Read'), failing('Broken', failure), makeToolEntry('Write')],
      model: everyCapabilityModel,
      descriptionSettings: settings,
      embeddedSearch: false,
      order: { sortedNames: new Set(), registrationOrder: ['Read', 'Broken', 'Write'] },
      onRenderError: (error) => errors.push(error.message),
    });
    expect(contracts.map((contract) => contract.name)).toEqual(['Read', 'Write']);
    expect(errors).toEqual([want]);
  });

  test('renderModelContract alone throws a DescriptionRenderError naming tool and pointer', () => {
    expect(() =>
      renderModelContract(
        failing('Broken', () => {
          throw new Error('no');
        }),
        settings,
      ),
    ).toThrow(DescriptionRenderError);
  });
});

describe('frozen data is shared, written nodes are copied (copy on write)', () => {
  /** An entry whose schemas, permission and budget are frozen, as generated modules emit them. */
  const frozenEntry = (overrides: Parameters<typeof makeToolEntry>[1] = {}): ToolEntry => {
    const entry = makeToolEntry('Shell', {
      inputSchema: {
        type: 'object',
        properties: {
          command: { type: 'string', description: 'The command.' },
          timeout: { type: 'integer', description: 'placeholder' },
        },
        required: ['command'],
      },
      outputSchema: { type: 'object', properties: { out: { type: 'string' } } },
      ...overrides,
    });
    for (const data of [
      entry.inputSchema,
      entry.outputSchema,
      entry.permission,
      entry.resultBudget,
    ])
      deepFreeze(data);
    return entry;
  };
  const timeoutTemplate = handlebarsTemplates({
    '/inputSchema/properties/timeout/description': 'At most {{timeout.maxMs}} ms.',
  });

  test('without templates, schemas, permission and budget are the entry objects themselves', () => {
    const entry = frozenEntry();
    const contract = renderModelContract(entry, settings);
    expect(contract.inputSchema).toBe(entry.inputSchema);
    expect(contract.outputSchema).toBe(entry.outputSchema);
    expect(contract.permission).toBe(entry.permission);
    expect(contract.resultBudget).toBe(entry.resultBudget);
  });

  test('a template copies the nodes from the schema root to the text it writes, nothing else', () => {
    const entry = frozenEntry({ descriptionTemplates: timeoutTemplate });
    const contract = renderModelContract(entry, settings);
    const before = entry.inputSchema as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    const after = contract.inputSchema as typeof before;
    expect(after.properties.timeout).toEqual({ type: 'integer', description: 'At most 5000 ms.' });
    // Copied: the written path.
    expect(after).not.toBe(before);
    expect(after.properties).not.toBe(before.properties);
    expect(after.properties.timeout).not.toBe(before.properties.timeout);
    // Shared: the siblings along it, and the other schema.
    expect(after.properties.command).toBe(before.properties.command);
    expect(after.required).toBe(before.required);
    expect(contract.outputSchema).toBe(entry.outputSchema);
    // The entry keeps its text.
    expect(before.properties.timeout!.description).toBe('placeholder');
  });

  test('a template into an array element copies the array', () => {
    const entry = frozenEntry({
      outputSchema: { oneOf: [{ type: 'string' }, { type: 'null', description: 'old' }] },
      descriptionTemplates: handlebarsTemplates({
        '/outputSchema/oneOf/1/description': 'None in {{currentMonth}}.',
      }),
    });
    const contract = renderModelContract(entry, settings);
    const before = (entry.outputSchema as { oneOf: object[] }).oneOf;
    const after = (contract.outputSchema as { oneOf: object[] }).oneOf;
    expect(after).toEqual([
      { type: 'string' },
      { type: 'null', description: 'None in November 2026.' },
    ]);
    expect(Array.isArray(after)).toBe(true);
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
  });

  test.each([
    { pointer: '/inputSchema/properties/missing/description', why: 'no such parent' },
    { pointer: '/inputSchema/required/0/description', why: 'the parent is a string' },
    {
      pointer: '/inputSchema/',
      why: 'the key "" of the root is written, whose parent is the root',
    },
  ])('a template at $pointer ($why)', ({ pointer }) => {
    const entry = frozenEntry({ descriptionTemplates: handlebarsTemplates({ [pointer]: 'x' }) });
    if (pointer === '/inputSchema/') {
      expect(
        (renderModelContract(entry, settings).inputSchema as Record<string, unknown>)[''],
      ).toBe('x');
      return;
    }
    expect(() => renderModelContract(entry, settings)).toThrow(
      `Shell: description template at "${pointer}" has no such place in the contract`,
    );
  });

  test('a template writing a __proto__ key sets an own property, not the prototype', () => {
    const properties = Object.create(null) as Record<string, unknown>;
    properties['__proto__'] = { type: 'string', description: 'old' };
    const entry = frozenEntry({
      inputSchema: { type: 'object', properties },
      descriptionTemplates: handlebarsTemplates({
        '/inputSchema/properties/__proto__/description': 'new',
      }),
    });
    const written = renderModelContract(entry, settings).inputSchema['properties'] as object;
    expect(Object.getOwnPropertyDescriptor(written, '__proto__')?.value).toEqual({
      type: 'string',
      description: 'new',
    });
    expect(JSON.parse(JSON.stringify(written))).toEqual(
      JSON.parse('{"__proto__":{"type":"string","description":"new"}}'),
    );
  });

  test("a hand-written entry's mutable data is copied: its owner may change it, the list may not", () => {
    const entry = makeToolEntry('Mine');
    const [contract] = project([entry]);
    expect(contract!.inputSchema).not.toBe(entry.inputSchema);
    expect(contract!.permission).not.toBe(entry.permission);
    // The list did not freeze the host's own objects…
    expect(Object.isFrozen(entry.inputSchema)).toBe(false);
    expect(Object.isFrozen(entry.permission)).toBe(false);
    // …and a later change of them does not reach it.
    (entry.inputSchema as Record<string, unknown>)['type'] = 'array';
    expect(contract!.inputSchema['type']).toBe('object');
  });

  test('a hook that rewrites the schema copy-on-write leaves the shared nodes shared', () => {
    const entry = frozenEntry({
      resolveModelContract: (contract) => {
        const schema = contract.inputSchema as { properties: Record<string, unknown> };
        const { timeout: _dropped, ...properties } = schema.properties;
        return { ...contract, inputSchema: { ...schema, properties } };
      },
    });
    const [contract] = project([entry]);
    const before = entry.inputSchema as { properties: Record<string, unknown> };
    const after = contract!.inputSchema as typeof before;
    expect(Object.keys(after.properties)).toEqual(['command']);
    expect(after.properties['command']).toBe(before.properties['command']);
    expect(Object.isFrozen(after) && Object.isFrozen(after.properties)).toBe(true);
  });
});

describe('a host cannot change a returned contract', () => {
  const withTemplate = makeToolEntry('Templated', {
    descriptionTemplates: handlebarsTemplates({
      '/inputSchema/properties/value/description': 'A value of {{currentMonth}}.',
    }),
  });
  // Write has no description templates: everything of its contract is shared.
  const generated = builtInTools.find((tool) => tool.metadata.name === 'Write')!;
  const [copied, templated, shared] = project([makeToolEntry('Copied'), withTemplate, generated]);

  type Write = (contract: ModelToolContract) => void;
  const writes: { name: string; write: Write }[] = [
    { name: 'the name', write: (c) => Object.assign(c, { name: 'Other' }) },
    { name: 'a flag', write: (c) => Object.assign(c.flags, { readOnly: true }) },
    {
      name: 'a schema property',
      write: (c) => Object.assign(c.inputSchema['properties'] as object, { extra: {} }),
    },
    {
      name: 'a schema node (the one written for the templated entry)',
      write: (c) =>
        Object.assign(Object.values(c.inputSchema['properties'] as Record<string, object>)[0]!, {
          description: 'changed',
        }),
    },
    { name: 'the permission', write: (c) => Object.assign(c.permission, { alwaysAsk: true }) },
    {
      name: 'a permission list',
      write: (c) => (c.permission.patternSources as string[]).push('x'),
    },
    {
      name: 'a nested budget field',
      write: (c) => Object.assign(c.resultBudget.preview, { maxBytes: 1 }),
    },
    {
      name: 'a schema key, deleted',
      write: (c) => delete (c.outputSchema as Record<string, unknown>)['type'],
    },
  ];
  const cases = [
    { tool: 'a copied (hand-written) entry', contract: copied! },
    { tool: 'an entry with a template', contract: templated! },
    { tool: 'a generated (frozen, shared) entry', contract: shared! },
  ].flatMap(({ tool, contract }) => writes.map((write) => ({ tool, contract, ...write })));

  test.each(cases)('$tool: writing $name throws', ({ contract, write }) => {
    expect(() => write(contract)).toThrow(TypeError);
  });

  test('the generated entry is shared and unchanged after the attempts', () => {
    expect(shared!.inputSchema).toBe(generated.inputSchema);
    expect(shared!.permission).toBe(generated.permission);
    expect(shared!.permission.alwaysAsk).toBe(false);
  });
});

describe('generated modules emit their data frozen', () => {
  test.each(builtInTools.map((tool) => ({ name: tool.metadata.name, tool })))(
    '$name: schemas, permission and budget are frozen data',
    ({ tool }) => {
      for (const data of [tool.inputSchema, tool.outputSchema, tool.permission, tool.resultBudget])
        expect(isFrozenData(data)).toBe(true);
    },
  );
});

describe('renderFrozenModelContract (what a list shares: frozen as it is built)', () => {
  /** Every object and array under `value` (itself included). */
  const nodesOf = (value: unknown): object[] =>
    typeof value !== 'object' || value === null
      ? []
      : [value, ...Object.values(value).flatMap(nodesOf)];
  const freezeData = (entry: ToolEntry): ToolEntry => {
    for (const data of [
      entry.inputSchema,
      entry.outputSchema,
      entry.permission,
      entry.resultBudget,
    ])
      deepFreeze(data);
    return entry;
  };
  const mcpLike = () =>
    freezeData(
      makeToolEntry('mcp__srv__t', {
        mcp: { server: 'srv', tool: 't' },
        metadata: { maxOutputBytes: 100, modelInstructions: ['Say why.'] },
        loading: 'deferred',
        group: { name: 'g', description: 'G.' },
        searchHints: ['find'],
      }),
    );
  const templated = () =>
    freezeData(
      makeToolEntry('Shell', {
        inputSchema: {
          type: 'object',
          properties: { timeout: { type: 'integer', description: 'placeholder' } },
        },
        descriptionTemplates: handlebarsTemplates({
          '/inputSchema/properties/timeout/description': 'In {{currentMonth}}.',
        }),
      }),
    );
  test.each([
    {
      title: 'frozen data and every optional field (nothing copied)',
      entry: mcpLike,
      marked: false,
    },
    {
      title: 'a hand-written entry with mutable schemas (copied)',
      entry: () => makeToolEntry('Read'),
      marked: true,
    },
    { title: 'a template written into a schema (the path copied)', entry: templated, marked: true },
    {
      title: 'a provider-native spec',
      entry: () =>
        freezeData(
          makeToolEntry('WebSearch', {
            providerNative: { provider: 'anthropic', type: 'web_search' },
          }),
        ),
      marked: true,
    },
  ])(
    '$title: what renderModelContract gives, in its key order, frozen to the leaves',
    ({ entry: make, marked }) => {
      const entry = make();
      const verdict = { data: true };
      const frozen = renderFrozenModelContract(entry, settings, undefined, verdict);
      const plain = renderModelContract(entry, settings);
      expect(frozen).toEqual(plain);
      expect(JSON.stringify(frozen)).toBe(JSON.stringify(plain));
      for (const node of nodesOf(frozen)) expect(Object.isFrozen(node)).toBe(true);
      expect(verdict.data).toBe(true);
      // Copied parts: frozen and marked by freezeJsonTree; else built frozen, not marked.
      expect(isFrozenData(frozen)).toBe(marked);
    },
  );

  test.each([
    {
      title: 'an MCP tool',
      overrides: { mcp: { server: 's', tool: 't' } },
      keys: ['resultBudget', 'mcp'],
    },
    {
      title: 'an MCP tool with an output limit and a group',
      overrides: {
        mcp: { server: 's', tool: 't' },
        metadata: { maxOutputBytes: 10 },
        group: { name: 'g', description: 'G.' },
      },
      keys: ['resultBudget', 'maxOutputBytes', 'mcp', 'group'],
    },
    {
      title: 'a provider-native tool with search hints',
      overrides: {
        providerNative: { provider: 'anthropic', type: 'web_search' },
        searchHints: ['web'],
      },
      keys: ['resultBudget', 'searchHints'],
    },
  ])('$title: the contract keys in their one order, on both paths', ({ overrides, keys }) => {
    const head = ['name', 'description', 'inputSchema', 'outputSchema', 'strict', 'executionMode'];
    const entry = freezeData(makeToolEntry('K', overrides));
    const want = [
      ...head,
      ...('providerNative' in overrides ? ['providerNative'] : []),
      'flags',
      'permission',
      ...keys,
    ];
    expect(Object.keys(renderModelContract(entry, settings))).toEqual(want);
    expect(
      Object.keys(renderFrozenModelContract(entry, settings, undefined, { data: true })),
    ).toEqual(want);
  });

  test('one list: a shared frozen output schema and budget are shared, a mutable one is copied each time', () => {
    const mutableOutput = { type: 'object', properties: { out: { type: 'string' } } };
    const mutableBudget = { ...makeToolEntry('B').resultBudget };
    const frozenOne = mcpLike();
    const frozenTwo = freezeData(
      makeToolEntry('mcp__srv__u', {
        mcp: { server: 'srv', tool: 'u' },
        outputSchema: frozenOne.outputSchema,
        resultBudget: frozenOne.resultBudget,
      }),
    );
    // Frozen schemas and permission, but an output schema and budget their owner may change.
    const [first, second] = ['M1', 'M2'].map((name) => ({
      ...freezeData(makeToolEntry(name)),
      outputSchema: mutableOutput,
      resultBudget: mutableBudget,
    }));
    const list = { data: true };
    const contracts = [frozenOne, frozenTwo, first!, second!].map((entry) =>
      renderFrozenModelContract(entry, settings, undefined, list),
    );
    expect(contracts[0]!.outputSchema).toBe(frozenOne.outputSchema);
    expect(contracts[1]!.outputSchema).toBe(frozenOne.outputSchema);
    expect(contracts[1]!.resultBudget).toBe(frozenOne.resultBudget);
    for (const contract of contracts.slice(2)) {
      expect(contract.outputSchema).toEqual(mutableOutput);
      expect(contract.outputSchema).not.toBe(mutableOutput);
      expect(contract.resultBudget).not.toBe(mutableBudget);
    }
    expect(Object.isFrozen(mutableOutput)).toBe(false);
    expect(Object.isFrozen(mutableBudget)).toBe(false);
    expect(list.data).toBe(true);
  });

  test('a contract that is no data throughout says so (a copied Date is a class instance)', () => {
    const entry = makeToolEntry('Dated', {
      inputSchema: { type: 'object', default: new Date(0) } as never,
    });
    const verdict = { data: true };
    const contract = renderFrozenModelContract(entry, settings, undefined, verdict);
    expect(verdict.data).toBe(false);
    expect(Object.isFrozen(contract)).toBe(true);
    expect(isFrozenData(contract)).toBe(false);
    // An MCP-like contract after it leaves the verdict as it found it.
    renderFrozenModelContract(mcpLike(), settings, undefined, verdict);
    expect(verdict.data).toBe(false);
  });

  test("the entry's own mutable objects are copied, never frozen", () => {
    const entry = makeToolEntry('Read');
    renderFrozenModelContract(entry, settings, undefined, { data: true });
    for (const owned of [
      entry.inputSchema,
      entry.outputSchema,
      entry.permission,
      entry.resultBudget,
      entry.metadata,
    ])
      for (const node of nodesOf(owned)) expect(Object.isFrozen(node)).toBe(false);
  });

  test('nothing copied: the frozen data is shared, the nodes built for the contract are new', () => {
    const entry = mcpLike();
    const contract = renderFrozenModelContract(entry, settings, undefined, { data: true });
    expect(contract.inputSchema).toBe(entry.inputSchema);
    expect(contract.permission).toBe(entry.permission);
    expect(contract.mcp).not.toBe(entry.mcp);
    expect(contract.searchHints).not.toBe(entry.searchHints);
    expect(Object.isFrozen(entry.mcp)).toBe(false);
  });

  test('a list of such contracts is frozen data, and a list with a hooked entry is frozen too', () => {
    const hooked = freezeData(
      makeToolEntry('Hooked', {
        resolveModelContract: (contract) => ({ ...contract, description: 'hooked' }),
      }),
    );
    const tools = computeVisibleTools({
      entries: [mcpLike(), hooked],
      model: everyCapabilityModel,
      descriptionSettings: settings,
      embeddedSearch: true,
      order: { sortedNames: new Set(), registrationOrder: [] },
    });
    expect(tools.map((tool) => tool.description).sort()).toEqual([
      'Does mcp__srv__t.\n\nUsage:\n- Say why.',
      'hooked',
    ]);
    for (const node of nodesOf(tools)) expect(Object.isFrozen(node)).toBe(true);
    expect(isFrozenData(tools)).toBe(true);
  });
});
