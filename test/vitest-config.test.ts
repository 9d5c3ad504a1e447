/**
 * How the suite is split (vitest.config.ts): `npm test` runs every test file but LONG_FILES —
 * ISOLATED_FILES a process each, the others sharing their worker's process — and
 * `npm run test:long` runs LONG_FILES and the adversarial suites, so every file runs in one of
 * them and no case is lost by moving a slow file out of `npm test`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { afterEach, describe, expect, test, vi } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

interface TestConfig {
  readonly name?: string;
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
  readonly isolate?: boolean;
  readonly maxWorkers?: number;
  readonly projects?: readonly { readonly extends: boolean; readonly test: TestConfig }[];
}

/** The config's `test` part as the script that sets `long` (or not) sees it. */
async function configFor(
  long: boolean | 'moved',
): Promise<{ test: TestConfig; longFiles: string[]; isolatedFiles: string[] }> {
  vi.resetModules();
  vi.stubEnv('TOOL_CONTRACTS_LONG', long === 'moved' ? 'moved' : long ? '1' : '');
  const module = (await import('../vitest.config.js')) as {
    default: { test: TestConfig };
    LONG_FILES: readonly string[];
    ISOLATED_FILES: readonly string[];
  };
  return {
    test: module.default.test,
    longFiles: [...module.LONG_FILES],
    isolatedFiles: [...module.ISOLATED_FILES],
  };
}

const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/.git/**'];

/**
 * The files a config selects, as vitest does: its include globs minus its exclude globs (vitest's
 * defaults when it has none), or, with projects, each project's.
 */
async function selected(config: TestConfig): Promise<string[]> {
  if (config.projects !== undefined)
    return (await Promise.all(config.projects.map((project) => selected(project.test))))
      .flat()
      .sort();
  return (
    await glob([...(config.include ?? ['**/*.{test,spec}.?(c|m)[jt]s?(x)'])], {
      cwd: root,
      ignore: [...(config.exclude ?? DEFAULT_EXCLUDE)],
      expandDirectories: false,
    })
  ).sort();
}

function project(config: TestConfig, name: string): TestConfig {
  const found = config.projects?.find((candidate) => candidate.test.name === name);
  if (found === undefined) throw new Error(`no project ${name}`);
  expect(found.extends).toBe(true);
  return found.test;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('npm test and npm run test:long', () => {
  test('every long file exists and is a test file outside the adversarial suites', async () => {
    const { longFiles } = await configFor(false);
    expect(longFiles.length).toBeGreaterThan(0);
    for (const file of longFiles) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(file).toMatch(/^test\/.+(?<!\.adversarial)\.test\.ts$/);
    }
  });

  test('npm test runs every test file but the long ones; test:long runs those and the adversarial suites', async () => {
    const all = (
      await glob(['test/**/*.test.ts'], { cwd: root, ignore: ['**/node_modules/**'] })
    ).sort();
    const short = await configFor(false);
    const long = await configFor(true);
    const inShort = await selected(short.test);
    const inLong = await selected(long.test);
    const adversarial = all.filter((file) => file.endsWith('.adversarial.test.ts'));
    expect(inShort).toEqual(all.filter((file) => !short.longFiles.includes(file)));
    expect(inLong).toEqual([...new Set([...adversarial, ...short.longFiles])].sort());
    // Nothing is lost: the union is every test file.
    expect([...new Set([...inShort, ...inLong])].sort()).toEqual(all);
    // CI runs npm test and test:moved: every test file once.
    const inMoved = await selected((await configFor('moved')).test);
    expect(inMoved).toEqual([...short.longFiles].sort());
    expect([...inShort, ...inMoved].sort()).toEqual(all);
  });

  test('npm test runs ISOLATED_FILES a process each and every other file in a shared process', async () => {
    const { test: config, isolatedFiles, longFiles } = await configFor(false);
    expect(isolatedFiles.length).toBeGreaterThan(0);
    for (const file of isolatedFiles) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(longFiles).not.toContain(file);
    }
    const shared = project(config, 'shared');
    const isolated = project(config, 'isolated');
    expect(shared.isolate).toBe(false);
    // Vitest isolates by default; nothing in the root config turns it off.
    expect(isolated.isolate ?? config.isolate ?? true).toBe(true);
    expect(await selected(isolated)).toEqual([...isolatedFiles].sort());
    const inShared = await selected(shared);
    expect(inShared.filter((file) => isolatedFiles.includes(file))).toEqual([]);
    // Each file once: a file in both projects would run twice.
    expect(new Set(await selected(config)).size).toBe((await selected(config)).length);
  });

  test('test:long and test:moved isolate every file (they kill processes and time whole runs)', async () => {
    for (const mode of [true, 'moved'] as const) {
      const { test: config } = await configFor(mode);
      expect(config.projects).toBeUndefined();
      expect(config.isolate ?? true).toBe(true);
    }
  });

  test('two workers on any machine (vitest would use one on 2 cores)', async () => {
    expect((await configFor(false)).test.maxWorkers).toBe(2);
  });
});
