/**
 * `tool-contracts call` runs through a tool session, as the real CLI in a child process: deny
 * rules and modes refuse before anything runs, an approval nobody can give is refused with a
 * clear text (or granted by --yes), and several calls share one session (--calls, --repl).
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { approvalHint, parseReplLine } from '../../cli/call-command.js';
import { readCallLines } from '../../cli/read-call-lines.js';
import { parseApprovalAnswer } from '../../cli/terminal-approval.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(projectRoot, 'bin', 'tool-contracts.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The real CLI as a child process in `cwd`, with `stdin` piped in (never a terminal). */
function cli(cwd: string, args: readonly string[], stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, 'call', ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin);
  });
}

async function workspace(): Promise<string> {
  const root = await temporaryDirectory('call-session-');
  await writeFile(join(root, 'victim.txt'), 'keep me\n');
  await writeFile(join(root, 'notes.txt'), 'alpha\nbeta\n');
  return root;
}

const DENIED_RM =
  '<tool_use_error>Permission denied: Bash was not run because the rule "Bash(rm:*)" denies this call.</tool_use_error>\n';
const BASH_NEEDS_APPROVAL =
  '<tool_use_error>Bash needs the user\'s approval (permission "bash") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>\n';

describe('tool-contracts call: permission (real process)', () => {
  test.each([
    ['--disallow with --yes', ['--disallow', 'Bash(rm:*)', '--yes'], DENIED_RM, ''],
    ['--disallow in yolo mode', ['--disallow', 'Bash(rm:*)', '--mode', 'yolo'], DENIED_RM, ''],
    ['--deny-rule with --yes', ['--deny-rule', 'Bash(rm:*)', '--yes'], DENIED_RM, ''],
    [
      'no approver, not a terminal',
      [],
      BASH_NEEDS_APPROVAL,
      `tool-contracts call: ${approvalHint('Bash')}\n`,
    ],
    [
      'plan mode',
      ['--mode', 'plan', '--yes'],
      '<tool_use_error>Permission denied: Bash was not run because plan mode allows only read-only calls. Finish the plan and let the user leave plan mode first.</tool_use_error>\n',
      '',
    ],
  ])('%s refuses rm and leaves the file', async (_label, flags, stdout, stderr) => {
    const root = await workspace();
    const result = await cli(root, ['Bash', '{"command":"rm victim.txt"}', ...flags]);
    expect(result).toEqual({ code: 1, stdout, stderr });
    expect(await readFile(join(root, 'victim.txt'), 'utf8')).toBe('keep me\n');
  });

  test.each([
    ['bash -c "rm victim.txt"'],
    ["sh -c 'ls && rm victim.txt'"],
    ['eval rm victim.txt'],
    ['echo victim.txt | xargs rm'],
    ['env FOO=1 nice -n 1 rm victim.txt'],
    ['timeout 5 sudo -n rm victim.txt'],
    ['find . -name victim.txt -exec rm {} +'],
    ['ls $(rm victim.txt)'],
  ])(
    '--disallow Bash(rm:*) in yolo mode refuses %s (a wrapped rm) and leaves the file',
    async (command) => {
      const root = await workspace();
      const result = await cli(root, [
        'Bash',
        JSON.stringify({ command }),
        '--disallow',
        'Bash(rm:*)',
        '--mode',
        'yolo',
      ]);
      expect(result).toEqual({ code: 1, stdout: DENIED_RM, stderr: '' });
      expect(await readFile(join(root, 'victim.txt'), 'utf8')).toBe('keep me\n');
    },
  );

  test('--yes approves a call that asks; it runs', async () => {
    const root = await workspace();
    const result = await cli(root, ['Bash', '{"command":"rm victim.txt"}', '--yes']);
    expect(result.code).toBe(0);
    await expect(readFile(join(root, 'victim.txt'))).rejects.toThrow(/ENOENT/);
  });
});

