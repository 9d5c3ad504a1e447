/**
 * The scan, one fixture mini-runtime per construct. Each fixture file is scanned alone (one
 * shared program), so a row lists every field the construct reads: all other fields are unread.
 */
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ts } from 'ts-morph';
import { createAuditProgram } from '../../../generator/audit/create-audit-program.js';
import {
  scanFieldReaders,
  type FieldReaderScan,
} from '../../../generator/audit/scan-field-readers.js';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const fixtureDir = path.join(projectRoot, 'test/generator/audit/fixtures/constructs');
const contractFile = path.join(projectRoot, 'runtime/core/contract.ts');
const fixtureName = (file: string): string => `test/generator/audit/fixtures/constructs/${file}`;

let program: ts.Program;
beforeAll(() => {
  const files = readdirSync(fixtureDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(fixtureDir, file));
  program = createAuditProgram(projectRoot, files);
});

function scan(file: string): FieldReaderScan {
  return scanFieldReaders({
    program,
    projectRoot,
    contractFile,
    files: [path.join(fixtureDir, file)],
  });
}

/** `class line:column access use [→ targets] [via …]` of every field that is not unread. */
function summarise(result: FieldReaderScan): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const field of [...result.fields, ...result.modelFields]) {
    if (field.class === 'unread') continue;
    rows[field.path] = [
      field.class,
      ...field.readers.map((reader) =>
        [
          `${reader.line}:${reader.column}`,
          reader.access,
          reader.use,
          ...(reader.projectsTo ?? []).map((target) => `→ ${target}`),
        ].join(' '),
      ),
      ...(field.via === undefined ? [] : [`via ${field.via.join(' > ')}`]),
    ].join(' | ');
  }
  return rows;
}

interface ConstructCase {
  readonly construct: string;
  readonly file: string;
  readonly want: Record<string, string>;
}

