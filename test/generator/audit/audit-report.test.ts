/**
 * The report's parts on explicit data: contract → manifest paths, the alias and sorted-name
 * findings (the registry's rules replayed), requirement coverage and the inline flags.
 */
import { describe, expect, test } from 'vitest';
import { auditFindings } from '../../../generator/audit/audit-findings.js';
import { buildAuditReport } from '../../../generator/audit/build-audit-report.js';
import { committedReport } from '../../../generator/audit/committed-report.js';
import { fieldAnnotations } from '../../../generator/audit/field-annotations.js';
import { manifestPathOf } from '../../../generator/audit/manifest-path-of.js';
import { requirementCoverage } from '../../../generator/audit/requirement-coverage.js';
import type { FieldAudit, FieldReaderScan } from '../../../generator/audit/scan-field-readers.js';
import type { LoadedTool, ManifestSet } from '../../../generator/manifest/manifest-set.js';
import type { Manifest } from '../../../generator/manifest/manifest-schema.js';

interface ToolSketch {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly hooks?: readonly string[];
  readonly ordering?: 'reference' | 'registration';
  readonly explicit?: readonly string[];
  readonly timeoutKind?: 'none' | 'bounded';
  readonly maxOutputBytes?: number;
}

/** A loaded tool with only what the audit looks at. */
function tool(sketch: ToolSketch): LoadedTool {
  const manifest = {
    name: sketch.name,
    aliases: [...(sketch.aliases ?? [])],
    hooks: [...(sketch.hooks ?? [])],
    ordering: sketch.ordering ?? 'registration',
    description: 'Does things.',
    input: { type: 'object', properties: {}, required: [], additionalProperties: false },
    timeout:
      sketch.timeoutKind === 'bounded'
        ? { kind: 'bounded', defaultMs: 1, maxMs: 2, allowCallOverride: false, cleanupGraceMs: 0 }
        : { kind: 'none' },
    ...(sketch.maxOutputBytes === undefined ? {} : { maxOutputBytes: sketch.maxOutputBytes }),
  } as unknown as Manifest;
  return {
    manifest,
    file: `manifest/tools/${sketch.name.toLowerCase()}.yaml`,
    implementation: sketch.name.toLowerCase(),
    explicitPaths: new Set(sketch.explicit ?? []),
    locate: () => ({ line: 1, column: 1 }),
  };
}

function set(
  tools: readonly LoadedTool[],
  reservedReferenceNames: readonly string[] = [],
): ManifestSet {
  return {
    tools,
    index: {
      registrationOrder: tools.map((entry) => entry.manifest.name),
      reservedReferenceNames: [...reservedReferenceNames],
      groups: {},
    },
    files: [],
  };
}

describe('manifestPathOf', () => {
  test.each([
    ['metadata.readOnly', 'flags.readOnly'],
    ['metadata.recovery', 'flags.recovery'],
    ['metadata.name', 'name'],
    ['metadata.purpose', 'purpose'],
    ['metadata.modelInstructions', 'modelInstructions'],
    ['metadata.aliases', 'aliases'],
    ['metadata.maxOutputBytes', 'maxOutputBytes'],
    ['inputSchema', 'input'],
    ['runtimeInputSchema', 'input'],
    ['outputSchema', 'output'],
    ['runtimeOutputSchema', 'output'],
    ['descriptionTemplates.render', 'description'],
    ['permission.patternSources', 'permission.patternSources'],
    ['resultBudget.preview.direction', 'resultBudget.preview.direction'],
    ['timeout.cleanupGraceMs', 'timeout.cleanupGraceMs'],
    ['capability', 'capability'],
    ['source', undefined],
    ['mcp.server', undefined],
  ])('%s → %s', (contractPath, manifestPath) => {
    expect(manifestPathOf(contractPath)).toBe(manifestPath);
  });
});

