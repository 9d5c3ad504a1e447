/**
 * `generated/zod/<kebab>.ts`: one tool's zod schemas and their types, apart from its tool module
 * so that listing tools never imports zod. The tool module imports the types alone and this
 * module with the implementation, on the tool's first call (`lazyZodSchemas` in
 * runtime/core/contract.ts).
 */
import { blankLine, printModule } from './print-module.js';
import { generatedHeader } from '../support/generated-header.js';

export interface ZodModuleInput {
  /** Project-relative posix path of the manifest. */
  readonly file: string;
  /** Kebab-case module name (`generated/zod/<kebab>.ts`). */
  readonly kebab: string;
  readonly inputZodCode: string;
  readonly outputZodCode: string;
}

export function zodModuleSource(input: ZodModuleInput): string {
  return printModule([
    generatedHeader(input.file),
    { kind: 'import', moduleSpecifier: 'zod', namedImports: ['z'] },
    blankLine,
    `export const InputSchema = ${input.inputZodCode};`,
    'export type Input = z.output<typeof InputSchema>;',
    blankLine,
    `export const OutputSchema = ${input.outputZodCode};`,
    'export type Output = z.output<typeof OutputSchema>;',
  ]);
}
