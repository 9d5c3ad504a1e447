/**
 * AmendWorkflow: like CreateWorkflow, but the approval preview is a diff against the run's current
 * script when the host can give it, so the user sees what the revision changes.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/amend-workflow.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';
import { scriptDiff } from './support/script-diff.js';
import {
  checkWorkflowScript,
  fencedBlock,
  normalizeWorkflowScript,
  typecheckWorkflowScript,
} from './support/workflow-script.js';

type Implementation = ToolImplementation<Input, Output>;

export const validateInput: NonNullable<Implementation['validateInput']> = (input) =>
  checkWorkflowScript('AmendWorkflow', input.script);

export const resolveInput: NonNullable<Implementation['resolveInput']> = async (input, context) => {
  const checked = await typecheckWorkflowScript('AmendWorkflow', input.script, context);
  if (!checked.ok) return checked;
  return { ok: true, input: { ...input, script: checked.script } };
};

// The permission always asks (alwaysAsk). Without the current script (no port, a failing host, a
// host that keeps none) the preview falls back to the whole new script: it never blocks approval.
export const prepareApproval: NonNullable<Implementation['prepareApproval']> = async (
  input,
  context,
) => {
  const workflow = context.ports.workflow;
  const current =
    workflow === undefined
      ? undefined
      : await callHostPort('AmendWorkflow', context.signal, () => workflow.getRun(input.runId));
  const currentScript = current?.ok === true ? current.value.script : undefined;
  if (currentScript !== undefined) {
    const diff = await scriptDiff(
      `run ${input.runId} (current)`,
      normalizeWorkflowScript(currentScript),
      `run ${input.runId} (amended)`,
      input.script,
    );
    return {
      decision: 'ask',
      preview:
        diff === undefined
          ? `Amend workflow run ${input.runId}: the revised script is identical to the current one.`
          : `Amend workflow run ${input.runId}:\n\n${fencedBlock(diff, 'diff')}`,
    };
  }
  return {
    decision: 'ask',
    preview: `Amend workflow run ${input.runId} (its current script is not available to compare) with this script:\n\n${fencedBlock(input.script, 'ts')}`,
  };
};

export const handler: Implementation['handler'] = async (input, context) => {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable('AmendWorkflow', HOST_SERVICES.workflow);
  const amended = await callHostPort('AmendWorkflow', context.signal, () =>
    workflow.amend({ runId: input.runId, script: input.script }),
  );
  if (!amended.ok) return amended;
  return { ok: true, output: { runId: amended.value.runId, previousRunId: input.runId } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  output.runId === output.previousRunId
    ? `Amended workflow run ${output.runId}; it continues with the revised script.`
    : `Amended workflow run ${output.previousRunId}; it continues as run ${output.runId}. Use the new id from now on.`;
