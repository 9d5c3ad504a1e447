/**
 * A killed `generate` never loses `generated/` and never blocks later runs (issue #13): real
 * child processes are killed with SIGKILL at each point of the write, and the next run (even a
 * `check`) repairs what they left; stale locks of every shape are taken over at once.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import {
  needsRecovery,
  recoverGeneratedDirectory,
} from '../../generator/recover-generated-directory.js';
import { LOCK_DIRECTORY } from '../../generator/with-generate-lock.js';
import { writeGeneratedDirectory } from '../../generator/write-generated-directory.js';
import {
  fixtureProject,
  manifestYaml,
  REPO_ROOT,
  removeFixtureProjects,
  snapshotDirectory,
} from './generate-fixture.js';

afterAll(removeFixtureProjects);

const CHILD = path.join(REPO_ROOT, 'test/generator/support/generate-until-paused.ts');

/** Runs the child until it prints `paused <point>`, then kills it with SIGKILL. */
async function killAt(projectRoot: string, point: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, projectRoot, point], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`paused ${point}`)) resolve();
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', () => reject(new Error(`child exited before pausing: ${output}`)));
    });
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}

async function leftovers(root: string): Promise<string[]> {
  return (await readdir(root)).filter((entry) => entry.startsWith('.generated')).sort();
}

async function changedProject(): Promise<{ root: string; before: Map<string, string> }> {
  const root = await fixtureProject([{ name: 'Zeta' }, { name: 'Alpha' }]);
  const first = await generate({ projectRoot: root, write: true, audit: false });
  expect(first.ok).toBe(true);
  const before = await snapshotDirectory(root, 'generated');
  await writeFile(
    path.join(root, 'manifest/tools/zeta.yaml'),
    manifestYaml('Zeta', { purpose: 'purpose: Changed.' }),
  );
  return { root, before };
}

describe('a run killed with SIGKILL at each point of the write', () => {
  it.each([
    {
      point: 'lockStaged',
      left: ['.generated-lock-new-'],
      generatedKept: 'old',
    },
    { point: 'staged', left: ['.generated-lock', '.generated-tmp-'], generatedKept: 'old' },
    {
      point: 'movedAway',
      left: ['.generated-lock', '.generated-old-', '.generated-tmp-'],
      generatedKept: 'none',
    },
    { point: 'swapped', left: ['.generated-lock', '.generated-old-'], generatedKept: 'new' },
  ])(
    'killed at $point: check sees the recovered state and the next run succeeds',
    { timeout: 60_000 },
    async ({ point, left, generatedKept }) => {
      const { root, before } = await changedProject();
      await killAt(root, point);

      const onDisk = await leftovers(root);
      expect(onDisk.map((entry) => entry.replace(/[0-9a-f]{12}$|[A-Za-z0-9]{6}$/, ''))).toEqual(
        left,
      );
      const generatedExists = await readdir(path.join(root, 'generated')).then(
        () => true,
        () => false,
      );
      expect(generatedExists).toBe(generatedKept !== 'none');

      // `check` (no writing) recovers first: the old generated/ is back, only the edit is stale.
      const check = await generate({ projectRoot: root, write: false, audit: false });
      expect(check.ok).toBe(true);
      expect(check.missing).toEqual([]);
      if (generatedKept === 'new') expect(check.changed).toEqual([]);
      else {
        expect(check.changed).toEqual(['generated/TOOLS.md', 'generated/tools/zeta.ts']);
        expect(await snapshotDirectory(root, 'generated')).toEqual(before);
      }
      // Lock staging younger than a minute may belong to a live run and is left alone.
      expect(await leftovers(root)).toEqual(
        point === 'lockStaged' ? [onDisk.find((entry) => entry.includes('-new-'))] : [],
      );

      const next = await generate({ projectRoot: root, write: true, audit: false });
      expect(next.ok).toBe(true);
      const after = await generate({ projectRoot: root, write: false, audit: false });
      expect({ changed: after.changed, missing: after.missing, extra: after.extra }).toEqual({
        changed: [],
        missing: [],
        extra: [],
      });
    },
  );
});

describe('a stale lock never blocks a run', () => {
  it.each([
    { shape: 'an empty lock directory', files: {}, directory: true },
    {
      shape: 'the older pid-only format with a live, unrelated pid',
      files: { pid: '1\n' },
      directory: true,
    },
    { shape: 'garbage', files: { 'owner.json': '\u0000\u0001 not json' }, directory: true },
    {
      shape: 'a live pid whose start time differs (the pid was reused)',
      files: { 'owner.json': JSON.stringify({ pid: 1, started: '-1', host: hostname() }) },
      directory: true,
    },
    {
      shape: 'a pid that no longer runs',
      files: { 'owner.json': JSON.stringify({ pid: 4194305, started: '1', host: hostname() }) },
      directory: true,
    },
    { shape: 'a file instead of a directory', files: {}, directory: false },
  ])('$shape', { timeout: 30_000 }, async ({ files, directory }) => {
    const root = await fixtureProject([{ name: 'Alpha' }]);
    const lock = path.join(root, LOCK_DIRECTORY);
    if (directory) {
      await mkdir(lock);
      for (const [name, text] of Object.entries(files))
        await writeFile(path.join(lock, name), text);
    } else await writeFile(lock, 'stale');
    // Taken over at once: waiting for a live owner would take 60 s, past this test's timeout.
    const result = await generate({ projectRoot: root, write: true, audit: false });
    expect(result.ok).toBe(true);
    expect(await leftovers(root)).toEqual([]);
  });
});

describe('a nested generated folder (a config with "generated": "src/gen")', () => {
  it('is swapped through siblings in its own parent, and a failed swap keeps the old one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tc-nested-'));
    try {
      await writeGeneratedDirectory(root, 'src/gen', new Map([['index.ts', 'one\n']]));
      expect(await readFile(path.join(root, 'src/gen/index.ts'), 'utf8')).toBe('one\n');
      await expect(
        writeGeneratedDirectory(root, 'src/gen', new Map([['index.ts', 'two\n']]), {
          failDuringSwap: true,
        }),
      ).rejects.toThrow('injected failure during the swap');
      expect(await readFile(path.join(root, 'src/gen/index.ts'), 'utf8')).toBe('one\n');
      expect(await readdir(path.join(root, 'src'))).toEqual(['gen']);
      expect((await readdir(root)).sort()).toEqual(['src']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('is restored after a kill between the renames, leftovers named by their path', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'tc-nested-'));
    try {
      await mkdir(path.join(root, 'src/.gen-old-0123456789ab'), { recursive: true });
      await writeFile(path.join(root, 'src/.gen-old-0123456789ab/index.ts'), 'old\n');
      await mkdir(path.join(root, 'src/.gen-tmp-x1'));
      await mkdir(path.join(root, 'tools'));
      await writeFile(path.join(root, 'tools/tools.schema.json.tmp-0123456789ab'), '{');
      expect(await needsRecovery(root, 'src/gen', 'tools')).toBe(true);
      expect(await recoverGeneratedDirectory(root, 'src/gen', 'tools')).toEqual([
        'restored src/gen/ from src/.gen-old-0123456789ab (a run was killed during the swap)',
        'removed src/.gen-tmp-x1 (left by a killed run)',
        'removed tools/tools.schema.json.tmp-0123456789ab (left by a killed run)',
      ]);
      expect(await readFile(path.join(root, 'src/gen/index.ts'), 'utf8')).toBe('old\n');
      expect(await readdir(path.join(root, 'src'))).toEqual(['gen']);
      expect(await needsRecovery(root, 'src/gen', 'tools')).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
