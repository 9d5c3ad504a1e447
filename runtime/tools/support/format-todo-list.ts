/**
 * The todo list as the model reads it (TodoRead and TodoWrite): one line per item with a status
 * mark, numbered so an item can be referred to.
 */
import type { SessionState } from '../../core/contract.js';

type Todo = SessionState['todos'][number];

const STATUS_MARK: Readonly<Record<Todo['status'], string>> = {
  pending: '[ ]',
  in_progress: '[~]',
  completed: '[x]',
};

export function formatTodoList(todos: readonly Todo[]): string {
  if (todos.length === 0) return 'The todo list is empty.';
  return todos
    .map((todo, index) => {
      const active =
        todo.status === 'in_progress' && todo.activeForm !== undefined
          ? ` (${todo.activeForm})`
          : '';
      return `${index + 1}. ${STATUS_MARK[todo.status]} ${todo.content}${active}`;
    })
    .join('\n');
}
