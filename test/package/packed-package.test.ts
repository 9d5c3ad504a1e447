/**
 * The packages as a user gets them: `npm pack` of the runtime (`@tool-contracts/runtime`), the
 * built-in tools (`@tool-contracts/tools`) and the CLI (`tool-contracts`), installed from the
 * tarballs into projects made by `npm init -y` in the system temp directory (outside this
 * repository), then used there: the CLI through `npx`, the runtime and the built-in Read through
 * the packages' exports, a project of the user's own tools (`init`, `generate`, `check`, `list`,
 * `call` of the example Greet, its node:test test, a script of the user's own running Greet
 * through `createToolSession`), and the user's `tsc --noEmit` over all of it. Other projects
 * measure what an install of the runtime weighs. Slow (installs), so few tests; the example hosts
 * from the tarballs are in packed-examples.test.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import {
  install,
  newProject,
  nodeModulesBytes,
  packTarballs,
  repositoryManifest,
  sh,
} from './packed-tarballs.js';

const tarballs = packTarballs();
const MB = 1024 * 1024;

describe('an install of the runtime', () => {
  test.each([
    {
      what: 'the runtime with the MCP SDK',
      packages: ['@tool-contracts/runtime'],
      peers: ['@modelcontextprotocol/sdk'],
      limit: 30 * MB,
    },
    {
      what: 'the runtime, the MCP SDK and the built-in tools',
      packages: ['@tool-contracts/runtime', '@tool-contracts/tools'],
      peers: ['@modelcontextprotocol/sdk'],
      limit: 60 * MB,
    },
  ])(
    '$what weighs at most its limit in node_modules, and runs no generator',
    { timeout: 600_000 },
    async ({ packages, peers, limit }) => {
      const project = await newProject('tool-contracts-size-');
      await install(project, [
        ...packages.map((name) => tarballs.get(name)!),
        ...peers.map((name) => `${name}@${repositoryManifest.dependencies[name]}`),
      ]);
      const bytes = await nodeModulesBytes(project);
      console.log(
        `node_modules of ${packages.join(' + ')} + ${peers.join(' + ')}: ${(bytes / MB).toFixed(1)} MB`,
      );
      expect(bytes).toBeLessThanOrEqual(limit);
      const { stdout } = await sh(project, 'npm', ['ls', '--all', '--parseable']);
      for (const generatorOnly of ['ts-morph', 'typescript', 'tsx', 'recheck', 'gpt-tokenizer'])
        expect(stdout).not.toContain(`${path.sep}node_modules${path.sep}${generatorOnly}\n`);
    },
  );
});

/** The author's second tool, valid, as a new author adds it beside the example. */
const CLOCK_MANIFEST = `# yaml-language-server: $schema=../manifest.schema.json
name: Clock
capability: example.clock
purpose: Tell the time
description: |-
  Returns the current time as an ISO 8601 string.
modelInstructions: []
aliases: []
flags:
  readOnly: true
  destructive: false
  concurrentSafe: true
  sideEffectScope: none
  riskLevel: low
  needsApproval: false
  requiresUserInteraction: false
  allowedInPlanMode: true
  idempotent: false
  recovery: retry
input:
  type: object
  properties:
    zone: { type: string, description: IANA time zone name }
  required: []
output:
  type: object
  properties:
    now: { type: string }
  required: [ now ]
permission:
  permission: example.clock
  reason: Clock only reads the system clock
resultBudget:
  maxModelBytes: 1000
  strategy: truncate
timeout:
  kind: none
cancellation:
  supported: false
  cleanup: none
  userMessage: The user interrupted the clock.
availability: {}
ordering: registration
hooks: [ validateInput ]
`;

const CLOCK_HANDLER = `/** Clock: a second tool beside Greet. Its contract is manifest/tools/clock.yaml. */
import type { ToolImplementation } from '@tool-contracts/runtime/contract';
import type { Input, Output } from '../../generated/tools/clock.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async () => ({
  ok: true,
  output: { now: new Date().toISOString() },
});

export const validateInput: Implementation['validateInput'] = async () => ({ ok: true });
`;

