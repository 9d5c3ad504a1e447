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
];

const long = process.env['TOOL_CONTRACTS_LONG'] === '1';

export default defineConfig({
  test: {
    // `npm test`: everything but LONG_FILES. `npm run test:long`: LONG_FILES and the adversarial
    // suites (with their long variants, test/support/long-variants.ts).
    include: long ? ['test/**/*.adversarial.test.ts', ...LONG_FILES] : ['test/**/*.test.ts'],
    exclude: long ? configDefaults.exclude : [...configDefaults.exclude, ...LONG_FILES],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine,
    // idle whenever a test waits for the processes it started (most of the slow ones do).
    maxWorkers: 2,
  },
});
