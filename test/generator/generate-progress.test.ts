/**
 * `generate`'s `progress`: a step that takes seconds says so when it starts — the handlers' type
 * check and the audit's scan, each only when its cache misses — and a run whose caches answer
 * tells nothing. The CLI prints these lines on standard error only for a terminal.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { progressOption } from '../../cli/generate-command.js';
import type { CommandIO } from '../../cli/command-io.js';
import { generate } from '../../generator/generate.js';
import { fixtureProject, removeFixtureProjects } from './generate-fixture.js';

afterAll(removeFixtureProjects);

describe('generate tells its long steps', () => {
  test('a cold run tells the type check and the scan; a forced run on warm caches tells nothing', async () => {
    // A runtime file no other project has: no cache entry anywhere answers for it.
    const root = await fixtureProject(
      [{ name: 'Alpha', hooks: ['validateInput'] }, { name: 'Zeta' }],
      {
        'runtime/unique.ts': `export const id = '${randomUUID()}';\n`,
      },
    );
    const steps: string[] = [];
    const first = await generate({
      projectRoot: root,
      write: true,
      progress: (step) => steps.push(step),
    });
    expect(first.issues).toEqual([]);
    expect(steps).toEqual([
      'type-checking the handlers and hooks of 2 modules (cached until runtime/ changes)…',
      expect.stringMatching(
        /^scanning \d+ runtime files for contract field readers \(cached until they change\)…$/,
      ),
    ]);
    steps.length = 0;
    const forced = await generate({
      projectRoot: root,
      write: true,
      force: true,
      progress: (step) => steps.push(step),
    });
    expect(forced.ok).toBe(true);
    expect(steps).toEqual([]);
  });
});

describe('progressOption', () => {
  const io = (stderrIsTTY: boolean | undefined, lines: string[]): CommandIO => ({
    out: () => {},
    err: (text) => lines.push(text),
    cwd: '/',
    color: false,
    ...(stderrIsTTY === undefined ? {} : { stderrIsTTY }),
  });

  test.each([
    { stderr: 'a terminal', tty: true, printed: ['… scanning'] },
    { stderr: 'a pipe', tty: false, printed: [] },
    { stderr: 'not said', tty: undefined, printed: [] },
  ])('standard error is $stderr: prints $printed', ({ tty, printed }) => {
    const lines: string[] = [];
    progressOption(io(tty, lines)).progress?.('scanning');
    expect(lines).toEqual(printed);
  });
});
