import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { forbidModules } from './forbid-modules.js';

const run = promisify(execFile);
const guard = forbidModules(/^(ts-morph|diff)(\/|$)/);
const node = (code: string) =>
  run(process.execPath, ['--import', guard, '--input-type=module', '-e', code], {
    cwd: import.meta.dirname,
  });

describe('forbidModules', () => {
  test.each([
    ['an import', "await import('ts-morph')", /forbidden import: ts-morph/],
    ['a subpath import', "await import('diff/lib/index.js')", /forbidden import: diff\/lib/],
    [
      'a require through createRequire',
      "import { createRequire } from 'node:module'; createRequire(import.meta.url)('diff');",
      /forbidden require: diff/,
    ],
  ])('stops %s', async (_, code, message) => {
    await expect(node(code)).rejects.toThrow(message);
  });

  test('lets every other module load', async () => {
    const { stdout } = await node(
      "import { createRequire } from 'node:module'; const yaml = await import('yaml'); createRequire(import.meta.url)('picomatch'); process.stdout.write(typeof yaml.parse);",
    );
    expect(stdout).toBe('function');
  });
});