const cases: readonly ConstructCase[] = [
  {
    construct: 'property access in a condition',
    file: 'property-access.ts',
    want: { 'metadata.readOnly': 'enforced | 5:22 property condition' },
  },
  {
    construct: 'optional chaining',
    file: 'optional-chaining.ts',
    want: { 'providerNative.provider': 'enforced | 5:35 optional-property operator' },
  },
  {
    construct: 'element access with literal keys (a computed key is not resolved)',
    file: 'element-access.ts',
    want: { 'resultBudget.maxModelBytes': 'enforced | 5:41 element operator' },
  },
  {
    construct: 'destructuring: plain, nested + renamed + defaulted, in a parameter',
    file: 'destructuring.ts',
    want: {
      capability: 'enforced | 5:11 destructure receiver',
      'cancellation.userMessage': 'enforced | 11:21 destructure argument',
      'trace.required': 'enforced | 16:38 destructure condition',
    },
  },
  {
    construct: 'reads through a local alias of a section and of a value',
    file: 'local-alias.ts',
    want: {
      'cancellation.supported': 'enforced | 6:17 property condition',
      'cancellation.cleanup': 'enforced | 10:36 property operator',
    },
  },
  {
    construct: 'union members (ToolTimeoutPolicy)',
    file: 'union-members.ts',
    want: {
      'timeout.kind': 'enforced | 5:15 property operator',
      'timeout.cleanupGraceMs': 'enforced | 5:50 property operator',
    },
  },
  {
    construct: 'generics, Readonly, Pick and intersections',
    file: 'generics.ts',
    want: {
      'permission.alwaysAsk': 'enforced | 5:27 property condition',
      'availability.features': 'enforced | 9:31 property receiver',
    },
  },
  { construct: 'writes (=, +=, ++) are not reads', file: 'writes.ts', want: {} },
  {
    construct: 'object-literal declarations, type positions and `in` are not reads',
    file: 'declarations.ts',
    want: {},
  },
  {
    construct: 'a read only spread, only copied into an untyped literal, or discarded',
    file: 'spread-and-literal.ts',
    want: {
      'metadata.aliases': 'projected | 5:29 property spread',
      'metadata.purpose': `projected | 9:34 property object-property → ${fixtureName('spread-and-literal.ts')}#summary.label`,
      'metadata.recovery': 'projected | 13:18 property discarded',
    },
  },
  {
    construct: 'projection into model-contract fields, one enforced and one not',
    file: 'model-projection.ts',
    want: {
      'metadata.destructive': `enforced | 5:40 property object-property → ModelToolContract.flags.destructive | via ModelToolContract.flags.destructive > ${fixtureName('model-projection.ts')}#confirmFirst`,
      'metadata.idempotent':
        'projected | 5:80 property object-property → ModelToolContract.flags.idempotent',
      'ModelToolContract.flags.destructive': 'enforced | 10:16 property condition',
    },
  },
  {
    construct: 'a copy into a local object whose property is used',
    file: 'local-object.ts',
    want: {
      'resultBudget.preview.maxBytes': `enforced | 5:52 property object-property → ${fixtureName('local-object.ts')}#preview.limits.max | via ${fixtureName('local-object.ts')}#preview.limits.max > ${fixtureName('local-object.ts')}#preview`,
    },
  },
  {
    construct: 'returns followed into call sites; a callback; a return nobody uses',
    file: 'returns.ts',
    want: {
      'resultBudget.maxInlineBytes': 'enforced | 5:29 property operator',
      'resultBudget.artifact.retention': 'projected | 13:38 property returned',
      'metadata.providerVisible': 'enforced | 17:51 property callback-return',
    },
  },
  {
    construct: 'a section handed to a structurally typed parameter',
    file: 'structural.ts',
    want: {
      'metadata.sideEffectScope': `enforced | 13:27 structural object-property → ${fixtureName('structural.ts')}#ScopeView.sideEffectScope | via ${fixtureName('structural.ts')}#ScopeView.sideEffectScope > ${fixtureName('structural.ts')}#touchesWorkspace`,
    },
  },
  {
    construct: 'string interpolation',
    file: 'template-use.ts',
    want: { 'metadata.name': 'enforced | 5:31 property template' },
  },
  {
    construct: '`??`, `for…of` and `await`',
    file: 'flows.ts',
    want: {
      'metadata.maxOutputBytes': 'enforced | 5:32 property operator',
      'metadata.modelInstructions': 'enforced | 11:44 property iteration',
      strict: 'enforced | 16:32 property condition',
    },
  },
  {
    construct: 'a copy into a local interface property that a condition reads later',
    file: 'copy-into-local-interface.ts',
    want: {
      'resultBudget.artifact.retention': `enforced | 9:49 property object-property → ${fixtureName('copy-into-local-interface.ts')}#SpillPlan.keepFor | via ${fixtureName('copy-into-local-interface.ts')}#SpillPlan.keepFor > ${fixtureName('copy-into-local-interface.ts')}#diesWithTurn`,
    },
  },
  {
    construct: 'a copy into a local interface property nobody reads (its sibling is read)',
    file: 'copy-unread.ts',
    want: {
      'metadata.name': `enforced | 10:34 property object-property → ${fixtureName('copy-unread.ts')}#ApprovalCard.title | via ${fixtureName('copy-unread.ts')}#ApprovalCard.title > ${fixtureName('copy-unread.ts')}#shout`,
      'permission.reason': `projected | 10:62 property object-property → ${fixtureName('copy-unread.ts')}#ApprovalCard.why`,
    },
  },
  {
    construct: 'a two-step chain through two local interfaces',
    file: 'two-step-chain.ts',
    want: {
      'metadata.riskLevel': `enforced | 13:33 property object-property → ${fixtureName('two-step-chain.ts')}#CallFacts.risk | via ${fixtureName('two-step-chain.ts')}#CallFacts.risk > ${fixtureName('two-step-chain.ts')}#PromptView.danger > ${fixtureName('two-step-chain.ts')}#warns`,
    },
  },
  {
    construct: 'cycles of copies: one never decided on, one read by a condition',
    file: 'copy-cycle.ts',
    want: {
      'resultBudget.maxInlineBytes': `projected | 21:55 property object-property → ${fixtureName('copy-cycle.ts')}#Forward.grace`,
      'trace.required': `enforced | 41:40 property object-property → ${fixtureName('copy-cycle.ts')}#Pong.hold | via ${fixtureName('copy-cycle.ts')}#Pong.hold > ${fixtureName('copy-cycle.ts')}#Ping.wait > ${fixtureName('copy-cycle.ts')}#waits`,
    },
  },
  {
    construct: 'a copy into an object literal pushed into an array, read in a loop',
    file: 'array-element-literal.ts',
    want: {
      'resultBudget.artifact.retention': `enforced | 10:77 property object-property → ${fixtureName('array-element-literal.ts')}#ArtifactRecord.retention | via ${fixtureName('array-element-literal.ts')}#ArtifactRecord.retention > ${fixtureName('array-element-literal.ts')}#expiring`,
    },
  },
  {
    construct:
      'a copy into an untyped literal handed whole to a typed property (the artifact record)',
    file: 'untyped-copy-handed-over.ts',
    want: {
      'resultBudget.artifact.retention': `enforced | 14:55 property object-property → ${fixtureName('untyped-copy-handed-over.ts')}#spill.artifact.retention | via ${fixtureName('untyped-copy-handed-over.ts')}#spill.artifact.retention > ${fixtureName('untyped-copy-handed-over.ts')}#Artifact.retention > ${fixtureName('untyped-copy-handed-over.ts')}#keeps`,
    },
  },
  {
    construct:
      'a local property read by destructuring, through an alias with a literal key, through a generic constraint',
    file: 'local-property-reads.ts',
    want: {
      'resultBudget.maxModelBytes': `enforced | 13:29 property object-property → ${fixtureName('local-property-reads.ts')}#Budget.cap | via ${fixtureName('local-property-reads.ts')}#Budget.cap > ${fixtureName('local-property-reads.ts')}#fits`,
      'resultBudget.artifact.retention': `enforced | 14:39 property object-property → ${fixtureName('local-property-reads.ts')}#Budget.keep | via ${fixtureName('local-property-reads.ts')}#Budget.keep > ${fixtureName('local-property-reads.ts')}#keepsForSession`,
      'resultBudget.preview.direction': `enforced | 15:38 property object-property → ${fixtureName('local-property-reads.ts')}#Budget.mode | via ${fixtureName('local-property-reads.ts')}#Budget.mode > ${fixtureName('local-property-reads.ts')}#tail`,
    },
  },
  {
    construct: 'a copy into a union of local object types, handed on to a generic constraint',
    file: 'union-target.ts',
    want: {
      'resultBudget.strategy': 'enforced | 10:26 property operator',
      // Both union members' `keep` are `Outcome.keep`: named by symbol, they are one target.
      'resultBudget.artifact.retention': `enforced | 10:111 property object-property → ${fixtureName('union-target.ts')}#Outcome.keep | via ${fixtureName('union-target.ts')}#Outcome.keep > ${fixtureName('union-target.ts')}#keepsForSession.keep > ${fixtureName('union-target.ts')}#keepsForSession`,
    },
  },
  {
    construct:
      'a copy into a property a library declares is a library use; a hand-over to a library type ends the chain',
    file: 'library-target.ts',
    want: {
      'metadata.destructive': 'enforced | 7:42 property library',
      'metadata.concurrentSafe': `projected | 11:47 property object-property → ${fixtureName('library-target.ts')}#removeTree.options.recursive`,
    },
  },
];

