/**
 * ExitPlanMode: presents the plan through the host's user-interaction port and waits (no
 * timeout: a person decides) for approval; the host ends plan mode when the user approves.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/exit-plan-mode.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const userInteraction = context.ports.userInteraction;
  if (userInteraction === undefined) return portUnavailable('ExitPlanMode', HOST_SERVICES.planMode);
  if (input.plan.trim() === '') {
    return {
      ok: false,
      code: 'invalid_input',
      message: 'The plan is blank; write the plan before calling ExitPlanMode.',
    };
  }
  const reviewed = await callHostPort('ExitPlanMode', context.signal, () =>
    userInteraction.exitPlanMode(input.plan),
  );
  if (!reviewed.ok) return reviewed;
  const feedback = reviewed.value.feedback?.trim();
  return {
    ok: true,
    output: {
      approved: reviewed.value.approved,
      plan: input.plan,
      feedback: feedback === undefined || feedback === '' ? null : feedback,
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.approved) {
    return [
      'The user approved your plan. Plan mode is off: implement the plan now.',
      ...(output.feedback === null ? [] : [`The user added: ${output.feedback}`]),
      `Approved plan:\n${output.plan}`,
    ].join('\n\n');
  }
  return [
    'The user did not approve the plan; plan mode is still on. Revise the plan and present it again with ExitPlanMode.',
    output.feedback === null
      ? 'The user gave no reason; if what should change is unclear, ask with AskUserQuestion.'
      : `The user said: ${output.feedback}`,
  ].join('\n\n');
};
