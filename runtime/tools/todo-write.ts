/**
 * TodoWrite: replace the session's todo list. The schema checks each item; the handler checks
 * the list as a whole (at most one item in progress).
 */
import type { Input, Output } from '../../generated/tools/todo-write.js';
import type { ToolImplementation } from '../core/contract.js';
import { formatTodoList } from './support/format-todo-list.js';
import { toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const inProgress = input.todos.filter((todo) => todo.status === 'in_progress');
  if (inProgress.length > 1) {
    return toolFailure(
      'multiple_in_progress',
      `At most one todo may be in_progress; ${inProgress.length} are: ${inProgress.map((todo) => JSON.stringify(todo.content)).join(', ')}. Mark the others pending or completed.`,
    );
  }
  const oldTodos = context.session.todos.map((todo) => ({ ...todo }));
  const newTodos = input.todos.map((todo) => ({
    content: todo.content,
    status: todo.status,
    activeForm: todo.activeForm,
  }));
  context.session.todos = newTodos.map((todo) => ({ ...todo }));
  return { ok: true, output: { oldTodos, newTodos } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  const done = output.newTodos.filter((todo) => todo.status === 'completed').length;
  return `Todo list updated (${done} of ${output.newTodos.length} completed). Keep it current as you work.\n${formatTodoList(output.newTodos)}`;
};
