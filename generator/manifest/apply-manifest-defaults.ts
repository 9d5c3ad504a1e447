/**
 * Fills in what a manifest leaves out, on the raw value (after `extends`, before the manifest
 * language checks it), so the contract still carries every effective value (TOOLS.md, the audit
 * and `diff` see them all) while a manifest only writes what differs:
 *
 * 1. the project's `defaults` (manifest/tools.yaml): `permission`, `resultBudget`, `timeout`,
 *    `cancellation`, under the manifest's own values (mappings merge key by key; a `timeout` the
 *    manifest states replaces the default whole, since its `kind` decides its fields);
 * 2. derivations from values the manifest states (each applies only when the field is absent):
 *    {@link FLAG_DERIVATIONS} from `flags.readOnly`, `permission.permission` from `capability`,
 *    `permission.reason` from `purpose`, `purpose` from `title`, and `output` = `{ type: any }`.
 */
import type { ProjectDefaults } from './manifest-schema.js';
import { mergeManifestValues } from './merge-manifest-values.js';

/**
 * How each flag follows from `readOnly` (and `destructive`) when a manifest leaves it out. A
 * read-only tool is safe to run in parallel, needs no approval and touches nothing (scope
 * `none`); a tool that writes needs approval and states its scope itself. Only flags that used
 * to be required are derived: a manifest written before keeps its meaning (`allowedInPlanMode`
 * and `idempotent` keep their default, false).
 */
export const FLAG_DERIVATIONS: readonly {
  readonly flag: string;
  readonly rule: string;
  readonly derive: (flags: { readOnly: boolean; destructive: boolean }) => unknown;
}[] = [
  { flag: 'destructive', rule: 'false', derive: () => false },
  { flag: 'concurrentSafe', rule: 'readOnly', derive: ({ readOnly }) => readOnly },
  { flag: 'needsApproval', rule: 'not readOnly', derive: ({ readOnly }) => !readOnly },
  {
    flag: 'riskLevel',
    rule: 'low when readOnly, high when destructive, else medium',
    derive: ({ readOnly, destructive }) => (readOnly ? 'low' : destructive ? 'high' : 'medium'),
  },
  {
    flag: 'sideEffectScope',
    rule: 'none when readOnly (else it must be stated)',
    derive: ({ readOnly }) => (readOnly ? 'none' : undefined),
  },
];

const DEFAULTED_SECTIONS = ['permission', 'resultBudget', 'timeout', 'cancellation'] as const;

export function applyManifestDefaults(
  raw: unknown,
  defaults: ProjectDefaults | undefined,
): unknown {
  if (!isMapping(raw)) return raw;
  const value: Record<string, unknown> = { ...raw };
  for (const section of DEFAULTED_SECTIONS) {
    const fallback = defaults?.[section];
    if (fallback === undefined) continue;
    value[section] =
      section === 'timeout' && value[section] !== undefined
        ? value[section]
        : mergeManifestValues(fallback, value[section]);
  }
  if (isMapping(value['flags']) && typeof value['flags']['readOnly'] === 'boolean') {
    const flags: Record<string, unknown> = { ...value['flags'] };
    const given = {
      readOnly: flags['readOnly'] as boolean,
      destructive: typeof flags['destructive'] === 'boolean' ? flags['destructive'] : false,
    };
    for (const { flag, derive } of FLAG_DERIVATIONS) {
      if (flags[flag] !== undefined) continue;
      const derived = derive(given);
      if (derived !== undefined) flags[flag] = derived;
    }
    value['flags'] = flags;
  }
  if (value['purpose'] === undefined && typeof value['title'] === 'string')
    value['purpose'] = value['title'];
  const permission = isMapping(value['permission']) ? { ...value['permission'] } : {};
  if (permission['permission'] === undefined && typeof value['capability'] === 'string')
    permission['permission'] = value['capability'];
  if (permission['reason'] === undefined && typeof value['purpose'] === 'string')
    permission['reason'] = value['purpose'];
  if (Object.keys(permission).length > 0) value['permission'] = permission;
  if (value['output'] === undefined) value['output'] = { type: 'any' };
  return value;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
