import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generate as generateWith, type GenerateOptions } from '../../generator/generate.js';
import { formatGenerateIssue } from '../../generator/generate-issue.js';
import { kebabCase } from '../../generator/manifest/kebab-case.js';
import {
  fixtureProject,
  manifestYaml,
  removeFixtureProjects,
  snapshotDirectory,
  toolIndexYaml,
  writeFiles,
  type FixtureTool,
} from './generate-fixture.js';

afterAll(removeFixtureProjects);

/** The pipeline alone: the audit has its own tests. */
function generate(options: GenerateOptions) {
  return generateWith({ audit: false, ...options });
}

const TOOLS: FixtureTool[] = [
  { name: 'Zeta', yaml: manifestYaml('Zeta', { ordering: 'ordering: reference' }) },
  {
    name: 'Alpha',
    hooks: ['validateInput'],
    yaml: manifestYaml('Alpha', {
      description: 'description: "Waits at most {{timeout.maxMs}} ms."',
      hooks: 'hooks: [validateInput]',
      ordering: 'ordering: reference',
    }),
  },
  { name: 'mid_tool' },
];

async function freshProject(tools: readonly FixtureTool[] = TOOLS): Promise<string> {
  return fixtureProject(tools);
}

function issuesOf(result: Awaited<ReturnType<typeof generate>>): string[] {
  return result.issues.map(formatGenerateIssue);
}

describe('generate writes every output', () => {
  it('produces the tool modules, schemas, descriptions, tables and manifest schemas', async () => {
    const root = await freshProject();
    const result = await generate({ projectRoot: root, write: true });
    expect(issuesOf(result)).toEqual([]);
    expect([...result.files.keys()]).toEqual([
      'generated/TOOLS.md',
      'generated/descriptions/alpha.d.ts',
      'generated/descriptions/alpha.js',
      'generated/index.ts',
      'generated/provider-order.ts',
      'generated/schemas/Alpha.input.json',
      'generated/schemas/Alpha.output.json',
      'generated/schemas/Zeta.input.json',
      'generated/schemas/Zeta.output.json',
      'generated/schemas/mid_tool.input.json',
      'generated/schemas/mid_tool.output.json',
      'generated/tools/alpha.ts',
      'generated/tools/mid-tool.ts',
      'generated/tools/zeta.ts',
      'generated/zod/alpha.ts',
      'generated/zod/mid-tool.ts',
      'generated/zod/zeta.ts',
      'manifest/manifest.schema.json',
      'manifest/tools.schema.json',
    ]);
    expect(result.changed).toEqual([...result.files.keys()]);
    expect(result.missing).toEqual([...result.files.keys()]);
    for (const [file, text] of result.files)
      expect(await readFile(path.join(root, file), 'utf8')).toBe(text);
    expect(result.files.get('generated/index.ts')).toMatch(
      /builtInTools: readonly ToolEntry\[\] = \[\n {2}zetaTool,\n {2}alphaTool,\n {2}midToolTool,\n\];/,
    );
    expect(result.files.get('generated/provider-order.ts')).toContain(
      'export const sortedProviderToolNames = [\n  "Alpha",\n  "Zeta",\n] as const;',
    );
    expect(result.toolCount).toBe(3);
  });

  it('keeps the mode of generated/ when it swaps the directory', async () => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    expect((await stat(path.join(root, 'generated'))).mode & 0o777).toBe(0o755);
  });
});

