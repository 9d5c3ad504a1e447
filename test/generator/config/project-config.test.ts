import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import {
  DEFAULT_PROJECT_CONFIG,
  PROJECT_CONFIG_SCHEMA_FILE,
  loadProjectConfig,
  parseProjectConfig,
  projectConfigJsonSchemaText,
} from '../../../generator/config/project-config.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';

const REPOSITORY = path.resolve(import.meta.dirname, '../../..');

function problems(file: string, text: string): string[] {
  const loaded = parseProjectConfig(file, text);
  return loaded.ok ? [] : loaded.issues.map(formatManifestIssue);
}

describe('a config file fills in every default', () => {
  test.each([
    ['an empty JSON object', 'tool-contracts.config.json', '{}'],
    ['an empty YAML file', 'tool-contracts.config.yaml', ''],
  ])('%s', (_name, file, text) => {
    expect(parseProjectConfig(file, text)).toEqual({
      ok: true,
      file,
      config: {
        manifests: 'manifest',
        generated: 'generated',
        implementations: 'runtime/tools',
        builtIns: 'none',
      },
    });
  });

  test('given values are kept, trailing slashes dropped', () => {
    const loaded = parseProjectConfig(
      'tool-contracts.config.json',
      JSON.stringify({
        manifests: 'contracts/',
        generated: 'src/generated',
        implementations: 'src/tools',
        builtIns: ['Read', 'Grep'],
      }),
    );
    expect(loaded).toEqual({
      ok: true,
      file: 'tool-contracts.config.json',
      config: {
        manifests: 'contracts',
        generated: 'src/generated',
        implementations: 'src/tools',
        builtIns: ['Read', 'Grep'],
      },
    });
  });
});

describe('a bad config is reported file:line:col', () => {
  test.each([
    [
      'an unknown field',
      '{\n  "manifest": "m"\n}',
      ['tool-contracts.config.json:2:3 manifest: unknown field, did you mean "manifests"?'],
    ],
    [
      'a folder outside the project',
      '{\n  "generated": "../out"\n}',
      [
        'tool-contracts.config.json:2:16 generated: expected a folder inside the project (relative, "/" separators, no "." or ".."), found "../out"',
      ],
    ],
    [
      'an absolute folder',
      '{"implementations": "/etc"}',
      [
        'tool-contracts.config.json:1:21 implementations: expected a folder inside the project (relative, "/" separators, no "." or ".."), found "/etc"',
      ],
    ],
    [
      'a wrong builtIns word',
      '{\n  "builtIns": "some"\n}',
      ['tool-contracts.config.json:2:15 builtIns: expected one of "all" | "none", found "some"'],
    ],
    ['not JSON at all', '{ "manifests": ', ['tool-contracts.config.json:1:16 ']],
  ])('%s', (_name, text, expected) => {
    const found = problems('tool-contracts.config.json', text);
    expect(found.length).toBe(expected.length);
    for (const [index, line] of expected.entries()) expect(found[index]).toContain(line);
  });
});

test.each([
  ['manifest', true],
  ['src/tools', true],
  ['.tool-contracts/out', true],
  ['.', false],
  ['a/./b', false],
  ['a/..', false],
  ['..', false],
  ['/abs', false],
  ['C:/abs', false],
  ['a\\b', false],
  ['', false],
])('the folder %j is accepted: %s', (folder, accepted) => {
  expect(parseProjectConfig('c.json', JSON.stringify({ manifests: folder })).ok).toBe(accepted);
});

test.each([
  ['the generated folder is the manifest folder', { generated: 'manifest' }, 'manifests'],
  [
    'the generated folder holds the handlers',
    { generated: 'src', implementations: 'src/impl' },
    'implementations',
  ],
  [
    'the generated folder lies inside the manifests',
    { manifests: 'tools', generated: 'tools/gen' },
    'manifests',
  ],
  [
    'the generated folder lies inside the implementations',
    { generated: 'runtime/tools/gen' },
    'implementations',
  ],
])('%s is refused: generate replaces that folder as a whole', (_name, config, other) => {
  const parsed: Record<string, string> = {
    manifests: 'manifest',
    implementations: 'runtime/tools',
    ...config,
  };
  expect(problems('c.json', JSON.stringify(config))).toEqual([
    `c.json:1:${JSON.stringify(config).indexOf(`"${parsed.generated}"`) + 1} generated: expected a folder apart from ${other} (${JSON.stringify(parsed[other])}): generate replaces the generated folder as a whole, found ${JSON.stringify(parsed.generated)}`,
  ]);
});

test.each([
  ['src/gen', 'src/impl'],
  ['gen', 'generated-handlers'],
  ['out/generated', 'out/handlers'],
])('generated %j beside implementations %j is accepted', (generated, implementations) => {
  expect(parseProjectConfig('c.json', JSON.stringify({ generated, implementations })).ok).toBe(
    true,
  );
});

describe('loadProjectConfig', () => {
  let directory: string | undefined;
  afterEach(async () => {
    if (directory !== undefined) await rm(directory, { recursive: true, force: true });
    directory = undefined;
  });

  test('a project without a config keeps the layout of this repository, with every built-in', async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'tc-config-'));
    expect(await loadProjectConfig(directory)).toEqual({
      ok: true,
      file: undefined,
      config: DEFAULT_PROJECT_CONFIG,
    });
    expect(DEFAULT_PROJECT_CONFIG.builtIns).toBe('all');
  });

  test('two config files are an error, not a guess', async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'tc-config-'));
    await writeFile(path.join(directory, 'tool-contracts.config.json'), '{}');
    await writeFile(path.join(directory, 'tool-contracts.config.yaml'), '');
    const loaded = await loadProjectConfig(directory);
    expect(loaded.ok ? [] : loaded.issues.map(formatManifestIssue)).toEqual([
      'tool-contracts.config.yaml:1:1 a second config file next to tool-contracts.config.json; keep one',
    ]);
  });
});

test(`the published ${PROJECT_CONFIG_SCHEMA_FILE} is the schema of the config (regenerate: UPDATE_CONFIG_SCHEMA=1)`, async () => {
  const file = path.join(REPOSITORY, PROJECT_CONFIG_SCHEMA_FILE);
  if (process.env.UPDATE_CONFIG_SCHEMA === '1')
    await writeFile(file, projectConfigJsonSchemaText());
  expect(await readFile(file, 'utf8')).toBe(projectConfigJsonSchemaText());
});
