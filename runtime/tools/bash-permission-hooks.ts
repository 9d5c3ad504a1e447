/**
 * Bash's hooks the runtime calls before the handler runs (permission, scheduling of a batch, the
 * timeout), re-exported by the handler module (runtime/tools/bash.ts): what a command's analysis
 * decides, apart from running it.
 */
import type { Input, Output } from '../../generated/tools/bash.js';
import type { PermissionCapability, ToolImplementation } from '../core/contract.js';
import { classifyShellCommand } from './bash-classifier/classify-shell-command.js';

type Implementation = ToolImplementation<Input, Output>;

/** What a read-only command is, for scheduling and permission. */
export const READ_ONLY_CAPABILITY: PermissionCapability = {
  readOnly: true,
  riskLevel: 'low',
  needsApproval: false,
  sideEffectScope: 'none',
};

/** Read-only commands get {@link READ_ONLY_CAPABILITY}; others keep the declared capability. */
export const resolvePermissionCapability: NonNullable<
  Implementation['resolvePermissionCapability']
> = (input) => (classifyShellCommand(input.command).readOnly ? READ_ONLY_CAPABILITY : undefined);

/**
 * Rules match every simple command, wrappers looked into: `Bash(rm:*)` catches `ls && rm -rf x`
 * and `bash -c "rm x"`; a command the analysis is unsure of is never allowed by a rule, nor is
 * one whose redirection writes to a file (`echo x > ~/.bashrc` under `Bash(echo:*)` asks). `*`
 * in a pattern matches any text, `/` included.
 */
export const resolvePermissionRulePolicy: NonNullable<
  Implementation['resolvePermissionRulePolicy']
> = (input) => {
  const { subcommands, uncertain, redirects } = classifyShellCommand(input.command);
  return {
    matchValues: { command: subcommands.length === 0 ? [input.command] : [...subcommands] },
    patternSyntax: 'text',
    ...(uncertain === undefined ? {} : { uncertain }),
    ...(redirects === undefined ? {} : { beyondAllowRules: redirects }),
  };
};

/** The call's `timeout`, capped at the policy's maximum (when the policy allows an override). */
export const resolveTimeoutBudgetMs: NonNullable<Implementation['resolveTimeoutBudgetMs']> = (
  input,
  policy,
) => {
  if (policy.kind !== 'bounded' || !policy.allowCallOverride || input.timeout === undefined)
    return undefined;
  return Math.min(input.timeout, policy.maxMs);
};
