/**
 * `generated/index.ts`: `builtInTools`, every tool's entry in registration order. The order is
 * the explicit list of `manifest/tools.yaml`, never the file system's.
 */
import { blankLine, printModule, type ImportStatement } from './print-module.js';
import { generatedHeader } from '../support/generated-header.js';

export interface IndexEntry {
  /** Kebab-case module name in `generated/tools/`. */
  readonly kebab: string;
}

/** `contractModule`: where `ToolEntry` is imported from; default `../runtime/contract.js`. */
export function indexModuleSource(
  tools: readonly IndexEntry[],
  contractModule = '../runtime/contract.js',
): string {
  const bindings = tools.map((tool) => toolBinding(tool.kebab));
  return printModule([
    generatedHeader('manifest/tools.yaml'),
    {
      kind: 'import',
      isTypeOnly: true,
      moduleSpecifier: contractModule,
      namedImports: ['ToolEntry'],
    },
    ...tools.map((tool, index): ImportStatement => ({
      kind: 'import',
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
