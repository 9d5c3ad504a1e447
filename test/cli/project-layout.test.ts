/** What the config of a project does to the commands, before any tool is loaded. */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { requireProjectLayout } from '../../cli/project-layout.js';
import { packageRoot } from '../../generator/support/package-root.js';
import { REPOSITORY_PATHS } from '../../generator/support/project-paths.js';
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

test('a configured project imports the runtime types by package name, renders its model view with the package and audits on demand', async () => {
  const root = await configured('{"builtIns": ["Read"]}');
  const layout = await requireProjectLayout(root);
  expect(layout.generateOptions).toEqual({
    paths: layout.paths,
    contractModule: '@tool-contracts/runtime/contract',
    audit: false,
    packageBuiltIns: ['Read'],
  });
  expect(layout.runtimeRoot).toBe(packageRoot());
  expect(existsSync(path.join(layout.runtimeRoot, 'runtime/core/contract.ts'))).toBe(true);
});

test("the config's folders become every path of the layout", async () => {
  const root = await configured(
    '{"manifests": "tools", "generated": "src/gen", "implementations": "src/impl"}',
  );
  expect((await requireProjectLayout(root)).paths).toEqual({
    manifests: 'tools',
    generated: 'src/gen',
    implementations: 'src/impl',
    toolIndexFile: 'tools/tools.yaml',
    manifestDirectory: 'tools/tools',
    manifestSchemaFile: 'tools/manifest.schema.json',
    toolIndexSchemaFile: 'tools/tools.schema.json',
    stateFile: 'src/gen/.generate-state.json',
    modelViewDirectory: 'src/gen/model-view',
    auditMarkdownFile: 'src/gen/AUDIT.md',
    fieldReadersFile: 'src/gen/field-readers.json',
  });
});

test('this repository has no config: its own layout, runtime and renderer', async () => {
  const layout = await requireProjectLayout(packageRoot());
  expect(layout.configFile).toBeUndefined();
  expect(layout.paths).toEqual(REPOSITORY_PATHS);
  expect(layout.runtimeRoot).toBe(packageRoot());
  expect(layout.generateOptions).toEqual({ paths: REPOSITORY_PATHS });
});

test.each([
  [
    'an unknown built-in',
    '{"builtIns": ["Read", "Nope"]}',
    'tool-contracts.config.json:1:23 builtIns[1]: no built-in tool named "Nope"',
  ],
  ['tools not generated yet', '{"builtIns": "all"}', 'run `tool-contracts generate`'],
])('list in a configured project with %s says so and exits 1', async (_name, config, message) => {
  const root = await configured(config);
  const result = await cli(root, 'list');
  expect(result.code).toBe(1);
  expect(result.err).toContain(message);
});
