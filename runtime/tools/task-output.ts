/**
 * TaskOutput (deprecated; aliases BashOutput, AgentOutputTool, BashOutputTool, TaskOutputTool):
 * the output and status of a background task, optionally waiting for it to finish.
 */
import type { Input, Output } from '../../generated/tools/task-output.js';
import type { BackgroundTask, ToolImplementation } from '../core/contract.js';
import { waitForBackgroundTask } from './support/background-tasks.js';
import { unknownTaskFailure } from './support/unknown-task-failure.js';

type Implementation = ToolImplementation<Input, Output>;

/** An unknown id fails before the call runs, naming the ids there are. */
export const validateInput: NonNullable<Implementation['validateInput']> = (input, context) =>
  context.session.backgroundTasks.has(input.task_id)
    ? { ok: true }
    : unknownTaskFailure(input.task_id, context.session);

function snapshot(task: BackgroundTask, retrieval: Output['retrieval']): Output {
  return {
    taskId: task.id,
    command: task.command,
    status: task.status,
    exitCode: task.exitCode,
    output: task.output,
    retrieval,
  };
}

export const handler: Implementation['handler'] = async (input, context) => {
  const task = context.session.backgroundTasks.get(input.task_id);
  if (task === undefined) return unknownTaskFailure(input.task_id, context.session);
  if (task.status === 'running' && input.block) {
    await waitForBackgroundTask(task, input.timeout, context.signal);
  }
  const retrieval = task.status !== 'running' ? 'success' : input.block ? 'timeout' : 'not_ready';
  return { ok: true, output: snapshot(task, retrieval) };
};

function header(output: Output): string {
  const exit = output.exitCode === null ? '' : `, exit code ${output.exitCode}`;
  const waiting =
    output.retrieval === 'timeout'
      ? ' (still running after the wait)'
      : output.retrieval === 'not_ready'
        ? ' (still running)'
        : '';
  return `Task ${output.taskId}: ${output.status}${exit}${waiting}\nCommand: ${output.command}`;
}

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  `${header(output)}\nOutput:\n${output.output === '' ? '(no output yet)' : output.output.replace(/\n$/, '')}`;

export const formatPersistedModelContent: NonNullable<
  Implementation['formatPersistedModelContent']
> = (output, artifactPath, totalBytes) =>
  `${header(output)}\nThe output is too large to show (${totalBytes} bytes) and was saved to ${artifactPath}. Read it with the Read tool (offset and limit) or search it with Grep.`;
