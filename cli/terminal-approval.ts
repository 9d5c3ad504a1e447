/**
 * Approval at a terminal: the request, worded for a person, and a y/n/a answer read from a line
 * source. Without a person (stdin is not a terminal) the CLI gives no approver, so the executor
 * refuses at once instead of waiting; `--yes` answers every request with yes.
 */
import type {
  ApprovalAnswer,
  ApprovalRequest,
} from '../runtime/call-path/executor/authorize-tool-call.js';

/** What a person is shown before answering. */
export function describeApprovalRequest(request: ApprovalRequest): string {
  const lines = [
    `${request.tool} needs your approval (permission "${request.permission.name}", risk ${request.permission.riskLevel}): ${request.permission.reason}`,
    `  input: ${JSON.stringify(request.input)}`,
  ];
  if (request.rule !== undefined) lines.push(`  asked because of the rule ${request.rule}`);
  if (request.preview !== undefined) lines.push(request.preview);
  return lines.join('\n');
}

/** `y`/`yes`, `a`/`always` (when offered) or anything else (no). */
export function parseApprovalAnswer(text: string, alwaysOffered: boolean): ApprovalAnswer {
  const answer = text.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return { decision: 'allow' };
  if (alwaysOffered && (answer === 'a' || answer === 'always'))
    return { decision: 'allow', always: true };
  return { decision: 'deny' };
}

/** An approver that asks through `ask` (which shows a prompt and resolves with the typed line). */
export function terminalApprover(
  ask: (prompt: string) => Promise<string | undefined>,
): (request: ApprovalRequest) => Promise<ApprovalAnswer> {
  return async (request) => {
    const always = request.alwaysAllowSuggestion !== undefined;
    const typed = await ask(
      `${describeApprovalRequest(request)}\nAllow? [y]es / [n]o${always ? ' / [a]lways' : ''}: `,
    );
    return typed === undefined ? { decision: 'deny' } : parseApprovalAnswer(typed, always);
  };
}