describe('determinism', () => {
  it('two runs in two projects give byte-identical files', async () => {
    const [first, second] = await Promise.all([freshProject(), freshProject()]);
    const one = await generate({ projectRoot: first, write: true });
    const two = await generate({ projectRoot: second, write: true });
    expect(two.files).toEqual(one.files);
    expect(await snapshotDirectory(second, 'generated')).toEqual(
      await snapshotDirectory(first, 'generated'),
    );
  });

  it('a shuffled directory listing gives the same output', async () => {
    const root = await freshProject();
    const plain = await generate({ projectRoot: root, write: false });
    for (const seed of [1, 2, 3]) {
      const shuffled = await generate({
        projectRoot: root,
        write: false,
        listDirectory: async (directory) => shuffle(await readdir(directory), seed),
      });
      expect(shuffled.files).toEqual(plain.files);
    }
  });

  it('a second run changes nothing and is a no-op by content hash', async () => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    const before = await snapshotDirectory(root, 'generated');
    const again = await generate({ projectRoot: root, write: true });
    expect(again).toMatchObject({ ok: true, upToDate: true, changed: [], toolCount: 3 });
    expect(await snapshotDirectory(root, 'generated')).toEqual(before);
    const forced = await generate({ projectRoot: root, write: true, force: true });
    expect(forced).toMatchObject({ ok: true, upToDate: false, changed: [], extra: [] });
    expect(forced.unchanged).toHaveLength(19);
  });

  it('the state file holds relative paths and hashes only', async () => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    const state = await readFile(path.join(root, 'generated/.generate-state.json'), 'utf8');
    expect(state).not.toContain(root);
    const parsed = JSON.parse(state) as {
      inputs: Record<string, string>;
      outputs: Record<string, string>;
    };
    expect(Object.keys(parsed.inputs)).toEqual([
      'manifest/tools.yaml',
      'manifest/tools/alpha.yaml',
      'manifest/tools/mid-tool.yaml',
      'manifest/tools/zeta.yaml',
      'runtime/contract.ts',
      'runtime/core/contract.ts',
      'runtime/core/frozen-data.ts',
      'runtime/core/lazy-implementation.ts',
      'runtime/core/tool-error-code.ts',
      'runtime/tools/alpha.ts',
      'runtime/tools/mid-tool.ts',
      'runtime/tools/zeta.ts',
      // The options that shape the output (builtIns, the contract module, the audit).
      '(generate options)',
    ]);
    expect(Object.values(parsed.outputs).every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
  });
});

describe('the no-op shortcut notices every kind of change', () => {
  it.each([
    {
      change: 'a manifest edit',
      file: 'manifest/tools/zeta.yaml',
      edit: (text: string) => text.replace('Reads Zeta.', 'Reads Zeta fast.'),
      changed: ['generated/TOOLS.md', 'generated/tools/zeta.ts'],
      upToDate: false,
    },
    {
      change: 'a runtime code edit',
      file: 'runtime/tools/zeta.ts',
      edit: (text: string) => `${text}export const extra = 1;\n`,
      changed: [],
      upToDate: false,
    },
    {
      // Comments and layout cannot change a classification: the hashes are updated, nothing run.
      change: 'a runtime comment',
      file: 'runtime/tools/zeta.ts',
      edit: (text: string) => `// comment\n\n${text}// comment\n`,
      changed: [],
      upToDate: true,
    },
    {
      change: 'an output edited by hand',
      file: 'generated/tools/zeta.ts',
      edit: (text: string) => `${text}// hand edit\n`,
      changed: ['generated/tools/zeta.ts'],
      upToDate: false,
    },
    {
      change: 'a manifest schema edited by hand',
      file: 'manifest/manifest.schema.json',
      edit: () => '{}\n',
      changed: ['manifest/manifest.schema.json'],
      upToDate: false,
    },
  ])('$change', async ({ file, edit, changed, upToDate }) => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    const target = path.join(root, file);
    await writeFile(target, edit(await readFile(target, 'utf8')));
    const result = await generate({ projectRoot: root, write: true });
    expect(result.upToDate).toBe(upToDate);
    expect(result.changed).toEqual(changed);
    expect((await generate({ projectRoot: root, write: true })).upToDate).toBe(true);
  });

  it('an extra file in generated/ is removed', async () => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    await writeFiles(root, { 'generated/tools/stale.ts': 'export {};\n' });
    const result = await generate({ projectRoot: root, write: true });
    expect(result.extra).toEqual(['generated/tools/stale.ts']);
    expect(await readdir(path.join(root, 'generated/tools'))).toEqual([
      'alpha.ts',
      'mid-tool.ts',
      'zeta.ts',
    ]);
  });
});

