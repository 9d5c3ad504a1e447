/** What the config of a project does to the commands, before any tool is loaded. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { requireProjectLayout } from '../../cli/project-layout.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

async function cli(cwd: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd,
    color: false,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function configured(config: string): Promise<string> {
  const root = await temporaryDirectory('tc-layout-');
  await writeFile(path.join(root, 'tool-contracts.config.json'), config);
  return root;
}

test.each(['generate', 'check'])(
  '%s with a bad config prints its located problems',
  async (name) => {
    const root = await configured('{\n  "builtIns": "some"\n}\n');
    const result = await cli(root, name);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      `tool-contracts ${name}: bad config in ${root}:\ntool-contracts.config.json:2:15 builtIns: expected one of "all" | "none", found "some"`,
    );
  },
);

test('folders other than the defaults are refused, naming them', async () => {
  const root = await configured('{"generated": "src/generated"}');
  await expect(requireProjectLayout(root)).rejects.toThrow(
    `${path.join(root, 'tool-contracts.config.json')}: generated: "src/generated": folders other than the defaults (generated: "generated") are not supported yet`,
  );
});

test('a configured project imports the runtime types by package name and skips the audit', async () => {
  const root = await configured('{}');
  expect((await requireProjectLayout(root)).generateOptions).toEqual({
    contractModule: 'tool-contracts/contract',
    audit: false,
  });
});

test.each([
  [
    'an unknown built-in',
    '{"builtIns": ["Read", "Nope"]}',
    'builtIns: no built-in tool named "Nope"',
  ],
  ['tools not generated yet', '{"builtIns": "all"}', 'run `tool-contracts generate`'],
])('list in a configured project with %s says so and exits 1', async (_name, config, message) => {
  const root = await configured(config);
  const result = await cli(root, 'list');
  expect(result.code).toBe(1);
  expect(result.err).toContain(message);
});
