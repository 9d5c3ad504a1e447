/**
 * The workspace tools through the real call path (`callTool`): validation text, aliases, the
 * result budget's artifact with Bash's persisted summary, and timeouts killing the process tree.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { builtInTools } from '../../../generated/index.js';
import { callTool, type CallToolContext } from '../../../runtime/call-path/call/call-tool.js';
import type { SessionState } from '../../../runtime/core/contract.js';
import { ToolRegistry } from '../../../runtime/core/tool-registry.js';
import { waitUntilGone } from './process-liveness.js';
import { createWorkspaceContext, type WorkspaceContext } from './workspace-context.js';

const registry = new ToolRegistry({ logger: { warn: () => undefined } });
for (const entry of builtInTools) registry.register(entry);
const runtime = { registry };

let workspace: WorkspaceContext;
let context: CallToolContext & { session: SessionState };
const pids: number[] = [];
beforeEach(async () => {
  workspace = await createWorkspaceContext();
  pids.length = 0;
  context = {
    workspaceRoot: workspace.root,
    workingDirectory: workspace.root,
    artifactDirectory: workspace.at('.artifacts'),
    session: workspace.session,
    trackProcess: (pid) => pids.push(pid),
  };
});
afterEach(async () => {
  await workspace.dispose();
});

describe('workspace tools through callTool', () => {
  test('a Read without file_path gets the exact validation text', async () => {
    const result = await callTool(runtime, { name: 'Read', input: {} }, context);
    expect([result.isError, result.errorCode, result.content]).toEqual([
      true,
      'invalid_input',
      '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>',
    ]);
  });

  test('Read, then Edit, share the session: the read-before-write rule is met', async () => {
    await writeFile(workspace.at('a.txt'), 'hello\n');
    const blocked = await callTool(
      runtime,
      { name: 'Edit', input: { file_path: 'a.txt', old_string: 'hello', new_string: 'bye' } },
      context,
    );
    expect([blocked.errorCode, blocked.content]).toEqual([
      'file_not_read',
      `<tool_use_error>${workspace.at('a.txt')} has not been read in this session. Read it with the Read tool before changing it.</tool_use_error>`,
    ]);
    expect(
      (await callTool(runtime, { name: 'Read', input: { file_path: 'a.txt' } }, context)).content,
    ).toBe('     1\thello');
    const edited = await callTool(
      runtime,
      {
        name: 'Edit',
        input: JSON.stringify({ file_path: 'a.txt', old_string: 'hello', new_string: 'bye' }),
      },
      context,
    );
    expect(edited.isError).toBe(false);
    expect(await readFile(workspace.at('a.txt'), 'utf8')).toBe('bye\n');
  });

  test.each([
    'BashOutput',
    'AgentOutputTool',
    'BashOutputTool',
    'TaskOutputTool',
    'KillShell',
    'KillBash',
  ])('the old name %s still resolves', async (alias) => {
    const result = await callTool(runtime, { name: alias, input: { task_id: 'bash_9' } }, context);
    expect([result.toolName, result.errorCode, result.content]).toEqual([
      alias.startsWith('Kill') ? 'TaskStop' : 'TaskOutput',
      'unknown_task',
      '<tool_use_error>No background task with id "bash_9". There are no background tasks in this session.</tool_use_error>',
    ]);
  });

  test('a Bash result over 30 000 bytes is spilled to an artifact and summarised', async () => {
    const result = await callTool(
      runtime,
      { name: 'Bash', input: { command: 'seq 1 20000' }, id: 'call-1' },
      context,
    );
    const artifact = workspace.at('.artifacts', 'Bash-call-1.txt');
    expect(result.artifactPaths).toEqual([artifact]);
    const saved = await readFile(artifact, 'utf8');
    expect(saved.split('\n').slice(0, 2)).toEqual(['1', '2']);
    expect(result.content.split('\n').slice(0, 5)).toEqual([
      `The output was too large to show (${Buffer.byteLength(saved)} bytes) and was saved to ${artifact}.`,
      `Read it with the Read tool (offset and limit), or search it with Grep or \`grep -n PATTERN ${artifact}\`.`,
      'Exit code 0',
      'Last 20 lines:',
      '19981',
    ]);
    expect(result.content.endsWith('\n20000')).toBe(true);
  });

  test('a Bash timeout (call override) kills the process tree', async () => {
    const started = Date.now();
    const result = await callTool(
      runtime,
      { name: 'Bash', input: { command: 'sleep 30 & echo $! > child.pid; wait', timeout: 500 } },
      context,
    );
    expect([result.isError, result.errorCode, result.timeoutMs]).toEqual([true, 'timeout', 500]);
    expect(Date.now() - started).toBeLessThan(10_000);
    const child = Number((await readFile(workspace.at('child.pid'), 'utf8')).trim());
    expect(await waitUntilGone(child, 3000)).toBe(true);
    expect(pids).toHaveLength(1);
    expect(await waitUntilGone(pids[0] as number, 3000)).toBe(true);
  });

  test('a background task and TaskOutput', async () => {
    const started = await callTool(
      runtime,
      { name: 'Bash', input: { command: 'echo hi; exit 3', run_in_background: true } },
      context,
    );
    expect(started.content).toBe(
      'Command running in the background with id bash_1. Read its output with TaskOutput; stop it with TaskStop.',
    );
    const output = await callTool(
      runtime,
      { name: 'TaskOutput', input: { task_id: 'bash_1' } },
      context,
    );
    expect(output.content).toBe(
      'Task bash_1: failed, exit code 3\nCommand: echo hi; exit 3\nOutput:\nhi',
    );
  });
});
