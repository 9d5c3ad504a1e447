/**
 * What `serve` tells the person who configured it, on standard error, once a client has
 * initialized (only then is it known whether the client can approve): the permission mode, whether
 * this client can approve calls (elicitation), which listed tools will therefore be refused or
 * are not listed, and the flags that change it. Pure: the lines from the facts.
 */
import type { ModelToolContract } from '../runtime/core/contract.js';
import type { PermissionMode } from '../runtime/call-path/permission/evaluate-permission.js';

export interface ServeNoticeInput {
  readonly mode: PermissionMode;
  /** `--yes`: every call that asks is approved. */
  readonly yes: boolean;
  /** `--allow-rule` values as written. */
  readonly allowRules: readonly string[];
  /** The client's name and version as it introduced itself, and whether it offers elicitation. */
  readonly client: {
    readonly name?: string;
    readonly version?: string;
    readonly elicitation: boolean;
  };
  /** The tools this client is shown. */
  readonly listed: readonly ModelToolContract[];
  /** Tools left out of this client's list because they need a person it cannot reach. */
  readonly hidden: readonly string[];
  /** Whether a tool decides per input whether it writes (Bash: `ls` runs without approval). */
  readonly decidesPerInput: (tool: string) => boolean;
}

/** The tools of `listed` whose calls would ask for approval in `mode` (by their declared flags). */
export function toolsThatAsk(input: ServeNoticeInput): string[] {
  return input.listed
    .filter((tool) => {
      if (input.allowRules.includes(tool.name)) return false;
      if (tool.permission.alwaysAsk) return true;
      if (input.mode === 'yolo' || input.mode === 'plan') return false;
      if (
        input.mode === 'acceptEdits' &&
        tool.flags.sideEffectScope === 'workspace' &&
        tool.flags.riskLevel !== 'high'
      )
        return false;
      return tool.flags.needsApproval;
    })
    .map((tool) =>
      input.decidesPerInput(tool.name) ? `${tool.name} (unless read-only)` : tool.name,
    );
}

export function serveNotice(input: ServeNoticeInput): string[] {
  const { client } = input;
  const who =
    client.name === undefined
      ? 'this client'
      : `client "${client.name}${client.version === undefined ? '' : ` ${client.version}`}"`;
  const count = input.listed.length;
  const lines = [`${count} tool${count === 1 ? '' : 's'} listed; permission mode ${input.mode}.`];
  const asking = toolsThatAsk(input);
  if (input.mode === 'plan') lines.push('Plan mode refuses every call that changes something.');
  if (input.yes) lines.push(`Every call that asks for approval is approved (--yes).`);
  else if (client.elicitation)
    lines.push(`${who} can approve calls (elicitation): calls that need approval are asked there.`);
  else if (asking.length === 0)
    lines.push(`${who} cannot approve calls; none of the listed tools asks.`);
  else {
    lines.push(
      `${who} cannot approve calls (it offers no elicitation), so these are refused: ${asking.join(', ')}.`,
      `To allow them: --mode acceptEdits (file edits in the workspace), --allow-rule RULE (e.g. --allow-rule Write, --allow-rule "Bash(npm test:*)"), or --yes (approve every call); or use a client that supports elicitation.`,
    );
  }
  if (input.hidden.length > 0)
    lines.push(
      `Not listed, because ${who} cannot reach the user (no elicitation): ${input.hidden.join(', ')}.`,
    );
  return lines;
}

/** What the model reads after a refused call, so it can tell the user what to change. */
export function approvalUnavailableHint(tool: string): string {
  return `This MCP client cannot ask the user for approval. The user can allow it by restarting the server with --allow-rule ${tool}, --mode acceptEdits (file edits) or --yes (every call), or by using a client that supports elicitation.`;
}
