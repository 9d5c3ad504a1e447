import { describe, expect, test } from 'vitest';
import { tool as todoRead } from '../../../generated/tools/todo-read.js';
import { tool as todoWrite } from '../../../generated/tools/todo-write.js';
import { createWorkspaceContext } from './workspace-context.js';

// A generated entry's zod schemas (runtimeInputSchema) load with its implementation.
await todoWrite.loadImplementation?.();

const item = (content: string, status: 'pending' | 'in_progress' | 'completed') => ({
  content,
  status,
  activeForm: `Doing: ${content}`,
});

describe('TodoWrite and TodoRead', () => {
  test('replace the whole list and read it back', async () => {
    const workspace = await createWorkspaceContext();
    try {
      expect(await workspace.call(todoRead, {})).toEqual({ ok: true, output: { todos: [] } });
      expect(todoRead.formatModelContent?.({ todos: [] })).toBe('The todo list is empty.');

      const first = [item('Write tests', 'in_progress'), item('Fix bug', 'pending')];
      expect(await workspace.call(todoWrite, { todos: first })).toEqual({
        ok: true,
        output: { oldTodos: [], newTodos: first },
      });

      const second = [
        item('Write tests', 'completed'),
        item('Fix bug', 'in_progress'),
        item('Release', 'pending'),
      ];
      const result = await workspace.call(todoWrite, { todos: second });
      expect(result).toEqual({ ok: true, output: { oldTodos: first, newTodos: second } });
      expect(result.ok && todoWrite.formatModelContent?.(result.output)).toBe(
        'Todo list updated (1 of 3 completed). Keep it current as you work.\n1. [x] Write tests\n2. [~] Fix bug (Doing: Fix bug)\n3. [ ] Release',
      );

      const read = await workspace.call(todoRead, {});
      expect(read).toEqual({ ok: true, output: { todos: second } });
      expect(workspace.session.todos).toEqual(second);
      // What a caller got is a copy: changing it leaves the session alone.
      if (read.ok) read.output.todos.pop();
      expect(workspace.session.todos).toHaveLength(3);
    } finally {
      await workspace.dispose();
    }
  });

  test('refuses two items in progress and keeps the list as it was', async () => {
    const workspace = await createWorkspaceContext();
    try {
      await workspace.call(todoWrite, { todos: [item('A', 'pending')] });
      expect(
        await workspace.call(todoWrite, {
          todos: [item('A', 'in_progress'), item('B', 'in_progress'), item('C', 'pending')],
        }),
      ).toEqual({
        ok: false,
        code: 'multiple_in_progress',
        message:
          'At most one todo may be in_progress; 2 are: "A", "B". Mark the others pending or completed.',
      });
      expect(workspace.session.todos).toEqual([item('A', 'pending')]);
    } finally {
      await workspace.dispose();
    }
  });

  test.each([
    ['an empty content', { todos: [{ content: '', status: 'pending', activeForm: 'x' }] }],
    ['an unknown status', { todos: [{ content: 'a', status: 'blocked', activeForm: 'x' }] }],
    ['a missing activeForm', { todos: [{ content: 'a', status: 'pending' }] }],
    [
      'an extra field',
      { todos: [{ content: 'a', status: 'pending', activeForm: 'x', priority: 'high' }] },
    ],
  ])('the schema refuses %s', (_label, input) => {
    expect(todoWrite.runtimeInputSchema.safeParse(input).success).toBe(false);
  });

  test('flags: both read-only with scope session (TodoWrite changes only session state)', () => {
    expect(
      [todoRead, todoWrite].map((entry) => [
        entry.metadata.name,
        entry.metadata.readOnly,
        entry.metadata.sideEffectScope,
      ]),
    ).toEqual([
      ['TodoRead', true, 'session'],
      ['TodoWrite', true, 'session'],
    ]);
  });
});
