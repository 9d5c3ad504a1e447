import fc from 'fast-check';
import {
  IndentationText,
  NewLineKind,
  Project,
  QuoteKind,
  StructureKind,
  type StatementStructures,
  type WriterFunction as MorphWriterFunction,
} from 'ts-morph';
import { describe, expect, it } from 'vitest';
import {
  blankLine,
  printModule,
  type ModuleStatement,
  type NamedBinding,
} from '../../../generator/emit/print-module.js';

describe('printModule', () => {
  it.each<{ name: string; statements: ModuleStatement[]; want: string }>([
    { name: 'nothing', statements: [], want: '' },
    {
      name: 'one line of text gets a final newline',
      statements: ['const a = 1;'],
      want: 'const a = 1;\n',
    },
    {
      name: 'named imports, a type-only import and an alias',
      statements: [
        { kind: 'import', moduleSpecifier: 'zod', namedImports: ['z'] },
        { kind: 'import', isTypeOnly: true, moduleSpecifier: './a.js', namedImports: ['A', 'B'] },
        {
          kind: 'import',
          moduleSpecifier: './b.js',
          namedImports: [{ name: 'tool', alias: 'readTool' }],
        },
        { kind: 'import', moduleSpecifier: './c.js', namedImports: ['f', 'type T'] },
      ],
      want: [
        "import { z } from 'zod';",
        "import type { A, B } from './a.js';",
        "import { tool as readTool } from './b.js';",
        "import { f, type T } from './c.js';",
        '',
      ].join('\n'),
    },
    {
      name: 'an import for its effect alone',
      statements: [{ kind: 'import', moduleSpecifier: './setup.js', namedImports: [] }],
      want: "import './setup.js';\n",
    },
    {
      name: 'exports: named, type-only, re-export, everything, nothing',
      statements: [
        { kind: 'export', namedExports: ['a'] },
        { kind: 'export', isTypeOnly: true, namedExports: ['Input', 'Output'] },
        { kind: 'export', namedExports: ['b'], moduleSpecifier: './b.js' },
        { kind: 'export', namedExports: [], moduleSpecifier: './c.js' },
        { kind: 'export', namedExports: [] },
      ],
      want: [
        'export { a };',
        'export type { Input, Output };',
        "export { b } from './b.js';",
        "export * from './c.js';",
        'export { };',
        '',
      ].join('\n'),
    },
    {
      name: 'a specifier is quoted and escaped',
      statements: [{ kind: 'import', moduleSpecifier: "./it's\\here.js", namedImports: ['x'] }],
      want: "import { x } from './it\\'s\\\\here.js';\n",
    },
    {
      name: 'a blank line after a closing brace, and from blankLine',
      statements: ['function f() {\n  return 1;\n}', 'f();', blankLine, 'f();'],
      want: 'function f() {\n  return 1;\n}\n\nf();\n\nf();\n',
    },
    {
      name: 'an import after a line comment starts on the next line',
      statements: ['// header', { kind: 'import', moduleSpecifier: 'zod', namedImports: ['z'] }],
      want: "// header\nimport { z } from 'zod';\n",
    },
  ])('$name', ({ statements, want }) => {
    expect(printModule(statements)).toBe(want);
    expect(printModule(statements)).toBe(printWithTsMorph(statements));
  });

  it.each([
    ['a binding that is not an identifier', ['a, b']],
    ['an alias that is not an identifier', [{ name: 'a', alias: 'b c' }]],
    ['an empty binding', ['']],
  ] satisfies [string, NamedBinding[]][])('refuses %s', (_, namedImports) => {
    expect(() => printModule([{ kind: 'import', moduleSpecifier: 'm', namedImports }])).toThrow(
      /not an identifier binding/,
    );
  });

  it('prints every statement list as ts-morph prints its structures', () => {
    fc.assert(
      fc.property(fc.array(arbitraryStatement, { maxLength: 12 }), (statements) => {
        expect(printModule(statements)).toBe(printWithTsMorph(statements));
      }),
      { numRuns: 400 },
    );
  });
});

/** ts-morph's printing of the same statements, with the settings the generator used with it. */
function printWithTsMorph(statements: readonly ModuleStatement[]): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Single,
      useTrailingCommas: true,
    },
  });
  const structures = statements.map(
    (statement): string | MorphWriterFunction | StatementStructures => {
      if (typeof statement === 'string' || typeof statement === 'function') return statement;
      const bindings = (
        statement.kind === 'import' ? statement.namedImports : statement.namedExports
      ).map((binding) => (typeof binding === 'string' ? binding : { ...binding }));
      return statement.kind === 'import'
        ? {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: statement.isTypeOnly ?? false,
            moduleSpecifier: statement.moduleSpecifier,
            namedImports: bindings,
          }
        : {
            kind: StructureKind.ExportDeclaration,
            isTypeOnly: statement.isTypeOnly ?? false,
            namedExports: bindings,
            ...(statement.moduleSpecifier === undefined
              ? {}
              : { moduleSpecifier: statement.moduleSpecifier }),
          };
    },
  );
  return project.createSourceFile('/module.ts', { statements: structures }).getFullText();
}

const identifier = fc.stringMatching(/^[A-Za-z_$][\w$]{0,8}$/);
const binding: fc.Arbitrary<NamedBinding> = fc.oneof(
  identifier,
  identifier.map((name) => `type ${name}`),
  fc.record({ name: identifier, alias: identifier }),
);
/** Text a printer of ours could hand over: code, comments, braces, blank and unusual whitespace. */
const textStatement = fc
  .array(
    fc.constantFrom(
      'const a = 1;',
      'export const b = {\n  c: 2,\n};',
      '}',
      '{',
      '// a comment',
      '/* a block */',
      '/* left open',
      '/**\n * doc\n */',
      '\n',
      '\n\n',
      '  ',
      '\t',
      '\u00A0',
      '\u2028',
      'x',
      "'}'",
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(''));
const specifier = fc.oneof(
  fc.constantFrom('zod', './tools/read.js', '../../runtime/contract.js', ''),
  fc.string({ maxLength: 12 }),
);
const arbitraryStatement: fc.Arbitrary<ModuleStatement> = fc.oneof(
  textStatement,
  fc.constant(blankLine),
  fc.record(
    {
      kind: fc.constant('import' as const),
      isTypeOnly: fc.boolean(),
      namedImports: fc.array(binding, { maxLength: 4 }),
      moduleSpecifier: specifier,
    },
    { requiredKeys: ['kind', 'namedImports', 'moduleSpecifier'] },
  ),
  fc.record(
    {
      kind: fc.constant('export' as const),
      isTypeOnly: fc.boolean(),
      namedExports: fc.array(binding, { maxLength: 4 }),
      moduleSpecifier: specifier,
    },
    { requiredKeys: ['kind', 'namedExports'] },
  ),
);
