/**
 * Adversarial execution: every generated command that the permission layer lets run without
 * asking (an allow rule, or read-only) is executed in a sandbox, and nothing may appear or
 * change there — no file from a redirection, no trap program started, no payload evaluated.
 * The commands it refuses are not run; the test also checks the set is not trivially empty.
 */
import { describe, expect, test } from 'vitest';
import { tool } from '../../../../generated/tools/bash.js';
import { evaluatePermission } from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';
import {
  candidates,
  changes,
  createSandbox,
  runInSandbox,
  snapshot,
} from './sandbox-candidates.js';

await tool.loadImplementation?.();

const all = candidates();
const allowed = all.filter(
  ({ command, allow }) =>
    evaluatePermission(
      tool,
      { command, run_in_background: false },
      { mode: 'default', allow: allow.map((rule) => parsePermissionRule(rule)) },
    ).decision === 'allow',
);

describe('allowed commands change nothing in a sandbox', () => {
  test('the generated set has commands that run and commands that ask', () => {
    expect(allowed.length).toBeGreaterThan(40);
    expect(all.length - allowed.length).toBeGreaterThan(100);
  });

  test('each allowed command, executed, leaves the sandbox as it was', async () => {
    const sandbox = createSandbox(await temporaryDirectory('bash-sandbox-'));
    const violations: string[] = [];
    for (const { command } of allowed) {
      const before = snapshot(sandbox.root);
      runInSandbox(sandbox, command);
      const changed = changes(before, snapshot(sandbox.root));
      if (changed.length > 0)
        violations.push(
          `${command}: ${changed.map((path) => path.slice(sandbox.root.length)).join(', ')}`,
        );
    }
    expect(violations).toEqual([]);
  }, 120_000);

  test('the sandbox catches what it should: the refused commands, run anyway, do change it', async () => {
    const sandbox = createSandbox(await temporaryDirectory('bash-sandbox-'));
    const caught = [
      'echo x > out.txt',
      'echo ${Q@P}',
      'echo $((P))',
      'rg -z x a.txt.gz',
      'git rev-list --output=out2.txt HEAD',
    ].filter((command) => {
      const before = snapshot(sandbox.root);
      runInSandbox(sandbox, command);
      return changes(before, snapshot(sandbox.root)).length > 0;
    });
    expect(caught).toEqual([
      'echo x > out.txt',
      'echo ${Q@P}',
      'echo $((P))',
      'rg -z x a.txt.gz',
      'git rev-list --output=out2.txt HEAD',
    ]);
  }, 60_000);
});
