import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files `npm test` leaves to `npm run test:long` (issue #25): each runs whole `generate`s of a copy
 * of this repository as processes, kills them mid-write, or type-checks all of `generated/` and
 * `runtime/` with `tsc` — together more than half of the suite's time on a 2-core machine
 * (docs/performance.md, "Where the test suite's time goes"). Nothing is lost: `test:long` runs
 * every case of these files, unchanged, with the adversarial suites' long variants. One of them
 * alone: `TOOL_CONTRACTS_LONG=1 npx vitest run FILE` (without the variable it is excluded).
 */
export const LONG_FILES: readonly string[] = [
  // A full `generate` of a repository copy per case, `check`, `watch` (≈ 150 s on 2 loaded cores).
  'test/cli/generate-command.test.ts',
  // Every command in a project with moved folders, `watch` and `serve` included.
  'test/cli/configured-project.test.ts',
  // `tsc --noEmit` over generated/ and runtime/: the same files and options `npm run typecheck`
  // checks in CI.
  'test/generator/generate-output.test.ts',
  // A run killed with SIGKILL at each point of the write, then recovered, per case.
  'test/generator/recover-generated-directory.test.ts',
  // Full runs whose model-view renderer fails or writes outside its folder.
  'test/generator/model-view/model-view-swap.test.ts',
  // Free text through generation, `tsc` and an import of the result.
  'test/generator/emit/unicode-round-trip.test.ts',
  // Packs the packages and installs them with the provider SDKs, then runs five example hosts.
  'test/package/packed-examples.test.ts',
  // Packs the packages and installs them into three projects made by `npm init -y` (≈ 120 s).
  'test/package/packed-package.test.ts',
  // `generate` and `check` through the CLI in a user project, once per `builtIns` change (≈ 50 s).
  'test/cli/user-project-agrees.test.ts',
];

/**
 * Files `npm test` runs each in a fresh process (`isolate: true`). The others share their
 * worker's process and module cache, file after file (`isolate: false`): starting a process and
 * importing the modules anew for each of 230 files took 180 s of the workers' time, more than half
 * of `npm test` (docs/performance.md). A file belongs here when what it asserts depends on the
 * process being new, never because it leaves state behind: a file that changes global state
 * restores it (`vi.unstubAllEnvs`, `afterEach`), as it must for the tests of its own file.
 */
export const ISOLATED_FILES: readonly string[] = [
  // The generated Read's zod schemas are not loaded before its first call: a module graph no
  // other file has loaded them in.
  'test/generator/emit/tool-module.test.ts',
  // Where the YAML parser runs out of stack depends on how deep the stack already is: the exact
  // locations are those of a fresh process's first parse.
  'test/generator/manifest/load-manifest-hardening.test.ts',
];

/**
 * `TOOL_CONTRACTS_LONG=1` (`npm run test:long`): LONG_FILES and the adversarial suites with their
 * long variants. `TOOL_CONTRACTS_LONG=moved` (`npm run test:moved`, what CI runs after
 * `npm test`): LONG_FILES alone, so that every case of the suite runs in CI.
 */
const longMode = process.env['TOOL_CONTRACTS_LONG'];
const long = longMode === '1' || longMode === 'moved';
const longInclude =
  longMode === 'moved' ? [...LONG_FILES] : ['test/**/*.adversarial.test.ts', ...LONG_FILES];

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The package names the examples import, resolved to the sources (most specific first);
  // test/package/packed-examples.test.ts runs the same examples against the tarballs.
  resolve: {
    alias: [
      {
        find: '@tool-contracts/runtime/providers',
        replacement: source('./runtime/integrations/providers/index.ts'),
      },
      {
        find: '@tool-contracts/runtime/adapters',
        replacement: source('./runtime/integrations/adapters/index.ts'),
      },
      {
        find: '@tool-contracts/runtime/mcp',
        replacement: source('./runtime/integrations/mcp/index.ts'),
      },
      {
        find: '@tool-contracts/runtime/contract',
        replacement: source('./runtime/contract.ts'),
      },
      { find: /^@tool-contracts\/runtime$/, replacement: source('./runtime/index.ts') },
      {
        find: '@tool-contracts/tools/provider-order',
        replacement: source('./generated/provider-order.ts'),
      },
      { find: /^@tool-contracts\/tools$/, replacement: source('./generated/index.ts') },
    ],
  },
  test: {
    // `npm test`: everything but LONG_FILES, as two projects: `shared` (one process per worker)
    // and `isolated` (ISOLATED_FILES, a process per file). `npm run test:long`: LONG_FILES and the
    // adversarial suites (with their long variants, test/support/long-variants.ts), a process per
    // file.
    // (A project extends this config by concatenating arrays: the include and exclude lists are
    // each project's own.)
    ...(long
      ? { include: longInclude }
      : {
          projects: [
            {
              extends: true,
              test: {
                name: 'shared',
                isolate: false,
                include: ['test/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ...LONG_FILES, ...ISOLATED_FILES],
              },
            },
            {
              extends: true,
              test: { name: 'isolated', include: [...ISOLATED_FILES] },
            },
          ],
        }),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine,
    // idle whenever a test waits for the processes it started (most of the slow ones do).
    maxWorkers: 2,
  },
});