/**
 * The mistakes of issue #10's trial, each an edit of one file (path, text before, text after),
 * and the one problem line each must give, file:line:col, in the same generate run.
 */
const MISTAKES: readonly {
  readonly mistake: string;
  readonly file: string;
  readonly before: string;
  readonly after: string;
  readonly problem: string;
}[] = [
  {
    mistake: 'a template typo {{timeout.defualtMs}}',
    file: 'manifest/tools/clock.yaml',
    before: 'Returns the current time as an ISO 8601 string.',
    after: 'Returns the current time as an ISO 8601 string. Runs within {{timeout.defualtMs}} ms.',
    problem:
      'manifest/tools/clock.yaml:6:63 description: unknown variable "timeout.defualtMs" (did you mean "defaultMs"? known here: defaultMs, maxMs)',
  },
  {
    mistake: 'an unknown template variable {{nosuchvar}}',
    file: 'manifest/tools/clock.yaml',
    before: '    zone: { type: string, description: IANA time zone name }',
    after:
      '    zone:\n      type: string\n      description: IANA time zone name, default {{nosuchvar}}',
    problem:
      'manifest/tools/clock.yaml:25:49 input.properties.zone.description: unknown variable "nosuchvar" (known here: timeout, subagentProfiles, currentMonth, dynamicWorkflows, model)',
  },
  {
    mistake: 'a wrong type',
    file: 'manifest/tools/clock.yaml',
    before: 'now: { type: string }',
    after: 'now: { type: strng }',
    problem:
      'manifest/tools/clock.yaml:30:18 output.properties.now.type: expected one of "string" | "number" | "integer" | "boolean" | "array" | "object" | "enum" | "const" | "union" | "any", found "strng"',
  },
  {
    mistake: 'a misspelt field',
    file: 'manifest/tools/clock.yaml',
    before: 'ordering: registration',
    after: 'odering: registration',
    problem: 'manifest/tools/clock.yaml:45:1 odering: unknown field, did you mean "ordering"?',
  },
  {
    mistake: 'availability.supersededBy: Bsah',
    file: 'manifest/tools/greet.yaml',
    before: 'availability: {}',
    after: 'availability: { supersededBy: Bsah }',
    problem:
      'manifest/tools/greet.yaml:42:31 availability.supersededBy: no manifest defines "Bsah"',
  },
  {
    mistake: 'an exported hook the manifest does not declare',
    file: 'runtime/tools/greet.ts',
    before: 'output: { greeting: `Hello, ${input.name}!` },\n});\n',
    after:
      "output: { greeting: `Hello, ${input.name}!` },\n});\n\nexport function formatModelContent(): string {\n  return '';\n}\n",
    problem:
      'manifest/tools/greet.yaml:44:8 hooks: runtime/tools/greet.ts exports hook formatModelContent, which hooks does not declare',
  },
  {
    mistake: 'export const validateInput = 42 for a declared hook',
    file: 'runtime/tools/clock.ts',
    before:
      "export const validateInput: Implementation['validateInput'] = async () => ({ ok: true });",
    after: 'export const validateInput = 42;',
    problem:
      "runtime/tools/clock.ts:12:14 validateInput: hook validateInput exported by runtime/tools/clock.ts has type 42, not the ToolImplementation member's: Type 'number' is not assignable to type '(input: any, context: ToolCallContext) => ValidationOutcome | Promise<ValidationOutcome>'.",
  },
];

/** Every public import specifier of the runtime and the tools: their exports, but `./internal/*`. */
async function publicSpecifiers(): Promise<string[]> {
  const specifiers: string[] = [];
  for (const directory of ['packages/runtime', 'packages/tools']) {
    const manifest = JSON.parse(
      await readFile(path.join(REPO_ROOT, directory, 'package.json'), 'utf8'),
    ) as { name: string; exports: Record<string, unknown> };
    for (const subpath of Object.keys(manifest.exports))
      if (!subpath.includes('*') && !subpath.endsWith('.json'))
        specifiers.push(path.posix.join(manifest.name, subpath));
  }
  return specifiers;
}

