import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CALL_USAGE, run } from '../../cli/call-command.js';
import { forbidModules } from '../support/forbid-modules.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(projectRoot, 'bin', 'tool-contracts.js');

async function callIn(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd,
    color: false,
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const READ_MISSING =
  '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>';

let workspace: string;
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'call-cli-'));
  await writeFile(join(workspace, 'notes.txt'), 'alpha\nbeta\n');
});
afterAll(() => rm(workspace, { recursive: true, force: true }));

describe('tool-contracts call (real process)', () => {
  test("`call Read '{}'` prints the two-line Read error and exits 1, without loading ts-morph", async () => {
    const result = await promisify(execFile)(
      process.execPath,
      // The process fails if anything imports or requires the TypeScript compiler.
      ['--import', forbidModules(/^(ts-morph|typescript)(\/|$)/), bin, 'call', 'Read', '{}'],
      {
        cwd: projectRoot,
        env: { ...process.env, NO_COLOR: '1' },
      },
    ).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`${READ_MISSING}\n`);
    expect(result.code).toBe(1);
  });
});

describe('tool-contracts call', () => {
  test.each([
    {
      label: 'success prints the tool text and exits 0',
      args: ['Read', '{"file_path":"notes.txt"}'],
      code: 0,
      stdout: '     1\talpha\n     2\tbeta',
    },
    { label: 'input defaults to {}', args: ['Read'], code: 1, stdout: READ_MISSING },
    {
      label: 'unknown tool with a suggestion',
      args: ['Reed', '{}'],
      code: 1,
      stdout: 'Tool not found: Reed\nDid you mean: Read?',
    },
    {
      label: 'blank name',
      args: [' ', '{}'],
      code: 1,
      stdout: '<tool_use_error>Error: No such tool available:  </tool_use_error>',
    },
    {
      label: 'an alias resolves (KillShell → TaskStop)',
      args: ['KillShell', '{}'],
      code: 1,
      stdout:
        '<tool_use_error>InputValidationError: TaskStop failed due to the following issue:\nThe required parameter `task_id` is missing</tool_use_error>',
    },
    {
      label: 'the gate decides which tools exist: Glob gives way to Bash',
      args: ['Glob', '{"pattern":"*"}'],
      code: 1,
      stdout: 'Tool not found: Glob',
    },
    {
      label: 'submit_result is not registered in a main session',
      args: ['submit_result', '{}'],
      code: 1,
      stdout: 'Tool not found: submit_result',
    },
    {
      label: 'a model without PDF support was never shown `pages`',
      args: ['Read', '{"file_path":"notes.txt","pages":"1"}', '--model', 'text-only'],
      code: 1,
      stdout:
        '<tool_use_error>InputValidationError: Read failed due to the following issue:\nAn unexpected parameter `pages` was provided</tool_use_error>',
    },
    {
      label: 'a PDF model may send `pages`; the tool then refuses it for a text file',
      args: ['Read', '{"file_path":"notes.txt","pages":"1"}', '--model', 'claude', '--pdf'],
      code: 1,
      stdoutPattern: /^<tool_use_error>.*pages.*<\/tool_use_error>$/s,
    },
  ])('$label', async ({ args, code, stdout, stdoutPattern }) => {
    const result = await callIn(workspace, ...args);
    if (stdout !== undefined) expect(result.stdout).toBe(stdout);
    if (stdoutPattern !== undefined) expect(result.stdout).toMatch(stdoutPattern);
    expect(result.code).toBe(code);
  });

  test.each([
    {
      label: '--no-embedded-search registers Glob next to Bash',
      args: ['Glob', '{"pattern":"*.txt"}', '--no-embedded-search'],
      code: 0,
    },
    {
      label: '--deny removes a tool',
      args: ['Read', '{"file_path":"notes.txt"}', '--deny', 'Write,Read'],
      code: 1,
      stdout: 'Tool not found: Read\nDid you mean: TodoRead, ReadSessionContext?',
    },
    {
      label: '--allow keeps only the listed tools',
      args: ['Write', '{}', '--allow', 'Read'],
      code: 1,
      stdout: 'Tool not found: Write',
    },
    {
      label: '--disallow with a bare name removes the tool',
      args: ['WebFetch', '{}', '--disallow', 'WebFetch'],
      code: 1,
      stdout: 'Tool not found: WebFetch\nDid you mean: WebSearch?',
    },
    {
      label: '--disallow with a pattern keeps the tool (it is a permission rule)',
      args: ['Bash', '{}', '--disallow', 'Bash(rm:*)'],
      code: 1,
      stdout:
        '<tool_use_error>InputValidationError: Bash failed due to the following issue:\nThe required parameter `command` is missing</tool_use_error>',
    },
    {
      label: '--session subagent --toolset explore keeps only the explore tools',
      args: ['Write', '{}', '--session', 'subagent', '--toolset', 'explore', '--port', 'subagent'],
      code: 1,
      stdout: 'Tool not found: Write\nDid you mean: TodoWrite?',
    },
    {
      label:
        '--port cron (comma-separated with another) registers CronList; without the host port object it fails as a business error',
      args: ['CronList', '{}', '--port', 'cron,skill', '--trace'],
      code: 1,
      stdoutPattern: /^<tool_use_error>.+<\/tool_use_error>$/s,
    },
    {
      label: 'without --port cron there is no CronList',
      args: ['CronList', '{}'],
      code: 1,
      stdout: 'Tool not found: CronList',
    },
  ])('$label', async ({ args, code, stdout, stdoutPattern }) => {
    const result = await callIn(workspace, ...args);
    if (stdout !== undefined) expect(result.stdout).toBe(stdout);
    if (stdoutPattern !== undefined) expect(result.stdout).toMatch(stdoutPattern);
    expect(result.code).toBe(code);
  });

  test('--workspace resolves relative paths against the given directory', async () => {
    const result = await callIn(
      projectRoot,
      'Read',
      '{"file_path":"notes.txt","limit":1}',
      '--workspace',
      workspace,
    );
    expect(result).toMatchObject({
      code: 0,
      stdout: '     1\talpha\n\n(Showing lines 1-1 of 2. Use offset and limit to read more.)',
    });
  });

  test.each([
    { flags: [] as string[], kept: false },
    { flags: ['--keep-artifacts'], kept: true },
  ])(
    'an over-budget result spilled with retention session is deleted when the call ends unless --keep-artifacts ($flags)',
    async ({ flags, kept }) => {
      const artifacts = await mkdtemp(join(tmpdir(), 'call-cli-artifacts-'));
      try {
        const result = await callIn(
          workspace,
          'Bash',
          '{"command":"seq 1 20000"}',
          '--artifacts',
          artifacts,
          ...flags,
        );
        expect(result.code).toBe(0);
        const files = await readdir(artifacts);
        expect(files).toHaveLength(kept ? 1 : 0);
        const deleted =
          /deleted (\S+) \(retention: session, which ends with this call\); --keep-artifacts keeps it/;
        if (kept) expect(result.stderr).not.toMatch(deleted);
        else expect(result.stderr).toMatch(deleted);
      } finally {
        await rm(artifacts, { recursive: true, force: true });
      }
    },
  );

  test('--session workflowActor registers submit_result, which requires a trace', async () => {
    const untraced = await callIn(workspace, 'submit_result', '{}', '--session', 'workflowActor');
    expect(untraced).toMatchObject({
      code: 1,
      stdout:
        '<tool_use_error>Error: submit_result was not run: it requires a trace and no tracer is configured.</tool_use_error>',
    });
    const traced = await callIn(
      workspace,
      'submit_result',
      '{"unexpected": 1}',
      '--session',
      'workflowActor',
      '--trace',
    );
    expect(traced.code).toBe(1);
    expect(
      traced.stdout.startsWith(
        '<tool_use_error>InputValidationError: submit_result failed due to the following issue',
      ),
    ).toBe(true);
    const event = JSON.parse(traced.stderr) as Record<string, unknown>;
    expect(event).toMatchObject({
      tool: 'submit_result',
      isError: true,
      errorCode: 'invalid_input',
    });
  });

  test('--help prints the usage and exits 0', async () => {
    expect(await callIn(workspace, '--help')).toEqual({ code: 0, stdout: CALL_USAGE, stderr: '' });
  });

  test.each([
    [[], 'missing TOOL'],
    [['Read', '{nope'], 'JSON input is not valid JSON: '],
    [['Read', '{}', 'extra'], 'expected TOOL and at most one JSON argument, got 3 arguments'],
    [
      ['Read', '--session', 'boss'],
      '--session must be one of main, subagent, workflowChild, workflowActor; got "boss"',
    ],
    [
      ['Read', '--port', 'fax'],
      '--port must be one of cron, offPeak, subagent, subagentMessaging, skill; got "fax"',
    ],
    [['Read', '--flag', 'mcp=maybe'], '--flag mcp must be one of true, false; got "maybe"'],
    [['Read', '--timeout=-3'], '--timeout must be a positive integer (ms); got "-3"'],
    [['Read', '--host', 'cloud'], '--host must be one of terminal, protocol; got "cloud"'],
    [['Read', '--toolset', 'all'], '--toolset must be one of default, explore; got "all"'],
    [['Read', '--disallow', 'Bash('], '--disallow: '],
    [['Read', '--bogus'], 'unknown option "--bogus"'],
    [['Read', '--boundry'], 'unknown option "--boundry" (did you mean "--boundary"?)'],
    [['Read', '--timeout'], '--timeout needs a value'],
  ])('usage error %j exits 2 and says what is wrong', async (args, message) => {
    const result = await callIn(workspace, ...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    // The error (one line), the usage lines and where the help is: nothing more.
    const [error, ...rest] = result.stderr.trimEnd().split('\n');
    expect(error!.startsWith(`tool-contracts call: ${message}`)).toBe(true);
    expect(rest.join('\n')).toBe(
      `${CALL_USAGE.split('\n\n', 1)[0]}\nSee \`tool-contracts call --help\` for the options.`,
    );
  });
});
