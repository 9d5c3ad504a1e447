/**
 * `tool-contracts diff` against real git revisions: a small project is committed in a temporary
 * repository, each case edits the working tree, and the command (through the real dispatcher)
 * classifies the change against HEAD. The table is the specification of the classes.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { CommandIO } from '../../cli/command-io.js';
import { main } from '../../cli/main.js';
import type { ContractDiff } from '../../generator/diff/contract-change.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { forbidModules } from '../support/forbid-modules.js';

const INDEX = `# yaml-language-server: $schema=./tools.schema.json
registrationOrder: [Lookup, Shell]
reservedReferenceNames: []
`;

const LOOKUP = `# yaml-language-server: $schema=../manifest.schema.json
name: Lookup
capability: index.lookup
purpose: Look things up in the index
description: Finds entries in the index.
aliases: [Find]
flags:
  readOnly: true
  destructive: false
  concurrentSafe: true
  sideEffectScope: none
  riskLevel: low
  needsApproval: false
input:
  type: object
  properties:
    query: { type: string, description: What to look for }
    limit: { type: integer, minimum: 1, maximum: 100, description: Most entries }
    mode: { type: enum, values: [fast, full] }
  required: [query]
  additionalProperties: true
output:
  type: object
  properties:
    items: { type: array, items: { type: string } }
    total: { type: integer }
    state: { type: enum, values: [ok, partial] }
  required: [items, total]
permission:
  permission: index.read
  reason: Lookup reads the index
resultBudget:
  maxModelBytes: 1000
timeout:
  kind: none
cancellation:
  supported: false
  cleanup: none
`;

const SHELL = `# yaml-language-server: $schema=../manifest.schema.json
name: Shell
capability: process.run
purpose: Run a command
description: Runs a command.
maxOutputBytes: 100000
flags:
  readOnly: false
  destructive: true
  concurrentSafe: false
  sideEffectScope: system
  riskLevel: high
  needsApproval: true
input:
  type: object
  properties:
    command: { type: string }
  required: [command]
output:
  type: object
  properties:
    exitCode: { type: integer }
  required: [exitCode]
permission:
  permission: shell.run
  reason: Shell runs programs
  alwaysAsk: true
  askOptions: { allowAlways: false }
resultBudget:
  maxModelBytes: 20000
  maxInlineBytes: 20000
  preview: { maxBytes: 2000 }
timeout:
  kind: bounded
  defaultMs: 60000
  maxMs: 120000
cancellation:
  supported: true
  cleanup: processTree
trace:
  required: true
`;

const FILES: Readonly<Record<string, string>> = {
  'manifest/tools.yaml': INDEX,
  'manifest/tools/lookup.yaml': LOOKUP,
  'manifest/tools/shell.yaml': SHELL,
};

let root: string;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' });
}

async function writeProject(files: Readonly<Record<string, string | undefined>>): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(root, file);
    if (text === undefined) await rm(target, { force: true });
    else {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    }
  }
}

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd: root,
    color: false,
  };
  const code = await main(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function diffJson(...argv: string[]): Promise<ContractDiff> {
  const { code, out, err } = await cli('diff', '--json', ...argv);
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out) as ContractDiff;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'diff-command-'));
  await writeProject(FILES);
  git('init', '--quiet', '--initial-branch=main');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'add', '.');
  git(
    '-c',
    'user.name=Test',
    '-c',
    'user.email=test@example.com',
    'commit',
    '--quiet',
    '-m',
    'base',
  );
});

afterEach(async () => {
  // Back to the committed revision, whatever the case changed.
  git('checkout', '--quiet', '--', '.');
  git('clean', '--quiet', '-fd');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const edit =
  (file: string, from: string | RegExp, to: string) =>
  (files: Record<string, string | undefined>): void => {
    const text = files[file]!;
    const next = text.replace(from, to);
    if (next === text) throw new Error(`edit of ${file} changed nothing: ${String(from)}`);
    files[file] = next;
  };
const lookup = (from: string | RegExp, to: string) => edit('manifest/tools/lookup.yaml', from, to);
const shell = (from: string | RegExp, to: string) => edit('manifest/tools/shell.yaml', from, to);

interface DiffCase {
  readonly edit: string;
  readonly change: (files: Record<string, string | undefined>) => void;
  /** `tool: class kind path` of every change but prompt cache, sorted. */
  readonly want: readonly string[];
  /** Tools whose model-visible bytes change. */
  readonly cache?: readonly string[];
  /** The projections (generated/model-view/ formats) whose bytes change. Default: all six. */
  readonly projections?: readonly string[];
}