/** A user's script that runs the project's Greet through a tool session of the runtime package. */
const RUN_GREET = `import { createToolRuntime, createToolSession } from '@tool-contracts/runtime';
import { builtInTools } from './generated/index.js';
import { sortedProviderToolNames } from './generated/provider-order.js';

const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: new Set(sortedProviderToolNames),
  gate: {
    ports: {},
    features: {},
    hostKind: 'terminal',
    sessionKind: 'main',
    toolset: 'default',
    disallowedTools: [],
    embeddedSearch: true,
  },
});
const session = await createToolSession({ runtime, workingDirectory: process.cwd() });
const result = await session.call('Greet', { name: 'Ada' });
await session.close();
console.log(JSON.stringify({ isError: result.isError, content: result.content }));
`;

/** A user's script that reads a PDF with the built-in Read, through a session. */
const READ_PDF = `import { createToolRuntime, createToolSession } from '@tool-contracts/runtime';
import { builtInTools } from '@tool-contracts/tools';
import { SORTED_PROVIDER_TOOL_NAMES } from '@tool-contracts/tools/provider-order';

const runtime = createToolRuntime({
  builtInTools,
  sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
  gate: {
    ports: {},
    features: {},
    hostKind: 'terminal',
    sessionKind: 'main',
    toolset: 'default',
    disallowedTools: [],
    embeddedSearch: true,
  },
});
const session = await createToolSession({ runtime, workingDirectory: process.cwd() });
const results = [];
for (const file_path of ['notes.txt', 'two-pages.pdf'])
  results.push(await session.call('Read', { file_path: \`\${process.cwd()}/\${file_path}\` }));
await session.close();
console.log(JSON.stringify(results.map(({ isError, content }) => ({ isError, content }))));
`;