describe('a writing run re-emits only the tools an edit touches', () => {
  const edits: {
    change: string;
    edit: (root: string) => Promise<void>;
    force?: boolean;
    emitted: number;
  }[] = [
    {
      change: 'one manifest edited',
      edit: (root) => editFile(root, 'manifest/tools/zeta.yaml', (text) => `${text}aliases: [Z]\n`),
      emitted: 1,
    },
    {
      // The registration order shapes index.ts and provider-order.ts only, never a tool's files.
      change: 'the registration order changed',
      edit: (root) =>
        writeFiles(root, { 'manifest/tools.yaml': toolIndexYaml(['mid_tool', 'Alpha', 'Zeta']) }),
      emitted: 0,
    },
    {
      // Any code the emitter's reading depends on re-emits every tool.
      change: 'runtime code edited',
      edit: (root) =>
        editFile(root, 'runtime/core/contract.ts', (text) => `${text}export const extra = 1;\n`),
      emitted: 3,
    },
    {
      change: "a tool's generated module edited by hand",
      edit: (root) => editFile(root, 'generated/tools/alpha.ts', (text) => `${text}// hand\n`),
      emitted: 1,
    },
    {
      change: "a tool's generated schema deleted",
      edit: (root) => rm(path.join(root, 'generated/schemas/mid_tool.output.json')),
      emitted: 1,
    },
    {
      change: "the state's emission key for one tool tampered with",
      edit: (root) =>
        editFile(root, 'generated/.generate-state.json', (text) => {
          const state = JSON.parse(text) as { emissions: Record<string, { key: string }> };
          state.emissions['Zeta']!.key = '0'.repeat(64);
          // A manifest edit too, or the no-op shortcut never looks at the emissions.
          return JSON.stringify(state);
        }).then(() =>
          editFile(root, 'manifest/tools/alpha.yaml', (text) => `${text}aliases: [A]\n`),
        ),
      emitted: 2,
    },
    {
      change: "the state's file list for one tool pointing outside generated/",
      edit: (root) =>
        editFile(root, 'generated/.generate-state.json', (text) => {
          const state = JSON.parse(text) as { emissions: Record<string, { files: string[] }> };
          state.emissions['Zeta']!.files.push('package.json');
          return JSON.stringify(state);
        }).then(() =>
          editFile(root, 'manifest/tools/alpha.yaml', (text) => `${text}aliases: [A]\n`),
        ),
      emitted: 2,
    },
    { change: 'nothing, with --force', edit: async () => {}, force: true, emitted: 3 },
  ];

  it.each(edits)('$change', async ({ edit, force, emitted }) => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    await edit(root);
    const result = await generate({ projectRoot: root, write: true, force: force ?? false });
    expect(issuesOf(result)).toEqual([]);
    expect(result.emittedTools).toBe(emitted);
    // What a reused emission left is what a full emission makes: `check` finds nothing to change.
    const full = await generate({ projectRoot: root, write: false });
    expect({ changed: full.changed, missing: full.missing, extra: full.extra }).toEqual({
      changed: [],
      missing: [],
      extra: [],
    });
    expect(full.emittedTools).toBe(3);
  });

  it('random edit sequences leave what a fresh full run makes', async () => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    const names = ['Zeta', 'Alpha', 'mid_tool'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            tool: fc.constantFrom(...names),
            maxModelBytes: fc.integer({ min: 1, max: 5000 }),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        async (steps) => {
          for (const { tool, maxModelBytes } of steps) {
            await editFile(root, `manifest/tools/${kebabCase(tool)}.yaml`, (text) =>
              text.replace(/maxModelBytes: \d+/, `maxModelBytes: ${maxModelBytes}`),
            );
            const step = await generate({ projectRoot: root, write: true });
            expect(step.emittedTools).toBeLessThanOrEqual(1);
          }
          const full = await generate({ projectRoot: root, write: false });
          expect(full.changed).toEqual([]);
        },
      ),
      { numRuns: 4 },
    );
  });
});

async function editFile(root: string, file: string, edit: (text: string) => string): Promise<void> {
  const target = path.join(root, ...file.split('/'));
  await writeFile(target, edit(await readFile(target, 'utf8')));
}

