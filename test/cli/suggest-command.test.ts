/**
 * The command suggested for a mistyped one: a reading command as any close name, a command
 * that writes files only for a one-key slip of its own name — so `lsit` is never answered
 * with `init`. And the whole of what `tool-contracts lsit` prints: the error, the usage line,
 * where the help is.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { oneSlipApart, suggestCommand, WRITING_COMMANDS } from '../../cli/suggest-command.js';

const COMMANDS = [
  'init',
  'generate',
  'check',
  'format',
  'watch',
  'audit',
  'diff',
  'list',
  'call',
  'serve',
  'mcp',
];
const READING = COMMANDS.filter((name) => !WRITING_COMMANDS.has(name));

describe('suggestCommand', () => {
  test.each([
    { typed: 'lsit', want: 'list' },
    { typed: 'lst', want: 'list' },
    { typed: 'chekc', want: 'check' },
    { typed: 'serv', want: 'serve' },
    { typed: 'genrate', want: 'generate' },
    { typed: 'generaet', want: 'generate' },
    { typed: 'fromat', want: 'format' },
    { typed: 'inti', want: 'init' },
    { typed: 'LIST', want: 'list' },
    { typed: 'frobnicate', want: undefined },
    { typed: 'iint', want: 'init' },
    { typed: 'intt', want: 'init' },
    { typed: 'wath', want: 'watch' },
  ])('$typed → $want', ({ typed, want }) => {
    expect(suggestCommand(typed, COMMANDS)).toBe(want);
  });

  test('property: a writing command is suggested only for a one-key slip of its name', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,9}$/), (typed) => {
        const suggestion = suggestCommand(typed, COMMANDS);
        if (suggestion !== undefined && WRITING_COMMANDS.has(suggestion))
          expect(oneSlipApart(typed, suggestion)).toBe(true);
      }),
    );
  });

  test('property: a swap, a dropped or a doubled letter of a reading command never suggests a writing one', () => {
    const slips = READING.flatMap((name) =>
      [...name].flatMap((_, index) => [
        name.slice(0, index) + name.slice(index + 1),
        name.slice(0, index) + name[index] + name.slice(index),
        index + 1 < name.length
          ? name.slice(0, index) + name[index + 1] + name[index] + name.slice(index + 2)
          : name,
      ]),
    );
    for (const typed of slips) {
      if (COMMANDS.includes(typed)) continue;
      const suggestion = suggestCommand(typed, COMMANDS);
      expect({
        typed,
        writing: suggestion !== undefined && WRITING_COMMANDS.has(suggestion),
      }).toEqual({
        typed,
        writing: false,
      });
    }
  });

  test.each([
    ['ab', 'ba', true],
    ['abc', 'abd', true],
    ['abc', 'ab', true],
    ['abc', 'abcd', true],
    ['abc', 'abc', false],
    ['abc', 'cba', false],
    ['abcd', 'ab', false],
  ] as const)('oneSlipApart(%s, %s) = %s', (a, b, want) => {
    expect(oneSlipApart(a, b)).toBe(want);
  });
});

describe('tool-contracts with an unknown command', () => {
  test('prints the error, the usage line and where the help is — nothing more; exit 2', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['lsit'], {
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      cwd: process.cwd(),
      color: false,
    });
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n').split('\n')).toEqual([
      'tool-contracts: unknown command "lsit" (did you mean "list"?)',
      'Usage: tool-contracts [command] [options]',
      'See `tool-contracts --help` for the commands.',
    ]);
  });
});