describe('tool-contracts call: several calls in one session (real process)', () => {
  test('--calls runs Read then Edit in one session', async () => {
    const root = await workspace();
    const calls = join(root, 'calls.jsonl');
    await writeFile(
      calls,
      [
        '{"name":"Read","input":{"file_path":"notes.txt"}}',
        '# a comment',
        '{"name":"Edit","input":{"file_path":"notes.txt","old_string":"beta","new_string":"gamma"}}',
        '',
      ].join('\n'),
    );
    const result = await cli(root, ['--calls', calls, '--mode', 'acceptEdits']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(
      `[1] Read: ok\n     1\talpha\n     2\tbeta\n[2] Edit: ok\nEdited ${join(root, 'notes.txt')}: 1 replacement (+1 -1 lines).\nThe result around the change:\n     1\talpha\n     2\tgamma\n`,
    );
    expect(result.code).toBe(0);
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('alpha\ngamma\n');
  });

  test('each call is its own session without --calls: Edit after a separate Read is refused', async () => {
    const root = await workspace();
    await cli(root, ['Read', '{"file_path":"notes.txt"}']);
    const edit = await cli(root, [
      'Edit',
      '{"file_path":"notes.txt","old_string":"beta","new_string":"gamma"}',
      '--mode',
      'acceptEdits',
    ]);
    expect(edit.code).toBe(1);
    expect(edit.stdout).toContain('has not been read in this session');
  });

  test('--repl reads calls from standard input: Read then Edit, .exit ends', async () => {
    const root = await workspace();
    const result = await cli(
      root,
      ['--repl', '--mode', 'acceptEdits'],
      'Read {"file_path":"notes.txt"}\n{"name":"Edit","input":{"file_path":"notes.txt","old_string":"alpha","new_string":"omega"}}\n.exit\nRead {}\n',
    );
    expect(result.stdout).toBe(
      `[1] Read: ok\n     1\talpha\n     2\tbeta\n[2] Edit: ok\nEdited ${join(root, 'notes.txt')}: 1 replacement (+1 -1 lines).\nThe result around the change:\n     1\tomega\n     2\tbeta\n`,
    );
    expect(result.code).toBe(0);
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('omega\nbeta\n');
  });

  test('a bad --calls file is reported line by line and nothing runs', async () => {
    const root = await workspace();
    const calls = join(root, 'calls.jsonl');
    await writeFile(
      calls,
      '{"name":"Bash","input":{"command":"rm victim.txt"}}\n{nope\n{"tool":"Read"}\n',
    );
    const result = await cli(root, ['--calls', calls, '--yes']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    const [second, third, rest] = result.stderr.split('\n');
    // JSON.parse words its own message (it differs between Node versions).
    expect(second).toMatch(new RegExp(`^tool-contracts call: ${calls}:2: not valid JSON: .+`));
    expect(third).toBe(
      `tool-contracts call: ${calls}:3: unexpected key "tool" (allowed: name, input, id)`,
    );
    expect(rest).toBe('');
    expect(await readFile(join(root, 'victim.txt'), 'utf8')).toBe('keep me\n');
  });
});

describe('call line syntax', () => {
  test.each([
    ['Read', { name: 'Read', input: {} }],
    ['Read {"file_path":"a"}', { name: 'Read', input: { file_path: 'a' } }],
    ['{"name":"Read","id":"x"}', { name: 'Read', input: {}, id: 'x' }],
    // JSON.parse's own words follow the prefix (they differ between Node versions).
    ['Read {nope', /^JSON input is not valid JSON: ./],
    ['{"name":3}', /^"name" must be a string \(the tool to call\)$/],
    ['{"name":"Read","tool":1}', /^unexpected key "tool" \(allowed: name, input, id\)$/],
    ['[1]', { name: '[1]', input: {} }],
  ])('%s', (line, want) => {
    const parsed = parseReplLine(line);
    if (want instanceof RegExp) expect(parsed).toMatch(want);
    else expect(parsed).toEqual(want);
  });

  test('readCallLines keeps order and skips blanks and comments', () => {
    expect(readCallLines('\n# x\n{"name":"A"}\n{"name":"B","input":{"k":1}}\n')).toEqual({
      ok: true,
      calls: [
        { name: 'A', input: {} },
        { name: 'B', input: { k: 1 } },
      ],
    });
  });

  test.each([
    ['y', true, { decision: 'allow' }],
    ['YES', false, { decision: 'allow' }],
    ['a', true, { decision: 'allow', always: true }],
    ['a', false, { decision: 'deny' }],
    ['', true, { decision: 'deny' }],
    ['n', true, { decision: 'deny' }],
  ] as const)('approval answer %j (always offered: %s)', (typed, offered, want) => {
    expect(parseApprovalAnswer(typed, offered)).toEqual(want);
  });
});