describe('auditFindings', () => {
  test('aliases the registry would skip or that a name always wins over, in registration order', () => {
    const tools = [
      tool({ name: 'TaskStop', aliases: ['KillShell', 'KillBash'] }),
      tool({
        name: 'TaskOutput',
        aliases: ['BashOutput', 'KillShell', 'TaskOutput', 'Read', 'mcp__x__y'],
      }),
      tool({ name: 'Read' }),
    ];
    expect(auditFindings(set(tools), []).aliases).toEqual([
      {
        tool: 'TaskOutput',
        alias: 'KillShell',
        reason: 'skipped: already an alias of "TaskStop", registered earlier',
      },
      { tool: 'TaskOutput', alias: 'TaskOutput', reason: 'equals the tool’s own name' },
      {
        tool: 'TaskOutput',
        alias: 'Read',
        reason: 'shadowed: "Read" is the name of a tool, and a tool name always wins',
      },
      {
        tool: 'TaskOutput',
        alias: 'mcp__x__y',
        reason:
          'may be shadowed: names starting with mcp__ belong to MCP tools, which win over aliases',
      },
    ]);
  });

  test('sorted-name entries without a tool: reserved reference names no manifest defines', () => {
    const tools = [
      tool({ name: 'Read', ordering: 'reference' }),
      tool({ name: 'Bash', ordering: 'reference' }),
    ];
    expect(auditFindings(set(tools, ['Workflow', 'LSP']), []).sortedNames).toEqual([
      {
        name: 'LSP',
        reason: 'reserved in manifest/tools.yaml; no manifest defines a tool with this name',
      },
      {
        name: 'Workflow',
        reason: 'reserved in manifest/tools.yaml; no manifest defines a tool with this name',
      },
    ]);
  });

  test('hooks declared by manifests and never called; a hook no manifest declares is no finding', () => {
    const tools = [
      tool({ name: 'CreateWorkflow', hooks: ['prepareApproval', 'validateInput'] }),
      tool({ name: 'SaveWorkflow', hooks: ['prepareApproval'] }),
    ];
    const hooks = [
      { hook: 'prepareApproval', called: false, readers: [] },
      { hook: 'validateInput', called: true, readers: [] },
      { hook: 'formatModelContent', called: false, readers: [] },
    ];
    expect(auditFindings(set(tools), hooks).hooks).toEqual([
      { hook: 'prepareApproval', declaredBy: ['CreateWorkflow', 'SaveWorkflow'] },
    ]);
  });
});

describe('requirementCoverage', () => {
  const classes: Record<string, 'enforced' | 'projected' | 'unread'> = {
    'metadata.readOnly': 'enforced',
    'metadata.maxOutputBytes': 'projected',
    'resultBudget.maxModelBytes': 'enforced',
    'timeout.kind': 'enforced',
    'timeout.defaultMs': 'enforced',
    'timeout.maxMs': 'enforced',
    'timeout.allowCallOverride': 'enforced',
    'timeout.cleanupGraceMs': 'unread',
    'metadata.idempotent': 'unread',
    'metadata.recovery': 'unread',
  };
  const coverage = (sketch: ToolSketch, requirement: string) =>
    requirementCoverage([tool(sketch)], (path) => classes[path])[0]!.requirements.find(
      (item) => item.requirement === requirement,
    );

  test.each([
    {
      name: 'read-only declared and enforced',
      sketch: { name: 'A', explicit: ['flags.readOnly'] },
      requirement: 'read-only',
      want: { requirement: 'read-only', declared: true, enforced: 'yes', notEnforced: [] },
    },
    {
      name: 'max output size: maxOutputBytes only projected',
      sketch: {
        name: 'B',
        explicit: ['maxOutputBytes', 'resultBudget.maxModelBytes'],
        maxOutputBytes: 10,
      },
      requirement: 'max output size',
      want: {
        requirement: 'max output size',
        declared: true,
        enforced: 'partly',
        notEnforced: ['metadata.maxOutputBytes'],
      },
    },
    {
      name: 'max output size without maxOutputBytes: the result budget alone',
      sketch: { name: 'C', explicit: ['resultBudget.maxModelBytes'] },
      requirement: 'max output size',
      want: { requirement: 'max output size', declared: true, enforced: 'yes', notEnforced: [] },
    },
    {
      name: 'a bounded timeout with an unread cleanup grace',
      sketch: { name: 'D', explicit: ['timeout.kind'], timeoutKind: 'bounded' as const },
      requirement: 'timeout',
      want: {
        requirement: 'timeout',
        declared: true,
        enforced: 'partly',
        notEnforced: ['timeout.cleanupGraceMs'],
      },
    },
    {
      name: 'timeout kind none: only the kind carries it',
      sketch: { name: 'E', explicit: ['timeout.kind'] },
      requirement: 'timeout',
      want: { requirement: 'timeout', declared: true, enforced: 'yes', notEnforced: [] },
    },
    {
      name: 'idempotency and recovery left to defaults, and unread',
      sketch: { name: 'F' },
      requirement: 'idempotency and recovery',
      want: {
        requirement: 'idempotency and recovery',
        declared: false,
        enforced: 'no',
        notEnforced: ['metadata.idempotent', 'metadata.recovery'],
      },
    },
  ])('$name', ({ sketch, requirement, want }) => {
    expect(coverage(sketch, requirement)).toEqual(want);
  });
});

