/**
 * The CLI as a user runs it: `node bin/tool-contracts.js …` as a child process, on a copy of
 * this repository in a temp directory.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  copyOfRepository,
  REPO_ROOT,
  removeFixtureProjects,
  snapshotDirectory,
} from '../generator/generate-fixture.js';
import { RECORD_MODULES } from '../support/record-modules.js';

afterAll(removeFixtureProjects);

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `root`'s CLI in `root/subdirectory`. */
function cli(
  root: string,
  args: readonly string[],
  env: Record<string, string> = {},
  subdirectory = '.',
): Promise<Outcome> {
  const cwd = path.join(root, subdirectory);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        ...(env.NODE_IMPORT ? ['--import', env.NODE_IMPORT] : []),
        path.join(root, 'bin/tool-contracts.js'),
        ...args,
      ],
      {
        cwd,
        env: { ...process.env, NO_COLOR: '1', ...env },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function replaceIn(
  root: string,
  file: string,
  find: string,
  replacement: string,
): Promise<void> {
  const target = path.join(root, file);
  const text = await readFile(target, 'utf8');
  if (!text.includes(find)) throw new Error(`${file} does not contain ${JSON.stringify(find)}`);
  await writeFile(target, text.replace(find, replacement));
}

describe('usage', () => {
  it.each([
    { args: ['generate', '--help'], code: 0, out: /^Usage: tool-contracts generate \[options\]/ },
    { args: ['check', '--help'], code: 0, out: /^Usage: tool-contracts check \[options\]/ },
    { args: ['watch', '--help'], code: 0, out: /^Usage: tool-contracts watch \[options\]/ },
    { args: ['--force', '--help'], code: 0, out: /^Usage: tool-contracts generate/ },
    { args: ['--version'], code: 0, out: /^\d+\.\d+\.\d+\n$/ },
    { args: ['--help'], code: 0, out: /^Usage: tool-contracts \[command\] \[options\]\n/ },
  ])('$args exits $code with the usage', async ({ args, code, out }) => {
    const outcome = await cli(REPO_ROOT, args);
    expect(outcome.code).toBe(code);
    expect(outcome.stdout).toMatch(out);
  });

  it.each([
    { args: ['generate', '--bogus'], err: 'tool-contracts generate: unknown option "--bogus"' },
    { args: ['check', '--fix'], err: 'tool-contracts check: unknown option "--fix"' },
    {
      args: ['check', '--jsno'],
      err: 'tool-contracts check: unknown option "--jsno" (did you mean "--json"?)',
    },
    { args: ['chekc'], err: 'tool-contracts: unknown command "chekc" (did you mean "check"?)' },
    { args: ['frobnicate'], err: 'tool-contracts: unknown command "frobnicate"' },
    { args: ['generate', 'extra'], err: 'tool-contracts generate: unexpected argument "extra"' },
    {
      args: ['watch', '--debounce', 'soon'],
      err: 'tool-contracts watch: --debounce expects a whole number of milliseconds',
    },
  ])('$args is a usage error (exit 2)', async ({ args, err }) => {
    const outcome = await cli(REPO_ROOT, args);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr.split('\n')[0]).toBe(err);
  });
});

/** The one warning the built-ins give: submit_result asks for strict mode no provider can apply. */
const SUBMIT_RESULT_STRICT_WARNING =
  "warning: manifest/tools/submit-result.yaml:54:9 strict: true, but no provider's strict subset can express the input schema, so strict never applies (anthropic: input/properties/result: the object accepts properties it does not list (additionalProperties is not false) | openai: input/properties/result: the object accepts properties it does not list (additionalProperties is not false))";

