/**
 * The session object: one factory, real built-in tools through the executor, shared state
 * between calls (Read then Edit), permission rules from text, "always allow" kept for the
 * session, and `close()` ending what the session owns.
 */
import { readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import type { ApprovalRequest } from '../../../../runtime/call-path/executor/index.js';
import { PermissionRuleError } from '../../../../runtime/core/rules/parse-permission-rule.js';
import {
  createToolSession,
  ToolSessionClosedError,
} from '../../../../runtime/call-path/session/index.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import { planTurnTools, turnRestriction } from '../../../../runtime/core/visibility/turn-filter.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';

function runtime(disallowedTools: readonly string[] = []) {
  return createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main', disallowedTools },
    logger: { warn: () => {} },
  });
}

async function workspace(): Promise<string> {
  const root = await realpath(await temporaryDirectory('session-'));
  await writeFile(path.join(root, 'notes.txt'), 'alpha\nbeta\n');
  return root;
}

describe('createToolSession', () => {
  test('Read then Edit in one session: the read is remembered, the edit lands', async () => {
    const root = await workspace();
    const session = await createToolSession({
      runtime: runtime(),
      workingDirectory: root,
      permissions: { mode: 'acceptEdits' },
    });
    try {
      const file = path.join(root, 'notes.txt');
      const read = await session.call('Read', { file_path: file });
      expect(read.isError).toBe(false);
      const edit = await session.call('Edit', {
        file_path: file,
        old_string: 'beta',
        new_string: 'gamma',
      });
      expect(edit.errorCode).toBeUndefined();
      expect(await readFile(file, 'utf8')).toBe('alpha\ngamma\n');
    } finally {
      await session.close();
    }
  });

  test('a deny rule written as text refuses the call with the exact text; the file stays', async () => {
    const root = await workspace();
    const session = await createToolSession({
      runtime: runtime(),
      workingDirectory: root,
      permissions: { mode: 'yolo', deny: ['Bash(rm:*)'] },
    });
    try {
      const result = await session.call('Bash', { command: 'rm notes.txt' });
      expect(result).toMatchObject({
        isError: true,
        errorCode: 'permission_denied',
        content:
          '<tool_use_error>Permission denied: Bash was not run because the rule "Bash(rm:*)" denies this call.</tool_use_error>',
      });
      await expect(stat(path.join(root, 'notes.txt'))).resolves.toBeDefined();
    } finally {
      await session.close();
    }
  });

  test("the runtime's disallow rules are deny rules of every session on it", async () => {
    const root = await workspace();
    const session = await createToolSession({
      runtime: runtime(['Bash(rm:*)']),
      workingDirectory: root,
      permissions: { mode: 'yolo' },
    });
    const result = await session.call('Bash', { command: 'rm notes.txt' });
    await session.close();
    expect(result.errorCode).toBe('permission_denied');
    await expect(stat(path.join(root, 'notes.txt'))).resolves.toBeDefined();
  });

  test('without an approver a call that needs approval is refused at once, with the exact text', async () => {
    const root = await workspace();
    const session = await createToolSession({ runtime: runtime(), workingDirectory: root });
    const result = await session.call('Bash', { command: 'rm notes.txt' });
    await session.close();
    expect(result).toMatchObject({
      errorCode: 'approval_unavailable',
      content:
        '<tool_use_error>Bash needs the user\'s approval (permission "bash") and nobody can approve it in this session; it was not run. Continue without it, or report what you need.</tool_use_error>',
    });
    await expect(stat(path.join(root, 'notes.txt'))).resolves.toBeDefined();
  });

  test('"always allow" holds for the rest of the session; the per-run approver overrides', async () => {
    const root = await workspace();
    const requests: ApprovalRequest[] = [];
    const session = await createToolSession({
      runtime: runtime(),
      workingDirectory: root,
      requestApproval: async (request) => {
        requests.push(request);
        return { decision: 'allow', always: true };
      },
    });
    try {
      expect((await session.call('Bash', { command: 'touch a.txt' })).isError).toBe(false);
      expect((await session.call('Bash', { command: 'touch a.txt' })).isError).toBe(false);
      expect(requests).toHaveLength(1);
      expect(session.permissions.allow.map((rule) => rule.text)).toEqual(['Bash(touch a.txt)']);
      const declined = await session.call(
        'Bash',
        { command: 'touch b.txt' },
        { requestApproval: async () => ({ decision: 'deny', message: 'not now' }) },
      );
      expect(declined).toMatchObject({
        errorCode: 'approval_declined',
        content:
          '<tool_use_error>The user declined to run Bash; it was not run. The user said: not now</tool_use_error>',
      });
    } finally {
      await session.close();
    }
  });

  test("a turn's restriction refuses a call to a tool it excludes, naming the tools allowed now; the others run", async () => {
    const root = await workspace();
    const session = await createToolSession({
      runtime: runtime(),
      workingDirectory: root,
      permissions: { mode: 'acceptEdits' },
    });
    try {
      const listed = [{ name: 'Read' }, { name: 'Write' }, { name: 'Bash' }];
      const plan = planTurnTools(listed, { denylist: ['Write'] }, 'restrict');
      const restriction = turnRestriction(plan)!;
      const file = path.join(root, 'new.txt');
      const batch = await session.run(
        [
          { name: 'Write', input: { file_path: file, content: 'x' } },
          { name: 'Read', input: { file_path: path.join(root, 'notes.txt') } },
        ],
        { turnRestriction: restriction },
      );
      expect(batch.results[0]).toMatchObject({
        isError: true,
        errorCode: 'tool_restricted',
        content:
          '<tool_use_error>Error: Write is not available in this turn. Tools you can call now: Read, Bash.</tool_use_error>',
      });
      expect(batch.results[1]!.isError).toBe(false);
      await expect(stat(file)).rejects.toThrow(/ENOENT/);
    } finally {
      await session.close();
    }
  });

  test('a bad rule throws before anything runs, naming the rule', async () => {
    await expect(
      createToolSession({ runtime: runtime(), permissions: { deny: ['Bash(rm:*'] } }),
    ).rejects.toThrow(PermissionRuleError);
  });

  test('close() stops background tasks, removes the artifact directory it made, and ends the session', async () => {
    const root = await workspace();
    const session = await createToolSession({
      runtime: runtime(),
      workingDirectory: root,
      permissions: { mode: 'yolo' },
    });
    expect(session.kind).toBe('main');
    expect(session.workspaceRoot).toBe(root);
    const started = await session.call('Bash', { command: 'sleep 30', run_in_background: true });
    expect(started.isError).toBe(false);
    const [task] = [...session.state.backgroundTasks.values()];
    expect(task?.status).toBe('running');
    const artifacts = session.artifactDirectory;
    await expect(stat(artifacts)).resolves.toBeDefined();

    await session.close();
    expect(task?.status).toBe('killed');
    await expect(stat(artifacts)).rejects.toThrow(/ENOENT/);
    expect(session.closed).toBe(true);
    await expect(session.call('Read', { file_path: path.join(root, 'notes.txt') })).rejects.toThrow(
      ToolSessionClosedError,
    );
    await session.close();
  });

  test('an artifact directory the host gives is kept; only what the session wrote goes', async () => {
    const root = await workspace();
    const artifacts = path.join(root, 'artifacts');
    const session = await createToolSession({
      runtime: runtime(),
      workingDirectory: root,
      artifactDirectory: artifacts,
      permissions: { mode: 'yolo' },
    });
    const keep = path.join(artifacts, 'keep.txt');
    await writeFile(keep, 'mine');
    const big = await session.call('Bash', { command: 'head -c 200000 /dev/zero | tr "\\0" x' });
    expect(big.artifactPaths).toHaveLength(1);
    await session.close();
    await expect(stat(big.artifactPaths[0]!)).rejects.toThrow(/ENOENT/);
    expect(await readFile(keep, 'utf8')).toBe('mine');
  });
});
