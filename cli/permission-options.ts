/**
 * The permission flags of a command that runs tools through a session (`serve`; `call` has the
 * same flags): the mode, rules as written, and `--yes`. Rules are checked here, so a bad rule is
 * a usage error before anything starts.
 */
import type { ParseArgsConfig } from 'node:util';
import type { PermissionMode } from '../runtime/call-path/permission/evaluate-permission.js';
import { safeParsePermissionRule } from '../runtime/core/rules/parse-permission-rule.js';
import { UsageError, oneOf } from './context-options.js';

export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'yolo',
];

/** `parseArgs` options of the permission flags. */
export const PERMISSION_OPTIONS = {
  mode: { type: 'string' },
  'allow-rule': { type: 'string', multiple: true },
  'ask-rule': { type: 'string', multiple: true },
  'deny-rule': { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

export interface PermissionOptionValues {
  readonly mode?: string | undefined;
  readonly 'allow-rule'?: string[] | undefined;
  readonly 'ask-rule'?: string[] | undefined;
  readonly 'deny-rule'?: string[] | undefined;
  readonly yes?: boolean | undefined;
}

/** The session's permissions as the flags give them. */
export interface PermissionFlags {
  readonly mode: PermissionMode;
  readonly allow: readonly string[];
  readonly ask: readonly string[];
  readonly deny: readonly string[];
  /** Approve every call that asks (deny rules and plan mode still refuse). */
  readonly yes: boolean;
}

export const PERMISSION_OPTIONS_USAGE = `  --mode MODE          ${PERMISSION_MODES.join(', ')} (default: default)
  --allow-rule RULE    Allow without asking, repeatable: Read, Bash(git status:*)
  --ask-rule RULE      Always ask, repeatable
  --deny-rule RULE     Refuse, repeatable (--disallow with a pattern does the same)
  --yes                Approve every call that asks (deny rules and plan mode still refuse)`;

function rules(values: readonly string[] | undefined, option: string): string[] {
  for (const rule of values ?? []) {
    const parsed = safeParsePermissionRule(rule);
    if (!parsed.success) throw new UsageError(`${option}: ${parsed.error.message}`);
  }
  return [...(values ?? [])];
}

/** Throws {@link UsageError} for a bad mode or rule. */
export function permissionFlagsFromOptions(values: PermissionOptionValues): PermissionFlags {
  return {
    mode: oneOf(values.mode ?? 'default', PERMISSION_MODES, '--mode'),
    allow: rules(values['allow-rule'], '--allow-rule'),
    ask: rules(values['ask-rule'], '--ask-rule'),
    deny: rules(values['deny-rule'], '--deny-rule'),
    yes: values.yes === true,
  };
}
