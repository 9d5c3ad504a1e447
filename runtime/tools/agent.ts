/**
 * Agent (and Task, its hidden Claude Code-compatible copy): starts a sub-agent through the host's
 * sub-agent port, after checking that the requested agent type is one the host offers.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/agent.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  // Task runs this module too: name the tool the model called.
  const toolName = context.toolName ?? 'Agent';
  const subagent = context.ports.subagent;
  if (subagent === undefined) return portUnavailable(toolName, HOST_SERVICES.subagent);
  if (
    input.subagent_type !== undefined &&
    !subagent.profiles.some((profile) => profile.name === input.subagent_type)
  ) {
    const available = subagent.profiles.map((profile) => profile.name);
    return {
      ok: false,
      code: 'unknown_subagent_type',
      message:
        available.length === 0
          ? `Unknown agent type "${input.subagent_type}": this host defines no agent types; leave subagent_type out.`
          : `Unknown agent type "${input.subagent_type}". Available types: ${available.join(', ')}.`,
    };
  }
  if (input.prompt.trim() === '')
    return {
      ok: false,
      code: 'invalid_input',
      message: 'The prompt is blank; give the sub-agent its task.',
    };
  const started = await callHostPort(toolName, context.signal, () =>
    subagent.start(
      {
        description: input.description,
        prompt: input.prompt,
        runInBackground: input.run_in_background,
        ...(input.subagent_type === undefined ? {} : { subagentType: input.subagent_type }),
      },
      context.signal,
    ),
  );
  if (!started.ok) return started;
  const { agentId, result } = started.value;
  // A background agent that already finished (the host answered with its report) is completed.
  if (result === undefined && input.run_in_background)
    return { ok: true, output: { status: 'running', agentId } };
  return { ok: true, output: { status: 'completed', agentId, report: result ?? '' } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.status === 'running') {
    return `Started agent ${output.agentId} in the background. You will be notified when it finishes; do not poll or wait for it, continue with other work.`;
  }
  const report =
    output.report.trim() === '' ? '(The agent finished without a report.)' : output.report;
  return `${report}\n\n(agent ${output.agentId} finished)`;
};
