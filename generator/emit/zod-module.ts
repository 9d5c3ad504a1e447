/**
 * `generated/zod/<kebab>.ts`: one tool's zod schemas and their types, apart from its tool module
 * so that listing tools never imports zod. The tool module imports the types alone and this
 * module with the implementation, on the tool's first call (`lazyZodSchemas` in
 * runtime/core/contract.ts).
 */
import type { Project } from 'ts-morph';
import { loadTsMorph } from '../support/load-ts-morph.js';
import { blankLine, printModule } from './emit-project.js';
import { generatedHeader } from '../support/generated-header.js';

export interface ZodModuleInput {
  /** Project-relative posix path of the manifest. */
  readonly file: string;
  /** Kebab-case module name (`generated/zod/<kebab>.ts`). */
  readonly kebab: string;
  readonly inputZodCode: string;
  readonly outputZodCode: string;
}

export function zodModuleSource(project: Project, input: ZodModuleInput): string {
  const { StructureKind } = loadTsMorph();
  // Declarations are given as text: ts-morph's structure printer adds a hanging indent to
  // multi-line initializers, and our printer has already laid them out.
  return printModule(project, `/generated/zod/${input.kebab}.ts`, [
    generatedHeader(input.file),
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: 'zod', namedImports: ['z'] },
    blankLine,
    `export const InputSchema = ${input.inputZodCode};`,
    'export type Input = z.output<typeof InputSchema>;',
    blankLine,
    `export const OutputSchema = ${input.outputZodCode};`,
    'export type Output = z.output<typeof OutputSchema>;',
  ]);
}