describe('fieldAnnotations', () => {
  const field = (path: string, fieldClass: FieldAudit['class'], file?: string): FieldAudit => ({
    path,
    class: fieldClass,
    readers:
      file === undefined
        ? []
        : [
            {
              file,
              symbol: 'register',
              line: 41,
              column: 7,
              access: 'property',
              use: 'object-property',
            },
            {
              file,
              symbol: 'register',
              line: 44,
              column: 7,
              access: 'property',
              use: 'object-property',
            },
            {
              file: 'runtime/z.ts',
              symbol: 'copy',
              line: 2,
              column: 1,
              access: 'property',
              use: 'object-property',
            },
          ],
  });
  const scan: FieldReaderScan = {
    files: ['runtime/registry.ts'],
    fields: [
      field('metadata.readOnly', 'enforced', 'runtime/gate.ts'),
      field('metadata.maxOutputBytes', 'projected', 'runtime/registry.ts'),
      field('trace.required', 'unread'),
      field('metadata.purpose', 'unread'),
      field('capability', 'unread'),
    ],
    modelFields: [],
    hooks: [],
  };
  const bash = tool({
    name: 'Bash',
    explicit: ['flags.readOnly', 'maxOutputBytes', 'trace', 'trace.required', 'purpose'],
  });
  const report = buildAuditReport(scan, set([bash]), { 'metadata.purpose': 'for people' });
  const annotate = fieldAnnotations(committedReport(report), bash);

  test.each([
    ['metadata.readOnly', undefined],
    // Named by file and symbol (two reads in one function are one place), never by line.
    ['metadata.maxOutputBytes', 'projected only: runtime/registry.ts#register +1 more'],
    ['trace.required', 'unread: no runtime reader'],
    ['metadata.purpose', 'unread: no runtime reader (reserved)'],
    ['capability', undefined], // not written by this manifest
    ['trace', undefined], // a section, not a field
  ])('%s → %s', (path, note) => {
    expect(annotate.get(path)).toBe(note);
  });

  test('the summary counts classes and lists unread fields that are not reserved', () => {
    expect(report.summary).toEqual({
      fields: 5,
      enforced: 1,
      projected: 1,
      unread: 3,
      unreadNotReserved: ['trace.required', 'capability'],
      projectedOnly: ['metadata.maxOutputBytes'],
    });
    expect(report.fields.find((entry) => entry.path === 'trace.required')?.setBy).toEqual(['Bash']);
  });
});
