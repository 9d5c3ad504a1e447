/** The failure for a task id the session does not know, listing the ids it does know. */
import type { SessionState, ToolFailure } from '../../core/contract.js';
import { toolFailure } from './tool-failure.js';

export function unknownTaskFailure(taskId: string, session: SessionState): ToolFailure {
  const known = [...session.backgroundTasks.keys()];
  const list =
    known.length === 0
      ? 'There are no background tasks in this session.'
      : `Known task ids: ${known.join(', ')}.`;
  return toolFailure(
    'unknown_task',
    `No background task with id ${JSON.stringify(taskId)}. ${list}`,
  );
}
