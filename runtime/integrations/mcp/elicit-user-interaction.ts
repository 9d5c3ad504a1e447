/**
 * The user-interaction port of an MCP server whose client offers elicitation: AskUserQuestion's
 * questions become one `elicitation/create` form (a single choice per question, or a multiple
 * choice, each with a field for an answer in the user's own words), and plan mode is state of the tool session — EnterPlanMode switches its permission
 * mode to `plan`, ExitPlanMode shows the plan in a form and, once the user approves it, restores
 * the mode the session had before. Declining or cancelling a form answers "not approved" for a
 * plan and fails a question (the tool reports the failure to the model).
 */
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { UserInteractionPort } from '../../core/contract.js';
import type { PermissionMode } from '../../call-path/permission/evaluate-permission.js';
import type { SendElicitation } from './elicit-approval.js';

/** The session whose permission mode plan mode changes. */
export interface PlanModeSession {
  readonly permissions: { readonly mode: PermissionMode };
  setPermissionMode(mode: PermissionMode): void;
}

/** Plan mode of one session: the mode to go back to while it is on. */
export interface PlanModeState {
  previous?: PermissionMode;
}

export function elicitUserInteraction(
  send: SendElicitation,
  signal: AbortSignal,
  session: PlanModeSession,
  planMode: PlanModeState,
): UserInteractionPort {
  const elicit = async (message: string, properties: Record<string, unknown>, required: string[]) =>
    ElicitResultSchema.parse(
      await send({ message, requestedSchema: { type: 'object', properties, required } }, signal),
    );
  return {
    async ask(questions, askSignal) {
      const properties: Record<string, unknown> = {};
      questions.forEach((question, index) => {
        const choices = question.options.map((label, option) => {
          const description = question.optionDescriptions?.[option];
          return { const: label, title: description ? `${label}: ${description}` : label };
        });
        properties[`q${index + 1}`] = question.multiSelect
          ? {
              type: 'array',
              title: question.header ?? question.question,
              description: question.question,
              items: { anyOf: choices },
            }
          : {
              type: 'string',
              title: question.header ?? question.question,
              description: question.question,
              oneOf: choices,
            };
        // AskUserQuestion promises the user can always answer in their own words.
        properties[`q${index + 1}_own`] = {
          type: 'string',
          title: 'Or in your own words',
          description: `Your own answer to: ${question.question}`,
        };
      });
      const answer = await elicit(
        questions.length === 1 ? questions[0]!.question : 'Please answer these questions.',
        properties,
        [],
      );
      askSignal.throwIfAborted();
      if (answer.action !== 'accept')
        throw new Error(
          `the user ${answer.action === 'decline' ? 'declined' : 'cancelled'} the questions`,
        );
      return questions.map((_, index) => {
        const own = answer.content?.[`q${index + 1}_own`];
        if (typeof own === 'string' && own.trim() !== '') return [own.trim()];
        const value = answer.content?.[`q${index + 1}`];
        if (Array.isArray(value)) return value.map(String);
        return value === undefined ? [] : [String(value)];
      });
    },
    async enterPlanMode() {
      if (session.permissions.mode !== 'plan') planMode.previous = session.permissions.mode;
      session.setPermissionMode('plan');
    },
    async exitPlanMode(plan) {
      const answer = await elicit(
        `Approve this plan? Approving ends plan mode and lets the model carry it out.\n\n${plan}`,
        {
          approve: { type: 'boolean', title: 'Approve the plan' },
          feedback: {
            type: 'string',
            title: 'Feedback',
            description: 'What should change (optional)',
          },
        },
        ['approve'],
      );
      const approved = answer.action === 'accept' && answer.content?.approve === true;
      const said = answer.content?.feedback;
      if (approved) {
        session.setPermissionMode(planMode.previous ?? 'default');
        planMode.previous = undefined;
      }
      return {
        approved,
        ...(typeof said === 'string' && said.trim() !== '' ? { feedback: said } : {}),
      };
    },
  };
}
