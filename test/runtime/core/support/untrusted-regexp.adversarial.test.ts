/**
 * Generated catastrophic patterns (nested and overlapping quantifiers) against Grep over a large
 * file, each as it is (the linear-time engine runs it) and behind a look-ahead (only the
 * backtracking engine, in a worker, can run it): every call comes back — a result or a timeout
 * failure — within its own timeout, never a hang or a crash. The hand-picked patterns are in untrusted-regexp.test.ts. Long variants
 * (four 8 MB files, many more patterns): `npm run test:long`.
 */
import { writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tool as grep } from '../../../../generated/tools/grep.js';
import { createWorkspaceContext, type WorkspaceContext } from '../../tools/workspace-context.js';
import { ADVERSARIAL_TIMEOUT_MS, variant } from '../../../support/long-variants.js';

/** Grep skips files above MAX_GREP_FILE_BYTES (10 MiB): the long variant takes four of 8 MB. */
const FILES = variant(1, 4);
const FILE_BYTES = variant(1_000_000, 8_000_000);
const TIMEOUT_MS = 300;

/** Atoms that match the hostile text's letters, several ways at once. */
const atom = fc.constantFrom('a', 'a?', 'a*', '\\w', '[a-z]', '.', 'aa', '(?:a|a)', '(?:a|aa)');
/** Nested, overlapping quantifiers: the shape of catastrophic backtracking. */
const catastrophic = fc
  .tuple(
    fc.array(atom, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('+', '*', '{1,}', '{2,}'),
    fc.constantFrom('+', '*', '{1,30}'),
    fc.constantFrom('$', 'b', '!', '$|c'),
  )
  .map(([atoms, inner, outer, tail]) => `(?:(?:${atoms.join('')})${inner})${outer}${tail}`);

let workspace: WorkspaceContext;
beforeAll(async () => {
  workspace = await createWorkspaceContext();
  const line = `${'a'.repeat(48)}x\n`;
  const text = line.repeat(Math.ceil(FILE_BYTES / line.length));
  for (let file = 0; file < FILES; file += 1)
    await writeFile(workspace.at(`big-${file}.txt`), text);
});
afterAll(async () => {
  await workspace.dispose();
});

describe('Grep with generated catastrophic patterns', () => {
  test(
    'each call ends with matches or a timeout failure, within the call timeout',
    async () => {
      let timedOut = 0;
      await fc.assert(
        fc.asyncProperty(
          catastrophic,
          fc.constantFrom('files_with_matches', 'content', 'count'),
          fc.constantFrom('', '(?=a)'),
          async (catastrophicPattern, mode, lookAhead) => {
            const pattern = `${lookAhead}${catastrophicPattern}`;
            const started = performance.now();
            const result = await grep.handler(
              {
                pattern,
                path: workspace.root,
                output_mode: mode,
                multiline: false,
                '-i': false,
                '-n': true,
              },
              { ...workspace.context, timeoutMs: TIMEOUT_MS },
            );
            if (!result.ok) {
              expect(result).toMatchObject({ code: 'timeout' });
              if (lookAhead !== '') timedOut += 1;
            }
            // Not a speed goal: a hang is the defect. A generous bound over the timeout.
            expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
          },
        ),
        { numRuns: variant(12, 400) },
      );
      // The patterns are hostile: some backtracking calls must have needed the timeout.
      expect(timedOut).toBeGreaterThan(0);
    },
    ADVERSARIAL_TIMEOUT_MS,
  );
});