describe('atomicity: a failed run leaves generated/ byte for byte', () => {
  it.each([
    { when: 'before the first file', faults: { failAfterFiles: 0 } },
    { when: 'after some files', faults: { failAfterFiles: 5 } },
    {
      when: 'during the swap, with the old directory moved away',
      faults: { failDuringSwap: true },
    },
  ])('$when', async ({ faults }) => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    await writeFile(
      path.join(root, 'manifest/tools/zeta.yaml'),
      manifestYaml('Zeta', { ordering: 'ordering: reference', purpose: 'purpose: Changed.' }),
    );
    const before = await snapshotDirectory(root, 'generated');
    const manifestSchema = await readFile(path.join(root, 'manifest/manifest.schema.json'));
    await expect(generate({ projectRoot: root, write: true, faults })).rejects.toThrow(
      /injected failure/,
    );
    expect(await snapshotDirectory(root, 'generated')).toEqual(before);
    expect(await readFile(path.join(root, 'manifest/manifest.schema.json'))).toEqual(
      manifestSchema,
    );
    expect((await readdir(root)).filter((entry) => entry.startsWith('.generated'))).toEqual([]);
    // The next run recovers.
    const result = await generate({ projectRoot: root, write: true });
    expect(result.changed).toEqual(['generated/TOOLS.md', 'generated/tools/zeta.ts']);
  });

  it('a manifest error writes nothing at all', async () => {
    const root = await freshProject();
    await generate({ projectRoot: root, write: true });
    const before = await snapshotDirectory(root, 'generated');
    await writeFile(
      path.join(root, 'manifest/tools/zeta.yaml'),
      manifestYaml('Zeta', { flags: 'flags: {}' }).replace(
        'capability: fixture.read',
        'capability: 3',
      ),
    );
    const result = await generate({ projectRoot: root, write: true });
    expect(result.ok).toBe(false);
    expect(issuesOf(result)[0]).toBe(
      'manifest/tools/zeta.yaml:3:13 capability: expected a string, found 3',
    );
    expect(result.files.size).toBe(0);
    expect(await snapshotDirectory(root, 'generated')).toEqual(before);
  });
});

describe('one writer at a time', () => {
  it('concurrent writing runs both succeed and leave one consistent generated/', async () => {
    const root = await freshProject();
    const results = await Promise.all(
      [1, 2, 3].map(() => generate({ projectRoot: root, write: true, force: true })),
    );
    expect(results.map((result) => result.ok)).toEqual([true, true, true]);
    const expected = await snapshotDirectory(await freshProjectGenerated(), 'generated');
    const actual = await snapshotDirectory(root, 'generated');
    actual.delete('generated/.generate-state.json');
    expected.delete('generated/.generate-state.json');
    expect(actual).toEqual(expected);
    expect((await readdir(root)).filter((entry) => entry.startsWith('.generated'))).toEqual([]);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const root = await freshProject();
    // 2^22 + 1 is above Linux's pid_max default range and not a running process here.
    await writeFiles(root, { '.generated-lock/pid': '4194305\n' });
    const result = await generate({ projectRoot: root, write: true });
    expect(result.ok).toBe(true);
    expect((await readdir(root)).filter((entry) => entry.startsWith('.generated'))).toEqual([]);
  });
});

async function freshProjectGenerated(): Promise<string> {
  const root = await freshProject();
  await generate({ projectRoot: root, write: true });
  return root;
}

describe('problems the emitter finds are reported like manifest problems', () => {
  it.each<{ name: string; override: Record<string, string>; want: string[] }>([
    {
      name: 'overlapping union branches',
      override: {
        input: [
          'input:',
          '  type: object',
          '  properties:',
          '    when:',
          '      type: union',
          '      anyOf:',
          '        - { type: string }',
          '        - { type: string, format: date }',
        ].join('\n'),
      },
      want: [
        'manifest/tools/zeta.yaml:20:11 input.properties.when.anyOf[1]: union branches 0 (string) and 1 (string (format "date")) can accept the same value; the model-facing schema uses oneOf, which rejects a value matching two branches. If a value may match several branches (as JSON Schema anyOf allows), set `exclusive: false` on the union (sent as anyOf); otherwise make the branches disjoint (distinct types, const or enum values, or bounds that do not meet)',
      ],
    },
    {
      name: 'a template that does not compile',
      override: { description: 'description: "Waits {{#if x}} forever."' },
      want: [
        "manifest/tools/zeta.yaml:5:14 description: the description template does not compile: Parse error on line 1: ...s {{#if x}} forever. Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'",
      ],
    },
    {
      name: 'a template calling an unknown helper',
      override: {
        input: [
          'input:',
          '  type: object',
          '  properties:',
          '    id: { type: string, description: "{{#iff a}}x{{/iff}}" }',
        ].join('\n'),
      },
      want: [
        'manifest/tools/zeta.yaml:16:38 input.properties.id.description: the description template does not compile: You specified knownHelpersOnly, but used the unknown helper iff - 1:0',
      ],
    },
    {
      name: 'a default its schema refuses',
      override: {
        input: [
          'input:',
          '  type: object',
          '  properties:',
          '    n: { type: integer, default: 1.5 }',
        ].join('\n'),
      },
      want: [
        'manifest/tools/zeta.yaml:16:34 input.properties.n.default: the default is not a value of this schema: Expected integer, received float',
      ],
    },
  ])('$name', async ({ override, want }) => {
    const root = await fixtureProject([{ name: 'Zeta', yaml: manifestYaml('Zeta', override) }]);
    const result = await generate({ projectRoot: root, write: true });
    expect(issuesOf(result)).toEqual(want);
    expect(await readdir(root)).not.toContain('generated');
  });
});

