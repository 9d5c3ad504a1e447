/** TaskStop (aliases KillShell, KillBash): stop a running background task and its process group. */
import type { Input, Output } from '../../generated/tools/task-stop.js';
import type { ToolImplementation } from '../core/contract.js';
import { toolFailure } from './support/tool-failure.js';
import { unknownTaskFailure } from './support/unknown-task-failure.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const task = context.session.backgroundTasks.get(input.task_id);
  if (task === undefined) return unknownTaskFailure(input.task_id, context.session);
  if (task.status !== 'running') {
    return toolFailure(
      'task_not_running',
      `Task ${task.id} is not running (it ${task.status === 'killed' ? 'was stopped' : task.status === 'completed' ? 'completed' : 'failed'}${task.exitCode === null ? '' : ` with exit code ${task.exitCode}`}).`,
    );
  }
  await task.stop();
  return {
    ok: true,
    output: {
      taskId: task.id,
      command: task.command,
      status: task.status,
      exitCode: task.exitCode,
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  `Stopped task ${output.taskId} (${output.command}); status ${output.status}.`;
