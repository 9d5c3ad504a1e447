/** EnterPlanMode: asks the host to switch the session's permission mode to plan mode. */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/enter-plan-mode.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (_input, context) => {
  const userInteraction = context.ports.userInteraction;
  if (userInteraction === undefined)
    return portUnavailable('EnterPlanMode', HOST_SERVICES.planMode);
  const entered = await callHostPort('EnterPlanMode', context.signal, () =>
    userInteraction.enterPlanMode(),
  );
  if (!entered.ok) return entered;
  return {
    ok: true,
    output:
      'Plan mode is on. Explore the code and design an approach; do not edit files or run commands that change anything. When the plan is ready, present it with ExitPlanMode for the user to approve.',
  };
};