const ALL_PROJECTIONS = [
  'anthropic',
  'openai',
  'openai-responses',
  'gemini',
  'gemini-openapi',
  'ai-sdk',
] as const;

const renameLookup =
  (aliases: string) =>
  (files: Record<string, string | undefined>): void => {
    files['manifest/tools/search.yaml'] = LOOKUP.replace('name: Lookup', 'name: Search').replace(
      'aliases: [Find]',
      aliases,
    );
    files['manifest/tools/lookup.yaml'] = undefined;
    files['manifest/tools.yaml'] = INDEX.replace('[Lookup, Shell]', '[Search, Shell]');
  };

const cases: readonly DiffCase[] = [
  // --- breaking ---------------------------------------------------------------------------
  {
    edit: 'a new required parameter',
    change: lookup(
      '    mode: { type: enum, values: [fast, full] }\n  required: [query]',
      '    mode: { type: enum, values: [fast, full] }\n    scope: { type: string }\n  required: [query, scope]',
    ),
    want: ['Lookup: breaking parameter-required input.properties.scope'],
    cache: ['Lookup'],
  },
  {
    edit: 'an optional parameter made required',
    change: lookup('required: [query]', 'required: [query, limit]'),
    want: ['Lookup: breaking parameter-required input.properties.limit'],
    cache: ['Lookup'],
  },
  {
    edit: 'a removed parameter',
    change: lookup('    mode: { type: enum, values: [fast, full] }\n', ''),
    want: ['Lookup: breaking parameter-removed input.properties.mode'],
    cache: ['Lookup'],
  },
  {
    edit: 'a removed enum value',
    change: lookup('values: [fast, full]', 'values: [fast]'),
    want: ['Lookup: breaking enum-value-removed input.properties.mode.values'],
    cache: ['Lookup'],
  },
  {
    edit: 'a narrowed type (integer → string)',
    change: lookup('limit: { type: integer, minimum: 1, maximum: 100,', 'limit: { type: string,'),
    want: ['Lookup: breaking type-narrowed input.properties.limit'],
    cache: ['Lookup'],
  },
  {
    edit: 'a narrowed bound (maximum 100 → 50)',
    change: lookup('maximum: 100', 'maximum: 50'),
    want: ['Lookup: breaking type-narrowed input.properties.limit.maximum'],
    cache: ['Lookup'],
  },
  {
    edit: 'a pattern added to a parameter',
    change: lookup(
      'query: { type: string, description',
      'query: { type: string, pattern: "^[a-z]+$", description',
    ),
    want: ['Lookup: breaking type-narrowed input.properties.query.pattern'],
    cache: ['Lookup'],
  },
  {
    edit: 'a closed object',
    change: lookup('  additionalProperties: true\n', ''),
    want: ['Lookup: breaking object-closed input.additionalProperties'],
    cache: ['Lookup'],
    // Gemini's OpenAPI subset has no additionalProperties: that view is the same either way.
    projections: ALL_PROJECTIONS.filter((name) => name !== 'gemini-openapi'),
  },
  {
    edit: 'a removed alias',
    change: lookup('aliases: [Find]\n', ''),
    want: ['Lookup: breaking alias-removed aliases'],
  },
  {
    edit: 'a rename without an alias',
    change: renameLookup('aliases: [Find]'),
    want: ['Search: breaking tool-renamed-without-alias name'],
    cache: ['Search'],
  },
  {
    edit: 'a removed tool',
    change: (files) => {
      files['manifest/tools/shell.yaml'] = undefined;
      files['manifest/tools.yaml'] = INDEX.replace('[Lookup, Shell]', '[Lookup]');
    },
    want: ['Shell: breaking tool-removed name'],
    cache: ['Shell'],
  },
  {
    edit: 'an output property removed',
    change: (files) => {
      lookup('    total: { type: integer }\n', '')(files);
      lookup('required: [items, total]', 'required: [items]')(files);
    },
    want: ['Lookup: breaking output-changed output.properties.total'],
  },
  {
    edit: 'an output enum value added',
    change: lookup('values: [ok, partial]', 'values: [ok, partial, failed]'),
    want: ['Lookup: breaking output-changed output.properties.state.values'],
  },
  {
    edit: 'an output property no longer always present',
    change: lookup('required: [items, total]', 'required: [items]'),
    want: ['Lookup: breaking output-changed output.properties.total'],
  },
  // --- safety ------------------------------------------------------------------------------
  {
    edit: 'readOnly turned on (and destructive off)',
    change: shell(
      '  readOnly: false\n  destructive: true',
      '  readOnly: true\n  destructive: false',
    ),
    want: [
      'Shell: safety destructive-turned-off flags.destructive',
      'Shell: safety read-only-turned-on flags.readOnly',
    ],
  },
  {
    edit: 'needsApproval turned off',
    change: shell('needsApproval: true', 'needsApproval: false'),
    want: ['Shell: safety approval-turned-off flags.needsApproval'],
  },
  {
    edit: 'riskLevel lowered',
    change: shell('riskLevel: high', 'riskLevel: medium'),
    want: ['Shell: safety risk-lowered flags.riskLevel'],
  },
  {
    edit: 'side-effect scope narrowed',
    change: shell('sideEffectScope: system', 'sideEffectScope: workspace'),
    want: ['Shell: safety scope-narrowed flags.sideEffectScope'],
  },
  {
    edit: 'a timeout raised',
    change: shell('maxMs: 120000', 'maxMs: 600000'),
    want: ['Shell: safety limit-raised timeout.maxMs'],
  },
  {
    edit: 'the timeout removed',
    change: shell(
      /timeout:\n  kind: bounded\n  defaultMs: 60000\n  maxMs: 120000\n/,
      'timeout:\n  kind: none\n',
    ),
    want: ['Shell: safety timeout-removed timeout.kind'],
  },
  {
    edit: 'a result budget raised',
    change: shell('maxModelBytes: 20000', 'maxModelBytes: 50000'),
    want: ['Shell: safety limit-raised resultBudget.maxModelBytes'],
  },
  {
    edit: 'maxOutputBytes raised',
    change: shell('maxOutputBytes: 100000', 'maxOutputBytes: 1000000'),
    want: ['Shell: safety limit-raised maxOutputBytes'],
  },
  {
    edit: 'a new permission',
    change: shell('permission: shell.run', 'permission: shell.exec'),
    want: ['Shell: safety permission-changed permission.permission'],
  },
  {
    edit: 'alwaysAsk removed',
    change: shell('  alwaysAsk: true\n', ''),
    want: ['Shell: safety always-ask-removed permission.alwaysAsk'],
  },
  {
    edit: '“always allow” offered',
    change: shell('allowAlways: false', 'allowAlways: true'),
    want: ['Shell: safety allow-always-offered permission.askOptions.allowAlways'],
  },
  {
    edit: 'a trace no longer required',
    change: shell('  required: true\n', '  required: false\n'),
    want: ['Shell: safety trace-no-longer-required trace.required'],
  },
  {
    edit: 'riskLevel raised (tighter: not safety)',
    change: lookup('riskLevel: low', 'riskLevel: medium'),
    want: ['Lookup: compatible field-changed flags.riskLevel'],
  },
  {
    edit: 'a timeout lowered (tighter: not safety)',
    change: shell('maxMs: 120000', 'maxMs: 90000'),
    want: ['Shell: compatible field-changed timeout.maxMs'],
  },
  // --- compatible and prompt cache --------------------------------------------------------
  {
    edit: 'a description-only edit',
    change: lookup(
      'description: Finds entries in the index.',
      'description: Finds entries in the search index.',
    ),
    want: ['Lookup: compatible field-changed description'],
    cache: ['Lookup'],
  },
  {
    edit: 'a parameter description edit',
    change: lookup('description: What to look for', 'description: The text to look for'),
    want: ['Lookup: compatible field-changed input.properties.query.description'],
    cache: ['Lookup'],
  },
  {
    edit: 'a purpose edit (never sent to the model: no prompt cache change)',
    change: lookup('purpose: Look things up in the index', 'purpose: Search the index'),
    want: ['Lookup: compatible field-changed purpose'],
  },
  {
    edit: 'an added optional parameter',
    change: lookup(
      '    mode: { type: enum, values: [fast, full] }\n',
      '    mode: { type: enum, values: [fast, full] }\n    offset: { type: integer }\n',
    ),
    want: ['Lookup: compatible parameter-added input.properties.offset'],
    cache: ['Lookup'],
  },
  {
    edit: 'an added enum value on input',
    change: lookup('values: [fast, full]', 'values: [fast, full, exact]'),
    want: ['Lookup: compatible field-changed input.properties.mode.values'],
    cache: ['Lookup'],
  },
  {
    edit: 'a widened bound (maximum 100 → 200)',
    change: lookup('maximum: 100', 'maximum: 200'),
    want: ['Lookup: compatible field-changed input.properties.limit.maximum'],
    cache: ['Lookup'],
  },
  {
    edit: 'an added alias',
    change: lookup('aliases: [Find]', 'aliases: [Find, Seek]'),
    want: ['Lookup: compatible field-changed aliases'],
  },
  {
    edit: 'a rename that keeps the old name in aliases',
    change: renameLookup('aliases: [Find, Lookup]'),
    want: [
      'Search: compatible field-changed aliases',
      'Search: compatible tool-renamed-with-alias name',
    ],
    cache: ['Search'],
  },
  {
    edit: 'a new tool',
    change: (files) => {
      files['manifest/tools/peek.yaml'] = LOOKUP.replace('name: Lookup', 'name: Peek')
        .replace('aliases: [Find]', 'aliases: []')
        .replace('capability: index.lookup', 'capability: index.peek');
      files['manifest/tools.yaml'] = INDEX.replace('[Lookup, Shell]', '[Lookup, Shell, Peek]');
    },
    want: ['Peek: compatible tool-added name'],
    cache: ['Peek'],
  },
  {
    edit: 'keys reordered in YAML (no change)',
    change: shell(
      '  destructive: true\n  concurrentSafe: false\n',
      '  concurrentSafe: false\n  destructive: true\n',
    ),
    want: [],
  },
  {
    edit: 'a comment and a default written out (no change)',
    change: lookup(
      '  reason: Lookup reads the index\n',
      '  reason: Lookup reads the index\n  # the default, written out\n  alwaysAsk: false\n',
    ),
    want: [],
  },
];