describe('scanFieldReaders, one construct per fixture', () => {
  test.each(cases)('$construct ($file)', ({ file, want }) => {
    expect(summarise(scan(file))).toEqual(want);
  });

  test('every fixture file has a row', () => {
    const files = readdirSync(fixtureDir)
      .filter((file) => file.endsWith('.ts'))
      .sort();
    expect([...cases.map((row) => row.file), 'hooks.ts'].sort()).toEqual(files);
  });

  test('hooks: a called hook is called, a hook only tested for presence is not', () => {
    const hooks = scan('hooks.ts').hooks.filter((hook) => hook.readers.length > 0);
    expect(
      hooks.map(({ hook, called, readers }) => ({
        hook,
        called,
        at: readers.map((r) => `${r.line}:${r.column} ${r.use}`),
      })),
    ).toEqual([
      { hook: 'prepareApproval', called: false, at: ['10:16 operator'] },
      { hook: 'validateInput', called: true, at: ['5:31 call'] },
    ]);
  });

  test('the field list is the contract walked from ToolContract, unions included', () => {
    const paths = scan('property-access.ts').fields.map((field) => field.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'metadata.maxOutputBytes',
        'permission.askOptions.allowAlways',
        'permission.patternSources',
        'resultBudget.preview.direction',
        'timeout.cleanupGraceMs',
        'timeout.kind',
        'cancellation.supported',
        'trace.required',
        'descriptionTemplates.render',
      ]),
    );
    expect(paths).not.toContain('metadata');
    expect(paths).not.toContain('timeout');
    expect([...paths].sort()).toEqual(paths);
  });

  test('same program, same scan, same bytes', () => {
    expect(JSON.stringify(scan('model-projection.ts'))).toBe(
      JSON.stringify(scan('model-projection.ts')),
    );
  });
});
