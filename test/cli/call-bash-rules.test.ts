/**
 * Issue #27's shell classes end to end: the real CLI in a child process (`tool-contracts call
 * Bash …`), real files in temporary directories. With no terminal and no --yes, a call that asks
 * is refused unrun, so "asks" shows as the approval refusal and an untouched file system.
 */
import { execFile } from 'node:child_process';
import { access, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { temporaryDirectory } from '../support/temporary-directory.js';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(projectRoot, 'bin', 'tool-contracts.js');

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(cwd: string, args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, 'call', ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end();
  });
}

const bash = (command: string) => ['Bash', JSON.stringify({ command })];
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
const NEEDS_APPROVAL =
  '<tool_use_error>Bash needs the user\'s approval (permission "bash") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>\n';
const denied = (rule: string) =>
  `<tool_use_error>Permission denied: Bash was not run because the rule "${rule}" denies this call.</tool_use_error>\n`;

describe('call Bash: an allow rule does not allow the writes of a redirection', () => {
  test('Bash(echo:*) and echo into a file outside the workspace: asks, nothing written', async () => {
    const root = await temporaryDirectory('bash-rules-');
    const outside = await temporaryDirectory('bash-rules-outside-');
    const target = join(outside, 'profile');
    const result = await cli(root, [
      ...bash(`echo pwned > ${target}`),
      '--allow-rule',
      'Bash(echo:*)',
    ]);
    expect(result.stdout).toBe(NEEDS_APPROVAL);
    expect(result.code).toBe(1);
    expect(await exists(target)).toBe(false);
  });

  test.each([
    ['echo kept > /dev/null; echo shown', 'shown\n'],
    ['echo both 2>&1', 'both\n'],
    ['cat < input.txt', 'from input\n'],
  ])('%j still runs under its allow rule', async (command, stdout) => {
    const root = await temporaryDirectory('bash-rules-');
    await writeFile(join(root, 'input.txt'), 'from input\n');
    const result = await cli(root, [
      ...bash(command),
      '--allow-rule',
      'Bash(echo:*)',
      '--allow-rule',
      'Bash(cat:*)',
    ]);
    expect(result).toMatchObject({ code: 0, stdout });
  });
});

describe('call Bash: expansions that run code are in doubt', () => {
  test.each([
    ['echo ${X@P}', { X: '$(touch pwned)' }],
    ['echo ${!X}', { X: 'A[$(touch pwned)]' }],
    ['echo $((X))', { X: 'A[$(touch pwned)]' }],
    ['echo ${Y:X:1}', { X: 'A[$(touch pwned)]', Y: 'abc' }],
  ])('Bash(echo:*) does not allow %j: asks, nothing ran', async (command, env) => {
    const root = await temporaryDirectory('bash-rules-');
    const result = await cli(root, [...bash(command), '--allow-rule', 'Bash(echo:*)'], env);
    expect(result.stdout).toBe(NEEDS_APPROVAL);
    expect(await exists(join(root, 'pwned'))).toBe(false);
  });

  test('a pattern deny rule makes it ask even in yolo mode', async () => {
    const root = await temporaryDirectory('bash-rules-');
    await writeFile(join(root, 'victim.txt'), 'keep me\n');
    const result = await cli(
      root,
      [...bash('echo ${X@P}'), '--deny-rule', 'Bash(rm:*)', '--mode', 'yolo'],
      { X: '$(rm victim.txt)' },
    );
    expect(result.stdout).toBe(NEEDS_APPROVAL);
    expect(await readFile(join(root, 'victim.txt'), 'utf8')).toBe('keep me\n');
  });
});

describe('call Bash: sub-commands past global options, * across /', () => {
  test.each([
    [
      'git -C . push --force',
      ['--allow-rule', 'Bash(git:*)', '--deny-rule', 'Bash(git push:*)'],
      'Bash(git push:*)',
    ],
    [
      'git -c k=v branch -D x',
      ['--deny-rule', 'Bash(git branch:*)', '--yes'],
      'Bash(git branch:*)',
    ],
    [
      'git push origin feature/login',
      ['--deny-rule', 'Bash(git push *)', '--yes'],
      'Bash(git push *)',
    ],
    [
      'kubectl -n prod delete pod web',
      ['--deny-rule', 'Bash(kubectl delete:*)', '--mode', 'yolo'],
      'Bash(kubectl delete:*)',
    ],
  ])('%j is denied', async (command, flags, rule) => {
    const root = await temporaryDirectory('bash-rules-');
    const result = await cli(root, [...bash(command), ...flags]);
    expect(result).toEqual({ code: 1, stdout: denied(rule), stderr: '' });
  });
});

describe('call: a rule that can never match is refused', () => {
  test('--allow-rule Bash(a && b) says why and what works', async () => {
    const root = await temporaryDirectory('bash-rules-');
    const result = await cli(root, [...bash('true'), '--allow-rule', 'Bash(a && b)']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')[0]).toBe(
      'tool-contracts call: --allow-rule: permission rule "Bash(a && b)": a Bash pattern is matched against one simple command at a time, so a compound command joined by && can never match; write one rule per command: Bash(a), Bash(b)',
    );
  });
});