describe('generate and check on a copy of the repository', () => {
  let root: string;
  beforeAll(async () => {
    root = await copyOfRepository();
  }, 60_000);

  it(
    'generate prints the summary; check then exits 0; a no-op run says up to date',
    { timeout: 120_000 },
    async () => {
      const generated = await cli(root, ['generate']);
      expect(generated.stderr).toBe('');
      expect(generated.code).toBe(0);
      const lines = generated.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(/^Generated 41 tools in \d+\.\d\d s\.$/);
      // The copy is of the working tree, which may be behind its own manifests: counts vary.
      expect(lines[1]).toMatch(/^ {2}written: {3}\d+ files?( \(.*\))?$/);
      expect(lines[2]).toMatch(/^ {2}removed: {3}\d+ files?( \(.*\))?$/);
      expect(lines[3]).toMatch(/^ {2}unchanged: \d+ files$/);

      const checked = await cli(root, ['check']);
      expect(checked).toMatchObject({ code: 0, stderr: `${SUBMIT_RESULT_STRICT_WARNING}\n` });
      expect(checked.stdout).toMatch(
        /^Up to date: 41 tools, \d+ files match manifest\/ and runtime\/\.\n$/,
      );

      const again = await cli(root, ['generate']);
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(
        /^Up to date: 41 tools, nothing changed \(\d+\.\d\d s\)\.\n {2}warning: manifest\/tools\/submit-result\.yaml:54:9 strict: true, but no provider's strict subset/,
      );

      const json = await cli(root, ['generate', '--json'], {}, 'manifest/tools');
      expect(json).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(json.stdout)).toEqual({
        ok: true,
        upToDate: true,
        toolCount: 41,
        written: [],
        removed: [],
        unchanged: expect.any(Number),
        problems: [],
        // The inputs did not change, so neither did their warning.
        warnings: [SUBMIT_RESULT_STRICT_WARNING.replace(/^warning: /, '')],
      });
      const checkedJson = await cli(root, ['check', '--json']);
      expect(checkedJson.code).toBe(0);
      expect(JSON.parse(checkedJson.stdout)).toMatchObject({ ok: true, toolCount: 41, stale: [] });
    },
  );

  it(
    'check exits 1 naming the files a manifest edit makes stale, and writes nothing',
    { timeout: 120_000 },
    async () => {
      await replaceIn(
        root,
        'manifest/tools/read.yaml',
        'purpose: Read a text file',
        'purpose: Read one text file',
      );
      const before = await snapshotDirectory(root, 'generated');
      const checked = await cli(root, ['check']);
      expect(checked.code).toBe(1);
      expect(checked.stderr).toBe(
        [
          SUBMIT_RESULT_STRICT_WARNING,
          'stale:   generated/TOOLS.md',
          'stale:   generated/tools/read.ts',
          '2 files out of date with manifest/ and runtime/; run `npm run generate`.',
          '',
        ].join('\n'),
      );
      expect(await snapshotDirectory(root, 'generated')).toEqual(before);

      const generated = await cli(root, ['generate']);
      expect(generated.stdout).toContain(
        '  written:   2 files (generated/TOOLS.md, generated/tools/read.ts)\n',
      );
      expect((await cli(root, ['check'])).code).toBe(0);
    },
  );

  it(
    'a broken manifest gives file:line:col errors and changes nothing',
    { timeout: 120_000 },
    async () => {
      await replaceIn(
        root,
        'manifest/tools/bash.yaml',
        'riskLevel: high\n  needsApproval',
        'riskLevel: hgih\n  needsApproval',
      );
      const line =
        (await readFile(path.join(root, 'manifest/tools/bash.yaml'), 'utf8'))
          .split('\n')
          .findIndex((text) => text.includes('hgih')) + 1;
      const before = await snapshotDirectory(root, 'generated');
      const schemaBefore = await readFile(path.join(root, 'manifest/manifest.schema.json'));

      const generated = await cli(root, ['generate']);
      expect(generated.code).toBe(1);
      expect(generated.stdout).toBe('');
      expect(generated.stderr).toBe(
        [
          `manifest/tools/bash.yaml:${line}:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "hgih"`,
          '1 problem in manifests; nothing was written.',
          '',
        ].join('\n'),
      );
      expect(await snapshotDirectory(root, 'generated')).toEqual(before);
      expect(await readFile(path.join(root, 'manifest/manifest.schema.json'))).toEqual(
        schemaBefore,
      );

      const checked = await cli(root, ['check']);
      expect(checked.code).toBe(1);
      expect(checked.stderr.split('\n')[0]).toBe(
        `manifest/tools/bash.yaml:${line}:14 flags.riskLevel: expected one of "low" | "medium" | "high", found "hgih"`,
      );

      // From a subdirectory, the project root is found by walking up; --json has the same problem.
      const fromBelow = await cli(root, ['check', '--json'], {}, 'runtime/tools');
      expect(fromBelow).toMatchObject({ code: 1, stderr: '' });
      expect(JSON.parse(fromBelow.stdout)).toEqual({
        ok: false,
        toolCount: 0,
        problems: [
          {
            file: 'manifest/tools/bash.yaml',
            line,
            column: 14,
            path: 'flags.riskLevel',
            code: 'invalid_value',
            message: 'expected one of "low" | "medium" | "high", found "hgih"',
          },
        ],
        stale: [],
        missing: [],
        extra: [],
        unread: [],
        warnings: [],
      });
      await replaceIn(root, 'manifest/tools/bash.yaml', 'riskLevel: hgih', 'riskLevel: high');
    },
  );

  it(
    'a no-op generate never loads ts-morph (a run whose audit scans again does)',
    { timeout: 120_000 },
    async () => {
      const loaded = async (args: string[]): Promise<string[]> => {
        const log = path.join(root, `resolve-${args.join('-')}.log`);
        await writeFile(log, '');
        const outcome = await cli(root, args, { NODE_IMPORT: RECORD_MODULES, LOADED_MODULES: log });
        expect(outcome.code).toBe(0);
        return (await readFile(log, 'utf8')).split('\n').filter((url) => url !== '');
      };
      await cli(root, ['generate']);
      const noOp = await loaded(['generate']);
      expect(noOp.some((url) => url.endsWith('/generator/generate-state.ts'))).toBe(true);
      expect(
        noOp.filter((url) =>
          /ts-morph|typescript|\/generator\/emit\/|\/generator\/manifest\/load-manifest/.test(url),
        ),
      ).toEqual([]);

      // Emission prints without the compiler; the audit's scan is what needs it, and a runtime
      // source it has not seen misses its cache.
      const runtimeFile = path.join(root, 'runtime/core/contract.ts');
      await writeFile(
        runtimeFile,
        `${await readFile(runtimeFile, 'utf8')}\n// A comment the audit's scan has not seen.\n`,
      );
      const full = await loaded(['generate', '--force']);
      expect(full.some((url) => url.includes('/node_modules/ts-morph/'))).toBe(true);
    },
  );

  // watch runs on the same copy, which the tests above leave generated and consistent. A copy of
  // its own cost a second cold audit scan (a new project path misses the scan cache) before
  // "Watching" appeared: the slowest step of this file, and the one a loaded machine stretches most.
  describe('watch', () => {
    it(
      'regenerates after a manifest edit and stops on SIGINT with exit 0',
      { timeout: 180_000 },
      async () => {
        const child = spawn(
          process.execPath,
          [path.join(root, 'bin/tool-contracts.js'), 'watch', '--debounce', '50'],
          {
            cwd: root,
            env: { ...process.env, NO_COLOR: '1' },
          },
        );
        let stdout = '';
        // Read stderr too: an unread pipe that fills up would block the watcher, and its text
        // explains a failure.
        let stderr = '';
        child.stdout.on('data', (chunk) => (stdout += chunk));
        child.stderr.on('data', (chunk) => (stderr += chunk));
        const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
        // A failed or timed-out test must not leave the watcher running (it never exits by itself).
        onTestFinished(() => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        });
        const waitFor = (pattern: RegExp) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`no ${pattern} in:\n${stdout}\nstderr:\n${stderr}`)),
              120_000,
            );
            const check = (): void => {
              if (pattern.test(stdout)) {
                clearTimeout(timer);
                child.stdout.off('data', check);
                resolve();
              }
            };
            child.stdout.on('data', check);
            check();
          });

        await waitFor(/Watching manifest\/ and runtime\//);
        await replaceIn(root, 'manifest/tools/write.yaml', '\npurpose: ', '\npurpose: Watched, ');
        await waitFor(/written: +\d+ files \(.*generated\/tools\/write\.ts.*\)/);
        child.kill('SIGINT');
        expect(await exited).toBe(0);
        expect(stdout.trimEnd().split('\n').at(-1)).toBe('Stopped watching.');
        expect(await readFile(path.join(root, 'generated/tools/write.ts'), 'utf8')).toContain(
          'purpose: "Watched, ',
        );
      },
    );
  });
});
