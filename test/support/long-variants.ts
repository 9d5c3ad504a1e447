/**
 * How hard the adversarial suites (`*.adversarial.test.ts`) push. `npm test` runs the short
 * variants; `npm run test:long` sets `TOOL_CONTRACTS_LONG=1` and runs those suites with many
 * more generated cases and larger inputs (minutes, not seconds: not part of CI), together with
 * the slow files `npm test` leaves out (`LONG_FILES`, vitest.config.ts).
 */
export const LONG_VARIANTS = process.env['TOOL_CONTRACTS_LONG'] === '1';

/** `short` in `npm test`, `long` under `npm run test:long`. */
export function variant<T>(short: T, long: T): T {
  return LONG_VARIANTS ? long : short;
}

/** A test timeout for a suite whose long variant runs far longer than vitest's default. */
export const ADVERSARIAL_TIMEOUT_MS = variant(60_000, 1_800_000);
