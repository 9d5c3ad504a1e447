/**
 * The package as a user gets it: `npm pack`, installed from the tarball into a new project in the
 * system temp directory (outside this repository), then used there: the CLI through `npx`, the
 * built-in `Read` through the package's exports, a project of the user's own tools (`init`,
 * `generate`, `check`, `list`, `call` of the example Greet, its node:test test), and the user's
 * `tsc --noEmit` over all of it. Slow (an install), so it is one test.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../generator/generate-fixture.js';

const run = promisify(execFile);
const directories: string[] = [];
afterAll(() =>
  Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))),
);

async function sh(cwd: string, command: string, args: string[]) {
  return run(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  });
}

const USE_READ = `import { builtInTools } from 'tool-contracts/tools';
import { SORTED_PROVIDER_TOOL_NAMES } from 'tool-contracts/tools/provider-order';
import { callTool, createToolRuntime, type RegistrationGateInput } from 'tool-contracts';

const gate = {
  ports: {},
  features: {},
  hostKind: 'terminal',
  sessionKind: 'main',
  toolset: 'default',
  disallowedTools: [],
  embeddedSearch: true,
} satisfies RegistrationGateInput;
const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate,
});
const result = await callTool(
  runtime,
  { name: 'Read', input: { file_path: \`\${process.cwd()}/notes.txt\` } },
  {
    workspaceRoot: process.cwd(),
    workingDirectory: process.cwd(),
    artifactDirectory: \`\${process.cwd()}/artifacts\`,
    descriptionSettings: runtime.descriptionSettings(),
  },
);
console.log(JSON.stringify({ isError: result.isError, content: result.content }));
`;

test(
  'a project outside the repository installs the packed tarball and uses the CLI, the runtime and the built-in Read',
  { timeout: 600_000 },
  async () => {
    const packDirectory = await mkdtemp(path.join(tmpdir(), 'tool-contracts-pack-'));
    const project = await mkdtemp(path.join(tmpdir(), 'tool-contracts-user-'));
    directories.push(packDirectory, project);
    expect(path.relative(REPO_ROOT, project).startsWith('..')).toBe(true);

    const packed = await sh(REPO_ROOT, 'npm', [
      'pack',
      '--json',
      '--pack-destination',
      packDirectory,
    ]);
    const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
    const manifest = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
      devDependencies: Record<string, string>;
    };

    await writeFile(
      path.join(project, 'package.json'),
      `${JSON.stringify({ name: 'my-agent', private: true, type: 'module' }, null, 2)}\n`,
    );
    // The local cache first; the registry only for what it lacks.
    await sh(project, 'npm', [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      path.join(packDirectory, filename),
      `typescript@${manifest.devDependencies.typescript}`,
      `@types/node@${manifest.devDependencies['@types/node']}`,
    ]);
    await writeFile(path.join(project, 'notes.txt'), 'alpha\nbeta\n');

    const version = await sh(project, 'npx', ['tool-contracts', '--version']);
    expect(version.stdout).toBe(`${manifest.version}\n`);

    const listed = await sh(project, 'npx', ['tool-contracts', 'list', '--json']);
    const names = (JSON.parse(listed.stdout) as { tools: { name: string }[] }).tools.map(
      (tool) => tool.name,
    );
    expect(names).toContain('Read');

    const called = await sh(project, 'npx', [
      'tool-contracts',
      'call',
      'Read',
      JSON.stringify({ file_path: path.join(project, 'notes.txt') }),
      '--json',
    ]);
    expect(JSON.parse(called.stdout)).toMatchObject({
      tool: 'Read',
      isError: false,
      content: '     1\talpha\n     2\tbeta',
    });

    // A project of the user's own tools: init, generate, then list and call the example tool.
    const initialized = await sh(project, 'npx', ['tool-contracts', 'init']);
    expect(initialized.stdout).toContain('created tool-contracts.config.json');
    const generated = await sh(project, 'npx', ['tool-contracts', 'generate']);
    expect(generated.stdout).toContain('Generated 1 tool');
    expect(await readFile(path.join(project, 'generated/tools/greet.ts'), 'utf8')).toContain(
      "from 'tool-contracts/contract'",
    );
    const checked = await sh(project, 'npx', ['tool-contracts', 'check']);
    expect(checked.stdout).toContain('Up to date: 1 tool');
    const ownListed = await sh(project, 'npx', ['tool-contracts', 'list', '--json']);
    expect(
      (JSON.parse(ownListed.stdout) as { tools: { name: string }[] }).tools.map(
        (tool) => tool.name,
      ),
    ).toEqual(['Greet']);
    const greeted = await sh(project, 'npx', [
      'tool-contracts',
      'call',
      'Greet',
      JSON.stringify({ name: 'Ada' }),
      '--json',
    ]);
    expect(JSON.parse(greeted.stdout)).toMatchObject({
      tool: 'Greet',
      isError: false,
      content: JSON.stringify({ greeting: 'Hello, Ada!' }),
    });
    const tested = await sh(project, process.execPath, [
      '--import',
      'tsx',
      '--test',
      'test/greet.test.ts',
    ]);
    expect(tested.stdout).toContain('# fail 0');

    // The user's own TypeScript, importing the package by name.
    await writeFile(path.join(project, 'use-read.ts'), USE_READ);
    await writeFile(
      path.join(project, 'tsconfig.json'),
      `${JSON.stringify(
        {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            types: ['node'],
            strict: true,
            skipLibCheck: true,
            noEmit: true,
          },
          include: ['*.ts', 'runtime', 'generated', 'test'],
        },
        null,
        2,
      )}\n`,
    );
    const typechecked = await sh(project, 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    expect(typechecked.stdout).toBe('');

    const used = await sh(project, process.execPath, ['--import', 'tsx', 'use-read.ts']);
    expect(JSON.parse(used.stdout)).toEqual({
      isError: false,
      content: '     1\talpha\n     2\tbeta',
    });
  },
);
