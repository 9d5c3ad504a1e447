/**
 * The packages as a user gets them, for the tests of test/package/: `npm pack` of the three
 * packages, projects made by `npm init -y` outside this repository, installs from the local npm
 * cache, and commands run there that must never print a Node stack.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { REPO_ROOT } from '../generator/generate-fixture.js';

const run = promisify(execFile);
const directories: string[] = [];

/** A line of a Node stack trace: no command may print one, for a user's mistake or otherwise. */
export const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** Run `command` in `cwd`; its standard error, whether it succeeds or fails, has no stack. */
export async function sh(cwd: string, command: string, args: string[]) {
  const options = {
    cwd,
    env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false' },
    maxBuffer: 64 * 1024 * 1024,
  };
  return run(command, args, options).then(
    (result) => {
      expect(result.stderr, `${command} ${args.join(' ')}`).not.toMatch(STACK_LINE);
      return result;
    },
    (error: { stderr?: string }) => {
      expect(error.stderr ?? '', `${command} ${args.join(' ')}`).not.toMatch(STACK_LINE);
      throw error;
    },
  );
}

export const repositoryManifest = JSON.parse(
  await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8'),
) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/**
 * Tarballs of the three packages by package name, packed once before the calling file's tests;
 * the file's projects and tarballs are removed after them.
 */
export function packTarballs(): ReadonlyMap<string, string> {
  const tarballs = new Map<string, string>();
  beforeAll(async () => {
    const packDirectory = await mkdtemp(path.join(tmpdir(), 'tool-contracts-pack-'));
    directories.push(packDirectory);
    for (const workspace of [
      [],
      ['--workspace', 'packages/runtime'],
      ['--workspace', 'packages/tools'],
    ]) {
      const packed = await sh(REPO_ROOT, 'npm', [
        'pack',
        '--json',
        '--pack-destination',
        packDirectory,
        ...workspace,
      ]);
      for (const { name, filename } of JSON.parse(packed.stdout) as {
        name: string;
        filename: string;
      }[])
        tarballs.set(name, path.join(packDirectory, filename));
    }
  }, 600_000);
  afterAll(() =>
    Promise.all(directories.map((directory) => rm(directory, { recursive: true, force: true }))),
  );
  return tarballs;
}

/** A new project as `npm init -y` makes one, outside the repository. */
export async function newProject(prefix: string): Promise<string> {
  const project = await mkdtemp(path.join(tmpdir(), prefix));
  directories.push(project);
  expect(path.relative(REPO_ROOT, project).startsWith('..')).toBe(true);
  await sh(project, 'npm', ['init', '-y']);
  return project;
}

/** `npm install` of `packages` (tarballs or exact specs), the local cache first. */
export function install(project: string, packages: string[], ...flags: string[]) {
  return sh(project, 'npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--save-exact',
    ...flags,
    ...packages,
  ]);
}

/** Apparent size in bytes of a project's node_modules (`du -sb`). */
export async function nodeModulesBytes(project: string): Promise<number> {
  const { stdout } = await sh(project, 'du', ['-sb', 'node_modules']);
  return Number(stdout.split('\t')[0]);
}
