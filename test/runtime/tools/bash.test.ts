import { readFile, writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tool as bash } from '../../../generated/tools/bash.js';
import { tool as taskOutput } from '../../../generated/tools/task-output.js';
import { tool as taskStop } from '../../../generated/tools/task-stop.js';
import { startShellCommand } from '../../../runtime/tools/support/start-shell-command.js';
import { TailBuffer } from '../../../runtime/tools/support/tail-buffer.js';
import { isRunning, waitUntilGone } from './process-liveness.js';
import { createWorkspaceContext, type WorkspaceContext } from './workspace-context.js';

let workspace: WorkspaceContext;
beforeEach(async () => {
  workspace = await createWorkspaceContext();
});
afterEach(async () => {
  await workspace.dispose();
});

/** The first line a command wrote to `file`; fails (rather than answering '') when it never does. */
async function waitForFile(file: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text.endsWith('\n')) return text.trim();
    if (Date.now() > deadline)
      throw new Error(
        `${file} held no complete line after ${timeoutMs} ms: ${JSON.stringify(text)}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Bash in the foreground', () => {
  test.each([
    [
      'stdout and stderr interleave in the order written',
      'echo out; echo err >&2; echo out2',
      'out\nerr\nout2\n',
      0,
    ],
    ['a failing command is a result with its exit code', 'echo partial; exit 3', 'partial\n', 3],
    ['output without a final newline', "printf 'a\\nb'", 'a\nb', 0],
    [
      'a missing command',
      'echo a; nosuchcmd_x; echo b',
      'a\nbash: line 1: nosuchcmd_x: command not found\nb\n',
      0,
    ],
    [
      'a syntax error keeps the line numbers of the command as written',
      'if then',
      "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `if then'\n",
      2,
    ],
    ['stdin is empty, so a reader does not hang', 'cat; echo after', 'after\n', 0],
    ['multi-line scripts', 'x=1\ny=2\necho $((x + y))', '3\n', 0],
  ])('%s', async (_label, command, output, exitCode) => {
    expect(await workspace.call(bash, { command })).toEqual({
      ok: true,
      output: { output, exitCode, interrupted: false, outputTruncated: false },
    });
  });

  test('runs in the working directory and registers its process group for cleanup', async () => {
    const result = await workspace.call(bash, { command: 'pwd; echo $$ > pid.txt' });
    expect(result.ok && result.output.output).toBe(`${workspace.root}\n`);
    expect(workspace.trackedPids).toHaveLength(1);
    // The outer bash execs the inner one, so the tracked pid is the one that ran the command.
    expect(Number(await readFile(workspace.at('pid.txt'), 'utf8'))).toBe(workspace.trackedPids[0]);
  });

  test('a process killed by a signal has no exit code', async () => {
    const result = await workspace.call(bash, { command: 'kill -9 $$' });
    expect(result).toEqual({
      ok: true,
      output: { output: '', exitCode: null, interrupted: false, outputTruncated: false },
    });
    expect(result.ok && bash.formatModelContent?.(result.output)).toBe(
      '(no output)\nThe command was killed by a signal.',
    );
  });

  test('aborting kills the whole process tree', async () => {
    const running = workspace.call(bash, {
      command: 'sleep 30 & echo $! > child.pid; echo started; wait',
    });
    const childPid = Number(await waitForFile(workspace.at('child.pid')));
    const bashPid = workspace.trackedPids[0] as number;
    expect([isRunning(bashPid), isRunning(childPid)]).toEqual([true, true]);

    workspace.controller.abort();
    const result = await running;
    expect(result).toEqual({
      ok: true,
      output: { output: 'started\n', exitCode: null, interrupted: true, outputTruncated: false },
    });
    expect(await waitUntilGone(childPid, 3000)).toBe(true);
    expect(await waitUntilGone(bashPid, 3000)).toBe(true);
  });

  test('a process that ignores SIGTERM is killed after the grace period', async () => {
    const running = workspace.call(bash, {
      command: "trap '' TERM; echo $$ > pid.txt; while true; do sleep 0.05; done",
    });
    const pid = Number(await waitForFile(workspace.at('pid.txt')));
    // Timed from the abort: starting bash is not part of the grace period (and is slow under load).
    const started = Date.now();
    workspace.controller.abort();
    expect((await running).ok).toBe(true);
    expect(await waitUntilGone(pid, 3000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  test('output beyond maxOutputBytes (10 000 000) keeps the end', async () => {
    const result = await workspace.call(bash, {
      command: "head -c 10000100 /dev/zero | tr '\\0' a; echo END",
    });
    if (!result.ok) throw new Error(result.message);
    expect(result.output.outputTruncated).toBe(true);
    expect(Buffer.byteLength(result.output.output)).toBe(10_000_000);
    expect(result.output.output.endsWith('aaaaEND\n')).toBe(true);
    expect(
      bash
        .formatModelContent?.(result.output)
        .startsWith('[Output longer than the limit; only its end is kept.]\naaaa'),
    ).toBe(true);
  });

  test('a missing working directory is a failure', async () => {
    const context = { ...workspace.context, workingDirectory: workspace.at('gone') };
    expect(await bash.handler({ command: 'ls', run_in_background: false }, context)).toEqual({
      ok: false,
      code: 'working_directory_missing',
      message: `The working directory ${workspace.at('gone')} does not exist or is not a directory.`,
    });
  });
});

describe('Bash model content', () => {
  const base = { output: 'line\n', exitCode: 0, interrupted: false, outputTruncated: false };
  test.each([
    ['success', base, 'line'],
    ['no output', { ...base, output: '' }, '(no output)'],
    ['a non-zero exit', { ...base, exitCode: 2 }, 'line\nExit code 2'],
    [
      'interrupted',
      { ...base, exitCode: null, interrupted: true },
      'line\nThe command was interrupted (timeout or cancellation); its process group was killed.',
    ],
    [
      'a background task',
      { ...base, output: '', exitCode: null, backgroundTaskId: 'bash_1' },
      'Command running in the background with id bash_1. Read its output with TaskOutput; stop it with TaskStop.',
    ],
  ])('formatModelContent: %s', (_label, output, expected) => {
    expect(bash.formatModelContent?.(output)).toBe(expected);
  });

  test('formatPersistedModelContent names the artifact, how to read it, and repeats the last lines', () => {
    const output = {
      ...base,
      output: `${Array.from({ length: 30 }, (_, index) => `line ${index + 1}`).join('\n')}\n`,
      exitCode: 1,
    };
    expect(bash.formatPersistedModelContent?.(output, '/artifacts/call-1.txt', 123456)).toBe(
      [
        'The output was too large to show (123456 bytes) and was saved to /artifacts/call-1.txt.',
        'Read it with the Read tool (offset and limit), or search it with Grep or `grep -n PATTERN /artifacts/call-1.txt`.',
        'Exit code 1',
        'Last 20 lines:',
        ...Array.from({ length: 20 }, (_, index) => `line ${index + 11}`),
      ].join('\n'),
    );
  });
});

describe('background tasks: Bash run_in_background, TaskOutput, TaskStop', () => {
  test('a finished task: not ready at first, then its output, status and exit code', async () => {
    // The task waits for a file the test creates after its first look: with a fixed sleep, a test
    // process stalled for that long (a loaded CI machine) would find it finished already.
    const command = 'echo start; until [ -e go ]; do sleep 0.01; done; echo done >&2; exit 4';
    const started = await workspace.call(bash, { command, run_in_background: true });
    expect(started).toEqual({
      ok: true,
      output: {
        output: '',
        exitCode: null,
        interrupted: false,
        outputTruncated: false,
        backgroundTaskId: 'bash_1',
      },
    });
    expect(workspace.trackedPids).toEqual([]);

    const early = await workspace.call(taskOutput, { task_id: 'bash_1', block: false });
    expect(early.ok && [early.output.status, early.output.retrieval]).toEqual([
      'running',
      'not_ready',
    ]);

    await writeFile(workspace.at('go'), '');
    expect(await workspace.call(taskOutput, { task_id: 'bash_1' })).toEqual({
      ok: true,
      output: {
        taskId: 'bash_1',
        command,
        status: 'failed',
        exitCode: 4,
        output: 'start\ndone\n',
        retrieval: 'success',
      },
    });
  });

  test('a long task: the wait times out, TaskStop kills its process group, and it stays stopped', async () => {
    await workspace.call(bash, {
      command: 'echo ready; echo $$ > pid.txt; sleep 30',
      run_in_background: true,
    });
    const pid = Number(await waitForFile(workspace.at('pid.txt')));

    const waited = await workspace.call(taskOutput, { task_id: 'bash_1', timeout: 200 });
    expect(
      waited.ok && [waited.output.status, waited.output.retrieval, waited.output.output],
    ).toEqual(['running', 'timeout', 'ready\n']);
    expect(waited.ok && taskOutput.formatModelContent?.(waited.output)).toBe(
      'Task bash_1: running (still running after the wait)\nCommand: echo ready; echo $$ > pid.txt; sleep 30\nOutput:\nready',
    );

    const stopped = await workspace.call(taskStop, { task_id: 'bash_1' });
    expect(stopped).toEqual({
      ok: true,
      output: {
        taskId: 'bash_1',
        command: 'echo ready; echo $$ > pid.txt; sleep 30',
        status: 'killed',
        exitCode: null,
      },
    });
    expect(await waitUntilGone(pid, 3000)).toBe(true);

    expect(await workspace.call(taskStop, { task_id: 'bash_1' })).toEqual({
      ok: false,
      code: 'task_not_running',
      message: 'Task bash_1 is not running (it was stopped).',
    });
    const after = await workspace.call(taskOutput, { task_id: 'bash_1', block: false });
    expect(after.ok && [after.output.status, after.output.retrieval]).toEqual([
      'killed',
      'success',
    ]);
  });

  test('ids count up, and an unknown id names the ids there are', async () => {
    expect(await workspace.call(taskOutput, { task_id: 'bash_1' })).toEqual({
      ok: false,
      code: 'unknown_task',
      message:
        'No background task with id "bash_1". There are no background tasks in this session.',
    });
    await workspace.call(bash, { command: 'true', run_in_background: true });
    await workspace.call(bash, { command: 'true', run_in_background: true });
    const unknown = {
      ok: false,
      code: 'unknown_task',
      message: 'No background task with id "nope". Known task ids: bash_1, bash_2.',
    };
    expect(await workspace.call(taskOutput, { task_id: 'nope' })).toEqual(unknown);
    expect(await workspace.call(taskStop, { task_id: 'nope' })).toEqual(unknown);
  });

  test('aborting a blocking TaskOutput returns at once, leaving the task running', async () => {
    await workspace.call(bash, { command: 'sleep 30', run_in_background: true });
    setTimeout(() => workspace.controller.abort(), 100);
    const started = Date.now();
    const result = await workspace.call(taskOutput, { task_id: 'bash_1', timeout: 20_000 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.ok && [result.output.status, result.output.retrieval]).toEqual([
      'running',
      'timeout',
    ]);
  });

  test('aliases of the old tool names', () => {
    expect(taskOutput.metadata.aliases).toEqual([
      'BashOutput',
      'AgentOutputTool',
      'BashOutputTool',
      'TaskOutputTool',
    ]);
    expect(taskStop.metadata.aliases).toEqual(['KillShell', 'KillBash']);
    expect(taskOutput.description.startsWith('DEPRECATED')).toBe(true);
  });

  test('TaskOutput formatPersistedModelContent', () => {
    const output = {
      taskId: 'bash_3',
      command: 'make',
      status: 'completed' as const,
      exitCode: 0,
      output: 'x'.repeat(50_000),
      retrieval: 'success' as const,
    };
    expect(taskOutput.formatPersistedModelContent?.(output, '/a/b.txt', 50_000)).toBe(
      'Task bash_3: completed, exit code 0\nCommand: make\nThe output is too large to show (50000 bytes) and was saved to /a/b.txt. Read it with the Read tool (offset and limit) or search it with Grep.',
    );
  });
});

describe('output capping', () => {
  test('startShellCommand keeps the last bytes when the output exceeds the limit', async () => {
    const run = startShellCommand({
      command: 'seq 1 100000',
      cwd: workspace.root,
      maxOutputBytes: 20,
    });
    const result = await run.done;
    expect([result.output, result.outputTruncated, result.exitCode]).toEqual([
      '\n99998\n99999\n100000\n',
      true,
      0,
    ]);
  });

  test('TailBuffer keeps exactly the last limit bytes of any chunk sequence (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 50 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 200 }),
        (chunks, limit) => {
          const buffer = new TailBuffer(limit);
          for (const chunk of chunks) buffer.append(Buffer.from(chunk, 'latin1'));
          const all = Buffer.from(chunks.join(''), 'latin1');
          const expected = all.subarray(Math.max(0, all.length - limit));
          expect(Buffer.from(buffer.text(), 'utf8').length <= limit).toBe(true);
          expect(buffer.truncated).toBe(all.length > limit);
          // latin1 bytes < 0x80 are ASCII: compare exactly when the tail is plain ASCII.
          if (expected.every((byte) => byte < 0x80))
            expect(buffer.text()).toBe(expected.toString('utf8'));
        },
      ),
    );
  });

  test('a UTF-8 character cut at the start of the tail is dropped, not garbled', () => {
    const buffer = new TailBuffer(4);
    buffer.append(Buffer.from('aé€', 'utf8')); // 61 c3 a9 e2 82 ac: the tail starts inside é
    expect(buffer.text()).toBe('€');
  });
});
