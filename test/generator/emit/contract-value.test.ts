import { describe, expect, it } from 'vitest';
import { contractValue } from '../../../generator/emit/contract-value.js';
import { printValue } from '../../../generator/emit/print-value.js';
import { SourceCode } from '../../../generator/emit/source-code.js';
import { ManifestSchema, type Manifest } from '../../../generator/manifest/manifest-schema.js';

/** A manifest through the real manifest language, so defaults are the language's own. */
function manifest(overrides: Record<string, unknown> = {}): Manifest {
  return ManifestSchema.parse({
    name: 'Probe',
    capability: 'probe.read',
    purpose: 'Reads a probe.',
    description: 'Reads a probe value.',
    flags: {
      readOnly: true,
      destructive: false,
      concurrentSafe: true,
      sideEffectScope: 'none',
      riskLevel: 'low',
      needsApproval: false,
    },
    input: { type: 'object', properties: {}, required: [] },
    output: { type: 'string' },
    permission: { permission: 'probe', reason: 'Reads probes.' },
    resultBudget: { maxModelBytes: 1000 },
    timeout: { kind: 'none' },
    cancellation: { supported: false, cleanup: 'none' },
    ...overrides,
  });
}

const value = (overrides: Record<string, unknown> = {}) =>
  contractValue({
    manifest: manifest(overrides),
    file: 'manifest/tools/probe.yaml',
    inputSchema: {},
    outputSchema: {},
  }) as Record<string, any>;

describe('contractValue: manifest fields → contract fields', () => {
  it.each([
    {
      field: 'permission.riskLevel defaults to flags.riskLevel',
      overrides: {},
      read: (c: any) => c.permission.riskLevel,
      want: 'low',
    },
    {
      field: 'permission.riskLevel keeps its own value',
      overrides: { permission: { permission: 'p', reason: 'r', riskLevel: 'high' } },
      read: (c: any) => c.permission.riskLevel,
      want: 'high',
    },
    {
      field: 'permission.sideEffectScope defaults to the flag',
      overrides: {},
      read: (c: any) => c.permission.sideEffectScope,
      want: 'none',
    },
    {
      field: 'permission.needsApproval defaults to the flag',
      overrides: {},
      read: (c: any) => c.permission.needsApproval,
      want: false,
    },
    {
      field: 'resultBudget.maxInlineBytes defaults to maxModelBytes',
      overrides: {},
      read: (c: any) => c.resultBudget.maxInlineBytes,
      want: 1000,
    },
    {
      field: 'resultBudget.preview.maxBytes defaults to maxModelBytes',
      overrides: {},
      read: (c: any) => c.resultBudget.preview,
      want: { maxBytes: 1000, direction: 'head' },
    },
    {
      field: 'a bounded timeout is written out completely',
      overrides: { timeout: { kind: 'bounded', defaultMs: 5, maxMs: 9 } },
      read: (c: any) => c.timeout,
      want: {
        kind: 'bounded',
        defaultMs: 5,
        maxMs: 9,
        allowCallOverride: false,
        cleanupGraceMs: 0,
      },
    },
    {
      field: 'timeout none stays bare',
      overrides: {},
      read: (c: any) => c.timeout,
      want: { kind: 'none' },
    },
    {
      field: 'flags live in metadata with name, purpose, instructions, aliases',
      overrides: { modelInstructions: ['Do it.'], aliases: ['Old'], maxOutputBytes: 7 },
      read: (c: any) => [
        c.metadata.name,
        c.metadata.purpose,
        c.metadata.modelInstructions,
        c.metadata.aliases,
        c.metadata.readOnly,
        c.metadata.recovery,
        c.metadata.maxOutputBytes,
      ],
      want: ['Probe', 'Reads a probe.', ['Do it.'], ['Old'], true, 'none', 7],
    },
    {
      field: 'source is the manifest path',
      overrides: {},
      read: (c: any) => c.source,
      want: 'manifest/tools/probe.yaml',
    },
    {
      field: 'no providerNative unless declared',
      overrides: {},
      read: (c: any) => c.providerNative,
      want: undefined,
    },
  ])('$field', ({ overrides, read, want }) => {
    expect(read(value(overrides))).toEqual(want);
  });

  it('has no zod schemas: the tool entry reads them from the zod module it loads on a call', () => {
    const contract = value();
    expect(Object.keys(contract)).not.toContain('runtimeInputSchema');
    expect(Object.keys(contract)).not.toContain('runtimeOutputSchema');
  });
});

describe('printValue: one field per line, annotations at line ends', () => {
  it('prints nested objects over lines, short scalar lists on one line, long ones over lines', () => {
    const long = Array.from({ length: 8 }, (_, index) => `entry-number-${index}`);
    expect(
      printValue({
        a: 1,
        nested: { b: 'x', list: ['p', 'q'] },
        empty: {},
        none: [],
        long,
        code: new SourceCode('Thing'),
      }),
    ).toBe(
      [
        '{',
        '  a: 1,',
        '  nested: {',
        '    b: "x",',
        '    list: ["p", "q"],',
        '  },',
        '  empty: {},',
        '  none: [],',
        '  long: [',
        ...long.map((entry) => `    ${JSON.stringify(entry)},`),
        '  ],',
        '  code: Thing,',
        '}',
      ].join('\n'),
    );
  });

  it('asks for a comment per field path and puts it on the line naming the field', () => {
    const asked: string[] = [];
    const text = printValue(
      { trace: { required: false }, inputSchema: { type: 'object' } },
      {
        annotations: (path) => {
          asked.push(path);
          return path === 'trace.required'
            ? 'unread: no runtime reader'
            : path === 'trace'
              ? 'section */ note'
              : undefined;
        },
        annotate: (path) => !path.startsWith('inputSchema.'),
      },
    );
    expect(asked).toEqual(['trace.required', 'trace', 'inputSchema']);
    expect(text).toBe(
      [
        '{',
        '  trace: { // section *\\/ note',
        '    required: false, // unread: no runtime reader',
        '  },',
        '  inputSchema: {',
        '    type: "object",',
        '  },',
        '}',
      ].join('\n'),
    );
  });
});

describe('contractValue: deferred-loading fields are emitted only when set', () => {
  const groups = { workflows: { description: 'Run and manage workflows.' } };
  it.each([
    { title: 'defaults: none of them', overrides: {}, want: [undefined, undefined, undefined] },
    {
      title: 'loading: eager is the default, not emitted',
      overrides: { loading: 'eager' },
      want: [undefined, undefined, undefined],
    },
    {
      title: 'loading: deferred',
      overrides: { loading: 'deferred' },
      want: ['deferred', undefined, undefined],
    },
    {
      title: 'group carries the index description',
      overrides: { group: 'workflows' },
      want: [undefined, { name: 'workflows', description: 'Run and manage workflows.' }, undefined],
    },
    {
      title: 'searchHints in order',
      overrides: { searchHints: ['schedule', 'timer'] },
      want: [undefined, undefined, ['schedule', 'timer']],
    },
    {
      title: 'empty searchHints: not emitted',
      overrides: { searchHints: [] },
      want: [undefined, undefined, undefined],
    },
  ])('$title', ({ overrides, want }) => {
    const contract = contractValue({
      manifest: manifest(overrides),
      file: 'manifest/tools/probe.yaml',
      inputSchema: {},
      outputSchema: {},
      groups,
    });
    expect([contract.loading, contract.group, contract.searchHints]).toStrictEqual(want);
  });
});
