/**
 * `generated/index.ts`: `builtInTools`, every tool's entry in registration order. The order is
 * the explicit list of `manifest/tools.yaml`, never the file system's.
 */
import type { ImportDeclarationStructure, Project } from 'ts-morph';
import { loadTsMorph } from '../support/load-ts-morph.js';
import { blankLine, printModule } from './emit-project.js';
import { generatedHeader } from '../support/generated-header.js';

export interface IndexEntry {
  /** Kebab-case module name in `generated/tools/`. */
  readonly kebab: string;
}

/** `contractModule`: where `ToolEntry` is imported from; default `../runtime/contract.js`. */
export function indexModuleSource(
  project: Project,
  tools: readonly IndexEntry[],
  contractModule = '../runtime/contract.js',
): string {
  const { StructureKind } = loadTsMorph();
  const bindings = tools.map((tool) => toolBinding(tool.kebab));
  return printModule(project, '/generated/index.ts', [
    generatedHeader('manifest/tools.yaml'),
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: contractModule,
      namedImports: ['ToolEntry'],
    },
    ...tools.map((tool, index): ImportDeclarationStructure => ({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./tools/${tool.kebab}.js`,
      namedImports: [{ name: 'tool', alias: bindings[index]! }],
    })),
    blankLine,
    '/** Every built-in tool, in the registration order of manifest/tools.yaml. */',
    `export const builtInTools: readonly ToolEntry[] = [\n${bindings.map((binding) => `  ${binding},`).join('\n')}\n];`,
  ]);
}

/**
 * Local name of a tool's import: camelCase of the module name plus `Tool`, so that no tool name
 * can become a reserved word (`delete` → `deleteTool`) or start with a digit.
 */
export function toolBinding(kebab: string): string {
  const camel = kebab.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  return /^[0-9]/.test(camel) ? `_${camel}Tool` : `${camel}Tool`;
}
