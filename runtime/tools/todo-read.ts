/** TodoRead: the session's todo list, as it is. */
import type { Input, Output } from '../../generated/tools/todo-read.js';
import type { ToolImplementation } from '../core/contract.js';
import { formatTodoList } from './support/format-todo-list.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (_input, context) => ({
  ok: true,
  output: { todos: context.session.todos.map((todo) => ({ ...todo })) },
});

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) =>
  formatTodoList(output.todos);
