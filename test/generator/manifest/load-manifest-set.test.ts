import fc from 'fast-check';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import type { LoadResult, ManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import {
  edit,
  indexFor,
  PROBE,
  probeNamed,
  removeTempProjects,
  writeTempProject,
} from './temp-project.js';

const SCHEMA_LINE = '# yaml-language-server: $schema=../manifest.schema.json';

/** Agent has hooks and no implementation field; Task extends it; Shared names its module; Child extends Shared. */
const PROJECT: Record<string, string> = {
  'manifest/tools.yaml': indexFor(['Probe', 'Task', 'Child', 'Agent', 'Shared']),
  'manifest/tools/probe.yaml': PROBE,
  'manifest/tools/agent.yaml': edit(
    probeNamed('Agent'),
    'output: { type: string }',
    'output: { type: string }\nhooks: [resolveModelContract]',
  ),
  'manifest/tools/task.yaml': [
    SCHEMA_LINE,
    'name: Task',
    'extends: Agent',
    'description: Same as Agent (compatible name).',
    'flags: { providerVisible: false }',
    '',
  ].join('\n'),
  'manifest/tools/shared.yaml': edit(
    probeNamed('Shared'),
    'name: Shared\n',
    'name: Shared\nimplementation: shared-probe\n',
  ),
  'manifest/tools/child.yaml': [
    SCHEMA_LINE,
    'name: Child',
    'extends: Shared',
    'aliases: [OldChild]',
    '',
  ].join('\n'),
  'manifest/tools/README.md': 'Not a manifest.\n',
};

let root: string;
let loaded: ManifestSet;

beforeAll(async () => {
  root = await writeTempProject(PROJECT);
  loaded = expectLoaded(await loadManifestSet(root));
});
afterAll(removeTempProjects);

function expectLoaded(result: LoadResult): ManifestSet {
  if (!result.ok)
    throw new Error(
      `expected a valid set, got:\n${result.issues.map(formatManifestIssue).join('\n')}`,
    );
  return result.set;
}

function tool(name: string) {
  const found = loaded.tools.find((candidate) => candidate.manifest.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

/** Everything a consumer can observe of a set, as plain data. */
function snapshotOf(set: ManifestSet): unknown {
  return {
    files: set.files,
    index: set.index,
    tools: set.tools.map((entry) => ({
      file: entry.file,
      implementation: entry.implementation,
      manifest: entry.manifest,
      explicitPaths: [...entry.explicitPaths],
      nameAt: entry.locate(['name']),
    })),
  };
}

describe('loadManifestSet on a valid project', () => {
  it('orders tools by registrationOrder, not by file name', () => {
    expect(loaded.tools.map((entry) => entry.manifest.name)).toEqual([
      'Probe',
      'Task',
      'Child',
      'Agent',
      'Shared',
    ]);
  });

  it('lists every input file it read, sorted, and skips files that are not YAML', () => {
    expect(loaded.files).toEqual([
      'manifest/tools.yaml',
      'manifest/tools/agent.yaml',
      'manifest/tools/child.yaml',
      'manifest/tools/probe.yaml',
      'manifest/tools/shared.yaml',
      'manifest/tools/task.yaml',
    ]);
  });

  it.each([
    ['Probe', 'probe'],
    ['Agent', 'agent'],
    ['Task', 'agent'],
    ['Shared', 'shared-probe'],
    ['Child', 'shared-probe'],
  ])('%s is implemented by runtime/tools/%s.ts', (name, implementation) => {
    expect(tool(name).implementation).toBe(implementation);
  });

  it('applies extends: child fields override, the rest (hooks included) is inherited', () => {
    const task = tool('Task').manifest;
    expect(task.description).toBe('Same as Agent (compatible name).');
    expect(task.flags.providerVisible).toBe(false);
    expect(task.flags.readOnly).toBe(true);
    expect(task.capability).toBe('probe.read');
    expect(task.hooks).toEqual(['resolveModelContract']);
    expect(task.extends).toBe('Agent');
    expect(tool('Child').manifest.aliases).toEqual(['OldChild']);
  });

  it('fills zod defaults for fields the YAML leaves out', () => {
    const probe = tool('Probe').manifest;
    expect(probe.trace).toEqual({ required: false, input: 'summary', output: 'summary' });
    expect(probe.resultBudget).toEqual({
      maxModelBytes: 1000,
      strategy: 'truncate',
      preview: { direction: 'head' },
      artifact: { enabled: false, retention: 'session' },
    });
    expect(probe.ordering).toBe('registration');
    expect(probe.hooks).toEqual([]);
    expect(probe.permission.askOptions).toEqual({ allowAlways: true });
  });

  it.each([
    ['Probe', 'flags.riskLevel', true],
    ['Probe', 'resultBudget.maxModelBytes', true],
    ['Probe', 'input.properties.id.type', true],
    ['Probe', 'input.required[0]', true],
    ['Probe', 'resultBudget.strategy', false],
    ['Probe', 'trace', false],
    ['Task', 'flags.providerVisible', true],
    ['Task', 'capability', true],
    ['Task', 'hooks', true],
    ['Task', 'implementation', false],
    ['Child', 'implementation', true],
  ])('%s explicitPaths has %s: %s', (name, fieldPath, want) => {
    expect(tool(name).explicitPaths.has(fieldPath)).toBe(want);
  });

  it.each([
    ['Probe', ['flags', 'riskLevel'], { line: 11, column: 14 }],
    ['Probe', ['input', 'properties', 'id', 'type'], { line: 16, column: 17 }],
    ['Probe', ['input', 'required', 0], { line: 17, column: 14 }],
    ['Probe', ['trace', 'required'], { line: 2, column: 1 }],
    ['Probe', ['flags', 'recovery'], { line: 7, column: 3 }],
    ['Task', ['flags', 'providerVisible'], { line: 5, column: 27 }],
    ['Task', ['capability'], { line: 2, column: 1 }],
  ] as const)('%s locates %j at %j', (name, fieldPath, want) => {
    expect(tool(name).locate(fieldPath)).toEqual(want);
  });

  it('gives the same set for any order of the directory listing', async () => {
    const want = snapshotOf(loaded);
    const names = await readdir(path.join(root, 'manifest', 'tools'));
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length }),
        fc.boolean(),
        async (shuffled, asPaths) => {
          const listDirectory = async (directory: string) =>
            asPaths ? shuffled.map((name) => path.join(directory, name)) : shuffled;
          expect(snapshotOf(expectLoaded(await loadManifestSet(root, { listDirectory })))).toEqual(
            want,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  it('reports the same issues, in the same order, for any order of the listing', async () => {
    const broken = await writeTempProject({
      ...PROJECT,
      'manifest/tools/probe.yaml': edit(PROBE, 'riskLevel: low', 'riskLevel: hgih'),
      'manifest/tools/agent.yaml': edit(probeNamed('Agent'), 'readOnly: true', 'readOnly: 2'),
      'manifest/tools/extra.yaml': probeNamed('Extra'),
    });
    const first = await loadManifestSet(broken);
    expect(first.ok).toBe(false);
    const want = first.ok ? [] : first.issues.map(formatManifestIssue);
    expect(want).toEqual([
      'manifest/tools.yaml:2:1 registrationOrder: missing "Extra" (defined in manifest/tools/extra.yaml); every built-in tool is listed in its registration order',
      'manifest/tools/agent.yaml:7:13 flags.readOnly: expected a boolean, found 2',
      'manifest/tools/probe.yaml:11:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "hgih"',
    ]);
    const names = await readdir(path.join(broken, 'manifest', 'tools'));
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(names, { minLength: names.length, maxLength: names.length }),
        async (shuffled) => {
          const result = await loadManifestSet(broken, { listDirectory: async () => shuffled });
          expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual(want);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('reports a directory it cannot list as an issue, not an exception', async () => {
    const failing = async () => {
      throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
    };
    const result = await loadManifestSet(root, { listDirectory: failing });
    expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual([
      'manifest/tools:1:1 cannot read: EACCES',
    ]);
  });

  it('reports a missing manifest directory as tools missing from the index', async () => {
    const empty = await writeTempProject({ 'manifest/tools.yaml': indexFor(['Probe']) });
    const result = await loadManifestSet(empty);
    expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual([
      'manifest/tools.yaml:3:5 registrationOrder[0]: no manifest defines "Probe"',
    ]);
  });
});
