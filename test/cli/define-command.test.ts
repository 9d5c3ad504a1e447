/**
 * One parser for every command: the same wording for the same mistake, whatever the command, and
 * the closest known option as a suggestion.
 */
import { describe, expect, test } from 'vitest';
import { defineCommand, parseCommandLine, UsageError } from '../../cli/define-command.js';

const OPTIONS = {
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  timeout: { type: 'string', short: 't' },
  'no-cache': { type: 'boolean' },
} as const;

describe('parseCommandLine', () => {
  test.each([
    [['--jsno'], 'unknown option "--jsno" (did you mean "--json"?)'],
    [['--JSON'], 'unknown option "--JSON" (did you mean "--json"?)'],
    [['--strcit'], 'unknown option "--strcit" (did you mean "--strict"?)'],
    [['--nocache'], 'unknown option "--nocache" (did you mean "--no-cache"?)'],
    [['--hepl'], 'unknown option "--hepl" (did you mean "--help"?)'],
    [['--verbose'], 'unknown option "--verbose"'],
    [['-x'], 'unknown option "-x"'],
    [['--timeout'], '--timeout needs a value'],
    [['-t'], '--timeout needs a value'],
    [['--json=yes'], '--json takes no value'],
    [['extra'], 'unexpected argument "extra"'],
  ])('%j → %s', (args, message) => {
    expect(() => parseCommandLine(args, OPTIONS)).toThrow(new UsageError(message));
  });

  test('positionals beyond the declared maximum are named', () => {
    expect(() => parseCommandLine(['a', 'b', 'c'], OPTIONS, { max: 2 })).toThrow(
      new UsageError('unexpected argument "c" (at most 2 expected)'),
    );
  });

  test('--help wins over extra positionals', () => {
    expect(parseCommandLine(['--help', 'extra'], OPTIONS).values).toEqual({ help: true });
  });

  test('values and positionals come back as parseArgs gives them', () => {
    const parsed = parseCommandLine(['--json', '-t', '50', 'file.yaml'], OPTIONS, { max: 1 });
    expect(parsed.values).toEqual({ json: true, timeout: '50' });
    expect(parsed.positionals).toEqual(['file.yaml']);
  });
});

describe('defineCommand', () => {
  const lines: { out: string[]; err: string[] } = { out: [], err: [] };
  const io = {
    out: (text: string) => lines.out.push(text),
    err: (text: string) => lines.err.push(text),
    cwd: '/',
    color: false,
  };
  const command = defineCommand({
    name: 'demo',
    usage: 'Usage: tool-contracts demo [options]',
    options: { level: { type: 'string' } },
    async run({ values }) {
      if (values.level !== undefined && values.level !== 'high')
        throw new UsageError(`--level must be high; got "${values.level}"`);
      return 0;
    },
  });

  test.each([
    { args: ['--help'], code: 0, out: ['Usage: tool-contracts demo [options]'], err: [] },
    { args: ['--level', 'high'], code: 0, out: [], err: [] },
    {
      args: ['--levl', 'high'],
      code: 2,
      out: [],
      err: [
        'tool-contracts demo: unknown option "--levl" (did you mean "--level"?)\nUsage: tool-contracts demo [options]\nSee `tool-contracts demo --help` for the options.',
      ],
    },
    {
      args: ['--level', 'low'],
      code: 2,
      out: [],
      err: [
        'tool-contracts demo: --level must be high; got "low"\nUsage: tool-contracts demo [options]\nSee `tool-contracts demo --help` for the options.',
      ],
    },
  ])('$args exits $code', async ({ args, code, out, err }) => {
    lines.out = [];
    lines.err = [];
    expect(await command.run(args, io)).toBe(code);
    expect(lines).toEqual({ out, err });
  });
});
