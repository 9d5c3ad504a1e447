/**
 * Approval through MCP elicitation: the executor's approval question (tool, permission, risk,
 * the input or the tool's preview) becomes an `elicitation/create` form sent to the client
 * within the `tools/call` it belongs to; the user's choice comes back as the answer. Declining,
 * cancelling or a client that fails to answer refuse the call.
 */
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type {
  ApprovalAnswer,
  ApprovalRequest,
  RequestApproval,
} from '../../call-path/executor/authorize-tool-call.js';

/** What sends a request to the client within the current request (the SDK's `extra.sendRequest`). */
export type SendElicitation = (
  params: {
    readonly message: string;
    readonly requestedSchema: Record<string, unknown>;
  },
  signal: AbortSignal,
) => Promise<unknown>;

/** The longest shown input or preview, in characters. */
const MAX_SHOWN = 4_000;

/** The question's text. */
export function approvalMessage(request: ApprovalRequest): string {
  const shown = request.preview ?? JSON.stringify(request.input, null, 2) ?? '';
  const clipped = shown.length > MAX_SHOWN ? `${shown.slice(0, MAX_SHOWN)}\n…` : shown;
  return [
    `Allow ${request.tool}? ${request.permission.reason} (risk: ${request.permission.riskLevel})`,
    clipped,
  ].join('\n\n');
}

export function elicitApproval(send: SendElicitation, signal: AbortSignal): RequestApproval {
  return async (request: ApprovalRequest): Promise<ApprovalAnswer> => {
    const choices =
      request.alwaysAllowSuggestion === undefined ? ['allow', 'deny'] : ['allow', 'always', 'deny'];
    let answer;
    try {
      answer = ElicitResultSchema.parse(
        await send(
          {
            message: approvalMessage(request),
            requestedSchema: {
              type: 'object',
              properties: {
                decision: {
                  type: 'string',
                  title: 'Decision',
                  description: 'allow this call, always allow calls like it, or deny it',
                  enum: choices,
                },
              },
              required: ['decision'],
            },
          },
          signal,
        ),
      );
    } catch (error) {
      return {
        decision: 'deny',
        message: `The approval could not be asked through the MCP client: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (answer.action !== 'accept')
      return {
        decision: 'deny',
        message: `The user ${answer.action === 'decline' ? 'declined' : 'cancelled'} this call of ${request.tool}.`,
      };
    const decision = answer.content?.decision;
    if (decision === 'allow' || decision === 'always')
      return { decision: 'allow', always: decision === 'always' };
    return { decision: 'deny', message: `The user denied this call of ${request.tool}.` };
  };
}