describe('tool-contracts diff classifies manifest edits against HEAD', () => {
  test('the table covers at least 25 edits', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  test.each(cases)('$edit', async ({ change, want, cache = [], projections = ALL_PROJECTIONS }) => {
    const files: Record<string, string | undefined> = { ...FILES };
    change(files);
    await writeProject(files);
    const diff = await diffJson();
    const got = diff.tools
      .flatMap((tool) =>
        tool.changes
          .filter((item) => item.class !== 'prompt-cache')
          .map((item) => `${tool.tool}: ${item.class} ${item.kind} ${item.path}`),
      )
      .sort();
    expect(got).toEqual([...want].sort());
    const cached = diff.tools
      .filter((tool) => tool.changes.some((item) => item.class === 'prompt-cache'))
      .map((tool) => tool.tool);
    expect(cached).toEqual(cache);
    for (const tool of diff.tools.filter((item) => cache.includes(item.tool)))
      expect(
        tool.changes.filter((item) => item.class === 'prompt-cache').map((item) => item.path),
      ).toEqual(projections);
  });
});

describe('tool-contracts diff, the command', () => {
  test("a group's description (manifest/tools.yaml) is part of what the model sees: the Responses namespace changes", async () => {
    const grouped = (description: string): Record<string, string> => ({
      'manifest/tools.yaml': `${INDEX}groups:\n  lookups:\n    description: ${description}\n`,
      'manifest/tools/lookup.yaml': `${LOOKUP}loading: deferred\ngroup: lookups\n`,
      'manifest/tools/shell.yaml': SHELL,
    });
    const other = await mkdtemp(path.join(tmpdir(), 'diff-command-groups-'));
    try {
      for (const [file, text] of Object.entries(grouped('Find things.'))) {
        await mkdir(path.dirname(path.join(other, file)), { recursive: true });
        await writeFile(path.join(other, file), text);
      }
      await writeProject(grouped('Find things fast.'));
      const diff = await diffJson('--against', other);
      expect(
        diff.tools.map((tool) => ({
          tool: tool.tool,
          changes: tool.changes.map((item) => `${item.class} ${item.path}`),
        })),
      ).toEqual([{ tool: 'Lookup', changes: ['prompt-cache openai-responses'] }]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  const requireLimit = async (): Promise<void> => {
    const files: Record<string, string | undefined> = { ...FILES };
    lookup('required: [query]', 'required: [query, limit]')(files);
    await writeProject(files);
  };

  test('--fail-on breaking names the tool, the parameter and the class, and exits 1', async () => {
    await requireLimit();
    const { code, out, err } = await cli('diff', '--fail-on', 'breaking');
    expect(code).toBe(1);
    const commit = git('rev-parse', 'HEAD').trim().slice(0, 7);
    expect(out.split('\n')).toEqual([
      `Tool contracts of the working tree against HEAD (${commit}):`,
      '1 tool changed — breaking: 1, safety: 0, prompt cache: 1, compatible: 0 (tools per class).',
      '',
      'Lookup',
      '  breaking      input.properties.limit: parameter "limit" is now required',
      expect.stringMatching(
        /^ {2}prompt cache {2}anthropic, openai, openai-responses, gemini, gemini-openapi, ai-sdk: model-visible bytes change/,
      ),
    ]);
    expect(err).toBe('tool-contracts diff: breaking changes (--fail-on breaking)');
  });

  test('--fail-on a class that does not occur exits 0', async () => {
    await requireLimit();
    expect((await cli('diff', '--fail-on', 'safety')).code).toBe(0);
  });

  test('--format markdown is a pull request comment: summary table, then one section per tool', async () => {
    await requireLimit();
    const { code, out } = await cli('diff', '--format', 'markdown');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^### Tool contract changes against `HEAD` \(`[0-9a-f]{7}`\)$/);
    expect(lines).toContain('| Tool | Breaking | Safety | Prompt cache | Compatible |');
    expect(lines).toContain(
      '| Lookup | 1 | — | anthropic, openai, openai-responses, gemini, gemini-openapi, ai-sdk | — |',
    );
    expect(lines).toContain('#### Lookup');
    expect(lines).toContain(
      '- **breaking** `input.properties.limit`: parameter "limit" is now required',
    );
  });

  test('no change: one line, exit 0 even with --fail-on', async () => {
    const { code, out } = await cli('diff', '--fail-on', 'breaking,safety,prompt-cache,compatible');
    expect(code).toBe(0);
    expect(out).toMatch(
      /^Tool contracts of the working tree against HEAD \([0-9a-f]{7}\): no contract changes\.$/,
    );
  });

  test('--against a branch compares with that branch (the CI merge-base case)', async () => {
    git('checkout', '--quiet', '-b', 'feature');
    try {
      await requireLimit();
      git(
        '-c',
        'user.name=Test',
        '-c',
        'user.email=test@example.com',
        'commit',
        '--quiet',
        '-am',
        'limit required',
      );
      expect((await diffJson()).tools).toEqual([]);
      const base = git('merge-base', 'HEAD', 'main').trim();
      for (const against of ['main', base]) {
        const diff = await diffJson('--against', against);
        expect(diff.commit).toBe(base);
        expect(diff.summary.breaking).toBe(1);
      }
    } finally {
      git('checkout', '--quiet', 'main');
      git('branch', '--quiet', '-D', 'feature');
    }
  });

  test('--against a directory loads that project’s manifests in place', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'diff-against-'));
    try {
      for (const [file, text] of Object.entries(FILES)) {
        await mkdir(path.dirname(path.join(other, file)), { recursive: true });
        await writeFile(
          path.join(other, file),
          file.endsWith('shell.yaml') ? text.replace('riskLevel: high', 'riskLevel: low') : text,
        );
      }
      const diff = await diffJson('--against', other);
      expect(diff.commit).toBeUndefined();
      expect(
        diff.tools.map((tool) => [tool.tool, tool.changes.map((change) => change.kind)]),
      ).toEqual([['Shell', ['field-changed']]]);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  test('the working tree is never written: same status before and after', async () => {
    await requireLimit();
    const before = git('status', '--porcelain');
    const text = await readFile(path.join(root, 'manifest/tools/lookup.yaml'), 'utf8');
    await cli('diff', '--against', 'HEAD');
    expect(git('status', '--porcelain')).toBe(before);
    expect(await readFile(path.join(root, 'manifest/tools/lookup.yaml'), 'utf8')).toBe(text);
  });

  test.each([
    {
      argv: ['--against', 'no-such-branch'],
      message: /^tool-contracts diff: "no-such-branch" is neither a directory nor a git revision/,
    },
    {
      argv: ['--fail-on', 'breakage'],
      message:
        /^tool-contracts diff: --fail-on takes classes from breaking, safety, prompt-cache, compatible, not "breakage"/,
    },
    {
      argv: ['--format', 'html'],
      message: /^tool-contracts diff: --format must be one of text, markdown, json, not "html"/,
    },
  ])('exit 2 for $argv', async ({ argv, message }) => {
    const { code, err } = await cli('diff', ...argv);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });

  test('exit 2 naming the file, line and column when a manifest of the other revision is invalid', async () => {
    await writeProject({
      'manifest/tools/lookup.yaml': LOOKUP.replace('riskLevel: low', 'riskLevel: lwo'),
    });
    git(
      '-c',
      'user.name=Test',
      '-c',
      'user.email=test@example.com',
      'commit',
      '--quiet',
      '-am',
      'broken',
    );
    try {
      git('checkout', '--quiet', 'HEAD~1', '--', '.');
      const { code, err } = await cli('diff');
      expect(code).toBe(2);
      expect(err).toMatch(/^HEAD: manifest\/tools\/lookup\.yaml:\d+:\d+ flags\.riskLevel: /m);
    } finally {
      git('reset', '--quiet', '--hard', 'HEAD~1');
    }
  });
});

describe('tool-contracts diff (real process)', () => {
  test('--fail-on breaking exits 1 naming tool, parameter and class, without loading ts-morph', async () => {
    const files: Record<string, string | undefined> = { ...FILES };
    lookup('required: [query]', 'required: [query, limit]')(files);
    await writeProject(files);
    const bin = path.resolve(import.meta.dirname, '../../bin/tool-contracts.js');
    const result = await promisify(execFile)(
      process.execPath,
      // The process fails if anything imports or requires the TypeScript compiler.
      [
        '--import',
        forbidModules(/^(ts-morph|typescript)(\/|$)/),
        bin,
        'diff',
        '--fail-on',
        'breaking',
      ],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
    ).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result.stderr).toBe('tool-contracts diff: breaking changes (--fail-on breaking)\n');
    expect(result.stdout).toContain(
      'Lookup\n  breaking      input.properties.limit: parameter "limit" is now required\n',
    );
    expect(result.code).toBe(1);
  });
});
