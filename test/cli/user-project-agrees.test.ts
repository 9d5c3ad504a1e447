/**
 * A user's project agrees with itself (issue #26, deliverable 7): an unknown `builtIns` name is
 * a located problem at `generate`; changing `builtIns` makes `generate` regenerate (it said "up
 * to date" while `check` reported stale files), after which `check` passes; `check`'s hint
 * names a command the project has. The real CLI, in a project outside this repository.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { INIT_FILES } from '../../cli/init-command.js';
import { generateCommandFor } from '../../cli/generate-hint.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import { linkInstalledPackages } from '../support/link-installed-packages.js';

const run = promisify(execFile);
const BIN = path.join(REPO_ROOT, 'bin/tool-contracts.js');
let project: string;

async function cli(...args: string[]) {
  return run(process.execPath, [BIN, ...args], {
    cwd: project,
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

const writeConfig = (builtIns: unknown) =>
  writeFile(
    path.join(project, 'tool-contracts.config.json'),
    `{\n  "builtIns": ${JSON.stringify(builtIns)}\n}\n`,
  );

beforeAll(async () => {
  project = await realpath(await mkdtemp(path.join(tmpdir(), 'tc-agrees-')));
  for (const { file, text } of INIT_FILES) {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), text);
  }
  await writeFile(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'agrees', private: true, type: 'module' })}\n`,
  );
  await writeConfig('none');
  // What `npm install -D tool-contracts` gives the project.
  await linkInstalledPackages(project);
}, 60_000);

afterAll(() => rm(project, { recursive: true, force: true, maxRetries: 5 }));

describe('a user project', { timeout: 240_000 }, () => {
  test('generate, then check: up to date', async () => {
    expect((await cli('generate')).code).toBe(0);
    expect((await cli('check')).code).toBe(0);
  });

  test('an unknown builtIns name is a problem at its place, with the closest name', async () => {
    await writeConfig(['Read', 'Reed']);
    const generated = await cli('generate');
    expect(generated.code).toBe(1);
    expect(generated.stderr).toContain(
      'tool-contracts.config.json:2:23 builtIns[1]: no built-in tool named "Reed" (did you mean "Read"?)',
    );
    expect((await cli('check')).stderr).toContain('builtIns[1]: no built-in tool named "Reed"');
  });

  test('changing builtIns: check says stale, naming a command the project has; generate regenerates; then check passes', async () => {
    await writeConfig(['Read']);
    const stale = await cli('check');
    expect(stale.code).toBe(1);
    expect(stale.stderr).toMatch(
      /out of date with manifest\/ and runtime\/; run `npx tool-contracts generate`\.$/m,
    );
    const generated = await cli('generate');
    expect(generated.code).toBe(0);
    expect(generated.stdout).not.toMatch(/Up to date/);
    expect(await cli('check')).toMatchObject({ code: 0 });
    expect((await cli('generate')).stdout).toMatch(/^Up to date/);
  });

  // One decision of what is stale: after each change, the files check names (stale, missing,
  // extra) are exactly the files generate then writes or removes — the model views included,
  // which check renders from this run's modules staged beside generated/ and removed again.
  test.each([
    { change: 'more built-ins', edit: () => writeConfig(['Read', 'Glob', 'Grep']) },
    { change: 'fewer built-ins', edit: () => writeConfig(['Glob']) },
    {
      change: "a project tool's description",
      edit: async () => {
        const manifest = path.join(project, 'manifest/tools/greet.yaml');
        const text = await readFile(manifest, 'utf8');
        const edited = text.replace('Returns a greeting', 'Returns a polite greeting');
        expect(edited).not.toBe(text);
        await writeFile(manifest, edited);
      },
    },
    { change: 'no built-ins', edit: () => writeConfig('none') },
  ])('after $change, check names exactly what generate writes', async ({ edit }) => {
    await edit();
    const checked = await cli('check', '--json');
    expect(checked.code).toBe(1);
    const { stale, missing, extra } = JSON.parse(checked.stdout) as {
      stale: string[];
      missing: string[];
      extra: string[];
    };
    expect(await readdir(project)).not.toContainEqual(expect.stringMatching(/^\.generated-tmp-/));
    const generated = await cli('generate', '--json');
    expect(generated.code).toBe(0);
    const { written, removed } = JSON.parse(generated.stdout) as {
      written: string[];
      removed: string[];
    };
    expect({ named: [...stale, ...missing].sort(), extra: [...extra].sort() }).toEqual({
      named: [...written].sort(),
      extra: [...removed].sort(),
    });
    expect(written.some((file) => file.startsWith('generated/model-view/'))).toBe(true);
  });
});

describe('generateCommandFor', () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'tc-hint-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  test.each([
    { scripts: undefined, want: 'npx tool-contracts generate' },
    { scripts: { build: 'tsc' }, want: 'npx tool-contracts generate' },
    { scripts: { generate: 'node gen.js' }, want: 'npx tool-contracts generate' },
    { scripts: { gen: 'tool-contracts generate' }, want: 'npm run gen' },
    { scripts: { codegen: 'tool-contracts' }, want: 'npm run codegen' },
    {
      scripts: { gen: 'tool-contracts generate', generate: 'tool-contracts generate --force' },
      want: 'npm run generate',
    },
    { scripts: { generate: 'node bin/tool-contracts.js generate' }, want: 'npm run generate' },
    { scripts: { check: 'tool-contracts check' }, want: 'npx tool-contracts generate' },
  ])('scripts $scripts → $want', async ({ scripts, want }) => {
    await writeFile(
      path.join(directory, 'package.json'),
      JSON.stringify(scripts === undefined ? { name: 'x' } : { name: 'x', scripts }),
    );
    expect(generateCommandFor(directory)).toBe(want);
  });

  test('no package.json: npx', () => {
    expect(generateCommandFor(path.join(directory, 'missing'))).toBe('npx tool-contracts generate');
  });
});
