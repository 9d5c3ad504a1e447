/**
 * Every `--help` states the true defaults. Each command's help is parsed for the defaults it
 * states (`(default: X)`, `X (…; default)`); a default that is a value is checked against the
 * code by parsing the command line with the option given as that value and without it — the
 * two must parse alike. A default stated in words is listed here with a check of what the
 * parser does without the option. A new stated default needs one or the other, so the help
 * and the code cannot drift apart.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseCallArgs } from '../../cli/call-command.js';
import { modelFromOptions } from '../../cli/context-options.js';
import { diffOptions } from '../../cli/diff-command.js';
import { parseListArgs } from '../../cli/list-command.js';
import { parseServeArgs } from '../../cli/serve-command.js';
import { debounceOption } from '../../cli/watch-command.js';

const cwd = process.cwd();
const io = { out: () => {}, err: () => {}, cwd, color: false };

/** The options of a command and the defaults its help states, as written. */
function statedDefaults(usage: string): Map<string, string> {
  const texts = new Map<string, string>();
  let current: string | undefined;
  for (const line of usage.split('\n')) {
    const option = /^\s+(?:-\w, )?(--[a-z][a-z-]*)/.exec(line);
    if (option !== null) {
      current = option[1]!;
      texts.set(current, line);
    } else if (current !== undefined && /^\s{8,}\S/.test(line))
      texts.set(current, `${texts.get(current)!} ${line.trim()}`);
    else current = undefined;
  }
  const defaults = new Map<string, string>();
  for (const [option, text] of texts) {
    const stated = /\(default: ([^;)]+)/.exec(text) ?? /(\S+) \((?:[^()]*; )?default\)/.exec(text);
    if (stated !== null) defaults.set(option, stated[1]!.replace(/\s+/g, ' ').trim());
  }
  return defaults;
}

/** A command's parser, for comparing the parse with and without an option. */
const withModel = (options: object) => ({
  ...options,
  model: (options as { model?: unknown }).model ?? modelFromOptions({}),
});
const PARSERS: Record<string, (args: string[]) => unknown> = {
  list: (args) => parseListArgs(args, cwd),
  call: (args) => withModel(parseCallArgs(['Read', ...args], io) as object),
  serve: (args) => withModel(parseServeArgs(args, cwd)),
  watch: (args) => debounceOption(args[1]),
  diff: (args) =>
    diffOptions(
      args.length === 0 ? {} : ({ [args[0]!.slice(2)]: args[1] } as Record<string, string>),
    ),
};

/** Defaults stated in words: what the parser does without the option. */
const DESCRIBED: Record<string, (parsed: any) => void> = {
  'list --turn an interactive turn': (parsed) => expect(parsed.turn).toBeUndefined(),
  'list --defer none': (parsed) => expect(parsed.defer).toEqual([]),
  'list --mcp the file name without .json': () =>
    expect(parseListArgs(['--mcp', 'shape.json'], cwd)).toMatchObject({
      mcp: [{ server: 'shape', file: path.join(cwd, 'shape.json') }],
    }),
  'list --provider none, the tool list alone, built for an Anthropic model': (parsed) => {
    expect(parsed.provider).toBeUndefined();
    expect(parsed.model.provider).toBe('anthropic');
  },
  'call --workspace current directory': (parsed) => expect(parsed.workspace).toBe(cwd),
  'call --artifacts <tmp>/tool-contracts-artifacts': (parsed) =>
    expect(parsed.artifactDirectory).toBe(path.join(tmpdir(), 'tool-contracts-artifacts')),
  'list --model unspecified': (parsed) =>
    expect(parsed.model).toMatchObject({ id: 'unspecified', firstParty: true }),
  'list --first-party only for an unspecified or claude-* --model': (parsed) =>
    expect(parsed.model.firstParty).toBe(true),
  'call --model unspecified': (parsed) =>
    expect(parsed.model).toMatchObject({ id: 'unspecified', firstParty: true }),
  'call --first-party only for an unspecified or claude-* --model': (parsed) =>
    expect(parsed.model.firstParty).toBe(true),
  'serve --model unspecified': (parsed) =>
    expect(parsed.model).toMatchObject({ id: 'unspecified', firstParty: true }),
  'serve --first-party only for an unspecified or claude-* --model': (parsed) =>
    expect(parsed.model.firstParty).toBe(true),
  'serve --token-file the TOOL_CONTRACTS_TOKEN environment variable, else one is generated and printed':
    (parsed) => expect(parsed.tokenFile).toBeUndefined(),
  'list --serial parallel calls allowed': (parsed) => expect(parsed.serial ?? false).toBe(false),
  'serve --workspace current directory': (parsed) => expect(parsed.workspace).toBe(cwd),
  'serve --artifacts a session directory': (parsed) =>
    expect(parsed.artifactDirectory).toBeUndefined(),
};

/** Each command's help text. */
const COMMANDS: Record<string, () => Promise<string>> = {
  init: async () => (await import('../../cli/init-command.js')).command.usage,
  generate: async () => (await import('../../cli/generate-command.js')).command.usage,
  check: async () => (await import('../../cli/check-command.js')).command.usage,
  format: async () => (await import('../../cli/format-command.js')).command.usage,
  watch: async () => (await import('../../cli/watch-command.js')).command.usage,
  audit: async () => (await import('../../cli/audit-command.js')).command.usage,
  diff: async () => (await import('../../cli/diff-command.js')).command.usage,
  list: async () => (await import('../../cli/list-command.js')).LIST_USAGE,
  call: async () => (await import('../../cli/call-command.js')).CALL_USAGE,
  serve: async () => (await import('../../cli/serve-command.js')).command.usage,
  mcp: async () => (await import('../../cli/mcp-command.js')).MCP_USAGE,
};

describe.each(Object.keys(COMMANDS))('%s --help', (name) => {
  test('every default it states is the one the code applies', async () => {
    const stated = statedDefaults(await COMMANDS[name]!());
    const parse = PARSERS[name];
    if (parse === undefined) {
      expect(stated).toEqual(new Map());
      return;
    }
    const unset = parse([]);
    for (const [option, value] of stated) {
      const described = DESCRIBED[`${name} ${option} ${value}`];
      if (described !== undefined) described(unset);
      else {
        expect(`${option} ${value}`).toMatch(/^--[a-z-]+ [\w.-]+$/);
        expect({ option, parsed: parse([option, value]) }).toEqual({ option, parsed: unset });
      }
    }
  });
});

test('the parser of stated defaults reads both forms', () => {
  expect(
    statedDefaults(`Options:
  --a X      one (default: 7)
  --b MODE   remove (the list; default) or restrict
  --c        warn (default) or hide
  --d N      long text
             continued (default: 2)
  -h, --help  Show this help`),
  ).toEqual(
    new Map([
      ['--a', '7'],
      ['--b', 'remove'],
      ['--c', 'warn'],
      ['--d', '2'],
    ]),
  );
});

test('the help of list said --provider defaults to anthropic; --provider anthropic prints a request, so it does not', () => {
  expect(parseListArgs(['--provider', 'anthropic'], cwd)).not.toEqual(parseListArgs([], cwd));
});
