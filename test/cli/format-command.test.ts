/** `tool-contracts format [--check] [FILES]` on a temporary project, through the dispatcher. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import {
  fixtureProject,
  manifestYaml,
  removeFixtureProjects,
} from '../generator/generate-fixture.js';

afterAll(removeFixtureProjects);

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

/** Alpha with `purpose` before `name` (not canonical); Beta canonical. */
async function project(): Promise<string> {
  const alpha = manifestYaml('Alpha').replace(
    'name: Alpha\ncapability: fixture.read\npurpose: Reads Alpha.\n',
    'purpose: Reads Alpha. # why\ncapability: fixture.read\nname: Alpha\n',
  );
  const root = await fixtureProject([{ name: 'Alpha', yaml: alpha }, { name: 'Beta' }]);
  const check = await cli(root, 'format', 'manifest/tools/beta.yaml');
  expect(check.code).toBe(0);
  return root;
}

describe('tool-contracts format', () => {
  test('--check fails naming the unformatted file; format fixes it; --check then passes', async () => {
    const root = await project();
    const alphaFile = path.join(root, 'manifest/tools/alpha.yaml');
    const before = await readFile(alphaFile, 'utf8');

    expect(await cli(root, 'format', '--check')).toEqual({
      code: 1,
      out: '',
      err: 'not formatted: manifest/tools/alpha.yaml\n1 file of 3 not formatted; run `tool-contracts format`.',
    });
    expect(await readFile(alphaFile, 'utf8')).toBe(before);

    expect(await cli(path.join(root, 'runtime'), 'format')).toEqual({
      code: 0,
      out: 'formatted: manifest/tools/alpha.yaml\n3 files: 1 rewritten, 2 already formatted.',
      err: '',
    });
    const after = await readFile(alphaFile, 'utf8');
    expect(after.split('\n').slice(0, 5)).toEqual([
      '# yaml-language-server: $schema=../manifest.schema.json',
      'name: Alpha',
      'capability: fixture.read',
      'purpose: Reads Alpha. # why',
      'description: Reads the Alpha fixture.',
    ]);
    expect(await cli(root, 'format', '--check')).toEqual({
      code: 0,
      out: 'All 3 files formatted.',
      err: '',
    });
  });

  test('a file that is not valid YAML is reported at file:line:col and left alone', async () => {
    const root = await project();
    const file = path.join(root, 'manifest/tools/beta.yaml');
    await writeFile(file, `${manifestYaml('Beta')}flags: again\n`);
    const before = await readFile(file, 'utf8');
    const result = await cli(root, 'format');
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      [
        'manifest/tools/beta.yaml:25:1 flags: duplicate key (each key may appear once in a mapping)',
        '1 problem; those files were left as they were.',
      ].join('\n'),
    );
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  test.each([
    [['format', 'missing.yaml'], 'tool-contracts format: cannot read missing.yaml: ENOENT'],
    [
      ['format', '--chek'],
      'tool-contracts format: unknown option "--chek" (did you mean "--check"?)',
    ],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const root = await project();
    const result = await cli(root, ...argv);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe(message);
  });
});
