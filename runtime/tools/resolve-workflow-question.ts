/** ResolveWorkflowQuestion: delivers the main agent's answer to an actor's escalated question. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/resolve-workflow-question.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined)
    return portUnavailable('ResolveWorkflowQuestion', HOST_SERVICES.workflow);
  if (input.answer.trim() === '')
    return { ok: false, code: 'invalid_input', message: 'The answer is blank.' };
  const resolved = await callHostPort('ResolveWorkflowQuestion', context.signal, () =>
    workflow.resolveQuestion({
      runId: input.runId,
      questionId: input.questionId,
      answer: input.answer,
    }),
  );
  if (!resolved.ok) return resolved;
  return {
    ok: true,
    output: `Answered question ${input.questionId} of workflow run ${input.runId}; the actor continues with your answer.`,
  };
};
