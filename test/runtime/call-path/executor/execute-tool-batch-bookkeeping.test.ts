/**
 * Side-effect bookkeeping: whether the batch may have changed the workspace or touched the
 * world, from the calls whose handlers ran, on each call's effective scope (real tools in a
 * temporary workspace: Bash `ls` changes nothing, Bash `rm` may).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import type { ToolCall } from '../../../../runtime/call-path/call/call-tool.js';
import { executeToolBatch } from '../../../../runtime/call-path/executor/index.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { batchContext, batchRuntime } from './support.js';

const runtime = batchRuntime(
  builtInTools.filter((tool) =>
    ['Read', 'Write', 'Bash', 'TodoWrite'].includes(tool.metadata.name),
  ),
);

describe('executeToolBatch bookkeeping', () => {
  test.each<{
    title: string;
    calls: ToolCall[];
    ran: boolean[];
    workspace: boolean;
    world: boolean;
  }>([
    {
      title: 'Read and Bash `ls` touch the world and change nothing',
      calls: [
        { name: 'Read', input: { file_path: 'notes.txt' } },
        { name: 'Bash', input: { command: 'ls' } },
      ],
      ran: [true, true],
      workspace: false,
      world: true,
    },
    {
      title: 'TodoWrite only changes the session',
      calls: [{ name: 'TodoWrite', input: { todos: [] } }],
      ran: [true],
      workspace: false,
      world: false,
    },
    {
      title: 'Bash `rm` may change the workspace',
      calls: [{ name: 'Bash', input: { command: 'rm notes.txt' } }],
      ran: [true],
      workspace: true,
      world: true,
    },
    {
      title: 'a denied Bash `rm` never ran',
      calls: [
        { name: 'Bash', input: { command: 'rm -f notes.txt' } },
        { name: 'TodoWrite', input: { todos: [] } },
      ],
      ran: [false, true],
      workspace: false,
      world: false,
    },
    {
      title: 'a Write refused by its schema never ran',
      calls: [{ name: 'Write', input: { file_path: 'notes.txt' } }],
      ran: [false],
      workspace: false,
      world: false,
    },
    {
      title: 'a Write whose handler refused still counts: it ran, so it may have written',
      calls: [{ name: 'Write', input: { file_path: 'notes.txt', content: 'new' } }],
      ran: [true],
      workspace: true,
      world: true,
    },
    {
      title: 'an unknown tool never ran',
      calls: [{ name: 'Writ', input: {} }],
      ran: [false],
      workspace: false,
      world: false,
    },
  ])('$title', async ({ calls, ran, workspace, world }) => {
    const context = await batchContext({
      permissions: { mode: 'yolo', deny: [parsePermissionRule('Bash(rm -f:*)')] },
    });
    await writeFile(path.join(context.root, 'notes.txt'), 'old\n');
    const batch = await executeToolBatch(runtime, calls, context);
    expect(batch.results.map((result) => result.effects !== undefined)).toEqual(ran);
    expect(batch.workspaceMayHaveChanged).toBe(workspace);
    expect(batch.worldTouched).toBe(world);
  });

  test('each call that ran reports its effective effects', async () => {
    const batch = await executeToolBatch(
      runtime,
      [
        { name: 'Bash', input: { command: 'ls' } },
        { name: 'Bash', input: { command: 'touch made.txt' } },
      ],
      await batchContext(),
    );
    expect(batch.results.map((result) => result.effects)).toEqual([
      {
        readOnly: true,
        destructive: false,
        sideEffectScope: 'none',
        trulyReadOnly: true,
        concurrent: true,
        workspaceMutating: false,
        worldTouching: true,
        recomputed: true,
      },
      {
        readOnly: false,
        destructive: true,
        sideEffectScope: 'system',
        trulyReadOnly: false,
        concurrent: false,
        workspaceMutating: true,
        worldTouching: true,
        recomputed: false,
      },
    ]);
  });
});