test(
  'a project made by npm init -y installs the packed tarballs and uses the CLI, the runtime and the built-in tools',
  { timeout: 600_000 },
  async () => {
    const project = await newProject('tool-contracts-user-');
    expect(JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'))).toMatchObject({
      type: 'commonjs',
    });
    await install(project, [
      tarballs.get('@tool-contracts/runtime')!,
      tarballs.get('@tool-contracts/tools')!,
    ]);
    await install(
      project,
      [
        tarballs.get('tool-contracts')!,
        `typescript@${repositoryManifest.devDependencies.typescript}`,
        `@types/node@${repositoryManifest.devDependencies['@types/node']}`,
      ],
      '--save-dev',
    );
    await writeFile(path.join(project, 'notes.txt'), 'alpha\nbeta\n');
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.addPage();
    await writeFile(path.join(project, 'two-pages.pdf'), await pdf.save());
    const manifest = repositoryManifest;

    // No public entry runs a handler without a session.
    for (const specifier of await publicSpecifiers()) {
      const probe = await sh(project, process.execPath, [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(m)));`,
      ]);
      expect(JSON.parse(probe.stdout), specifier).not.toContain('callTool');
    }

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
    expect(initialized.stdout).toContain('set "type": "module" in package.json (was "commonjs")');
    expect(JSON.parse(await readFile(path.join(project, 'package.json'), 'utf8'))).toMatchObject({
      type: 'module',
      scripts: { generate: 'tool-contracts generate', check: 'tool-contracts check' },
    });
    const generated = await sh(project, 'npm', ['run', '--silent', 'generate']);
    expect(generated.stdout).toContain('Generated 1 tool');
    expect(generated.stderr).not.toMatch(/^\s+at /m);
    expect(await readFile(path.join(project, 'generated/tools/greet.ts'), 'utf8')).toContain(
      "from '@tool-contracts/runtime/contract'",
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

    // Issue #10's trial: a second tool, then every mistake at once, each located in one run.
    await writeFile(path.join(project, 'manifest/tools/clock.yaml'), CLOCK_MANIFEST);
    await writeFile(path.join(project, 'runtime/tools/clock.ts'), CLOCK_HANDLER);
    const index = path.join(project, 'manifest/tools.yaml');
    await writeFile(
      index,
      (await readFile(index, 'utf8')).replace('  - Greet\n', '  - Greet\n  - Clock\n'),
    );
    const withClock = await sh(project, 'npx', ['tool-contracts', 'generate']);
    expect(withClock.stdout).toContain('Generated 2 tools');
    const clocked = await sh(project, 'npx', ['tool-contracts', 'call', 'Clock', '{}', '--json']);
    expect(JSON.parse(clocked.stdout)).toMatchObject({ tool: 'Clock', isError: false });
    const originals = new Map<string, string>();
    for (const { file, before, after } of MISTAKES) {
      const absolute = path.join(project, ...file.split('/'));
      const text = await readFile(absolute, 'utf8');
      if (!originals.has(file)) originals.set(file, text);
      expect(text).toContain(before);
      await writeFile(absolute, text.replace(before, after));
    }
    const failed = await sh(project, 'npx', ['tool-contracts', 'generate']).then(
      () => expect.unreachable('generate passed with every mistake in place'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe('');
    expect(failed.stderr.trimEnd().split('\n')).toEqual([
      ...MISTAKES.map(({ problem }) => problem),
      `${MISTAKES.length} problems in manifests; nothing was written.`,
    ]);
    for (const [file, text] of originals)
      await writeFile(path.join(project, ...file.split('/')), text);

    // format --check fails on a manifest out of canonical order, passes once format rewrote it.
    const clockFile = path.join(project, 'manifest/tools/clock.yaml');
    await writeFile(
      clockFile,
      CLOCK_MANIFEST.replace(
        'capability: example.clock\npurpose: Tell the time\n',
        'purpose: Tell the time\ncapability: example.clock\n',
      ),
    );
    const unformatted = await sh(project, 'npx', ['tool-contracts', 'format', '--check']).then(
      () => expect.unreachable('format --check passed on an unformatted manifest'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect({ code: unformatted.code, stderr: unformatted.stderr }).toEqual({
      code: 1,
      stderr:
        'not formatted: manifest/tools/clock.yaml\n1 file of 3 not formatted; run `tool-contracts format`.\n',
    });
    const formatted = await sh(project, 'npx', ['tool-contracts', 'format']);
    expect(formatted.stdout).toBe(
      'formatted: manifest/tools/clock.yaml\n3 files: 1 rewritten, 2 already formatted.\n',
    );
    expect(await readFile(clockFile, 'utf8')).toBe(CLOCK_MANIFEST);
    const formattedCheck = await sh(project, 'npx', ['tool-contracts', 'format', '--check']);
    expect(formattedCheck.stdout).toBe('All 3 files formatted.\n');
    const checkedTwo = await sh(project, 'npx', ['tool-contracts', 'check']);
    expect(checkedTwo.stdout).toContain('Up to date: 2 tools');

    // The user's own TypeScript, importing the packages by name.
    await writeFile(path.join(project, 'run-greet.ts'), RUN_GREET);
    await writeFile(path.join(project, 'read-pdf.ts'), READ_PDF);
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

    const greetedInSession = await sh(project, process.execPath, [
      '--import',
      'tsx',
      'run-greet.ts',
    ]);
    expect(JSON.parse(greetedInSession.stdout)).toEqual({
      isError: false,
      content: JSON.stringify({ greeting: 'Hello, Ada!' }),
    });
    const read = await sh(project, process.execPath, ['--import', 'tsx', 'read-pdf.ts']);
    const [text, document] = JSON.parse(read.stdout) as { isError: boolean; content: unknown }[];
    expect(text).toEqual({ isError: false, content: '     1\talpha\n     2\tbeta' });
    expect(document!.isError).toBe(false);
    expect(JSON.stringify(document!.content)).toContain('application/pdf');
  },
);
