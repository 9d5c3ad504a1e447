/**
 * `generated/provider-order.ts`: the sorted-name table. Tools named here reach the model first,
 * in this order; the list is part of the prompt prefix, so it must not depend on the machine.
 */
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';
import { blankLine, printModule } from './print-module.js';
import { generatedHeader } from '../support/generated-header.js';
import { jsString } from '../support/js-literal.js';

/**
 * `ordering: reference` tool names plus the index's `reservedReferenceNames`, without duplicates,
 * sorted by UTF-16 code unit: `localeCompare` would follow the process locale and could reorder
 * tools between machines.
 */
export function sortedProviderToolNames(
  referenceNames: readonly string[],
  reservedNames: readonly string[],
): string[] {
  return [...new Set([...referenceNames, ...reservedNames])].sort(compareCodeUnits);
}

export function providerOrderModuleSource(names: readonly string[]): string {
  return printModule([
    generatedHeader('manifest/tools.yaml'),
    blankLine,
    '/**',
    ' * Tools that reach the model first, in this order: every `ordering: reference` tool and the',
    ' * reserved reference names of manifest/tools.yaml, sorted by UTF-16 code unit (never by locale).',
    ' */',
    `export const sortedProviderToolNames = ${stringList(names)} as const;`,
    blankLine,
    '/** {@link sortedProviderToolNames} as a set, for membership tests. */',
    'export const SORTED_PROVIDER_TOOL_NAMES: ReadonlySet<string> = new Set<string>(sortedProviderToolNames);',
  ]);
}

function stringList(names: readonly string[]): string {
  return names.length === 0
    ? '[]'
    : `[\n${names.map((name) => `  ${jsString(name)},`).join('\n')}\n]`;
}