/** Deterministic Fisher–Yates with a small LCG, so a failure can be replayed. */
function shuffle<T>(items: T[], seed: number): T[] {
  const result = [...items];
  let state = seed;
  for (let index = result.length - 1; index > 0; index--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const other = state % (index + 1);
    [result[index], result[other]] = [result[other]!, result[index]!];
  }
  return result.reverse();
}

describe('every problem of a run is reported at once', () => {
  it('manifest, reference, hook-export and emitter problems come in one report', async () => {
    const root = await fixtureProject(
      [
        {
          name: 'Zeta',
          yaml: manifestYaml('Zeta', {
            purpose: 'purpose: { a: 1 }',
            hooks: 'hooks: [formatModelContent]',
            availability: 'availability: { supersededBy: Nope }',
          }),
        },
        {
          name: 'Alpha',
          yaml: manifestYaml('Alpha', {
            hooks: 'hooks: [validateInput]',
            availability: 'availability: { supersededBy: Zetta }',
          }),
        },
        {
          name: 'Beta',
          yaml: manifestYaml('Beta', { description: 'description: "Waits {{#if x}} forever."' }),
        },
      ],
      {
        'runtime/tools/alpha.ts':
          "export const handler = async () => ({ ok: true as const, output: '' });\nexport const validateInput = 42;\n",
        // Zeta's manifest is invalid, but its name and hooks are not: its module is checked too.
        'runtime/tools/zeta.ts':
          "export const handler = async () => ({ ok: true as const, output: '' });\nexport const formatModelContent = 7;\nexport const validateInput = () => ({ ok: true as const });\n",
      },
    );
    const result = await generate({ projectRoot: root, write: true });
    expect(issuesOf(result)).toEqual([
      'manifest/tools/alpha.yaml:26:31 availability.supersededBy: no manifest defines "Zetta", did you mean "Zeta"?',
      "manifest/tools/beta.yaml:5:14 description: the description template does not compile: Parse error on line 1: ...s {{#if x}} forever. Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'",
      'manifest/tools/zeta.yaml:4:10 purpose: expected a string, found a mapping',
      'manifest/tools/zeta.yaml:25:8 hooks: runtime/tools/zeta.ts exports hook validateInput, which hooks does not declare',
      'manifest/tools/zeta.yaml:26:31 availability.supersededBy: no manifest defines "Nope"',
      "runtime/tools/alpha.ts:2:14 validateInput: hook validateInput exported by runtime/tools/alpha.ts has type 42, not the ToolImplementation member's: Type 'number' is not assignable to type '(input: any, context: ToolCallContext) => ValidationOutcome | Promise<ValidationOutcome>'.",
      "runtime/tools/zeta.ts:2:14 formatModelContent: hook formatModelContent exported by runtime/tools/zeta.ts has type 7, not the ToolImplementation member's: Type 'number' is not assignable to type '(output: any) => string'.",
    ]);
    expect(await readdir(root)).not.toContain('generated');
  });

  it('with valid manifests, a wrong hook export and an emitter problem are reported together', async () => {
    const root = await fixtureProject(
      [
        { name: 'Alpha', yaml: manifestYaml('Alpha', { hooks: 'hooks: [validateInput]' }) },
        {
          name: 'Beta',
          yaml: manifestYaml('Beta', { description: 'description: "Waits {{#if x}} forever."' }),
        },
      ],
      {
        'runtime/tools/alpha.ts':
          "export const handler = async () => ({ ok: true as const, output: '' });\nexport const validateInput = 'yes';\n",
      },
    );
    const result = await generate({ projectRoot: root, write: true });
    expect(issuesOf(result)).toEqual([
      "manifest/tools/beta.yaml:5:14 description: the description template does not compile: Parse error on line 1: ...s {{#if x}} forever. Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'",
      "runtime/tools/alpha.ts:2:14 validateInput: hook validateInput exported by runtime/tools/alpha.ts has type \"yes\", not the ToolImplementation member's: Type 'string' is not assignable to type '(input: any, context: ToolCallContext) => ValidationOutcome | Promise<ValidationOutcome>'.",
    ]);
  });
});
