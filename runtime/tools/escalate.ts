/**
 * escalate: a workflow actor's blocking question, raised through the workflow port. The host may
 * answer at once (the main agent was waiting) or later, when the run resumes the actor.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/escalate.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  const escalate = workflow?.escalate;
  if (workflow === undefined || escalate === undefined)
    return portUnavailable('escalate', HOST_SERVICES.workflowActor);
  if (input.question.trim() === '')
    return { ok: false, code: 'invalid_input', message: 'The question is blank.' };
  const details = input.context?.trim();
  const escalated = await callHostPort('escalate', context.signal, () =>
    escalate.call(workflow, {
      question: input.question,
      ...(details === undefined || details === '' ? {} : { context: details }),
    }),
  );
  if (!escalated.ok) return escalated;
  const answer = escalated.value.answer;
  if (answer === undefined || answer.trim() === '') {
    return {
      ok: true,
      output:
        'Question escalated to the main agent; no answer yet. Stop here: the run resumes you with the answer.',
    };
  }
  return { ok: true, output: `The main agent answered:\n${answer}` };
};
