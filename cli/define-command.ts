/**
 * The one way a command reads its command line. A command declares its options once (as
 * `node:util` `parseArgs` options), its positionals and its usage text; {@link defineCommand}
 * adds `-h/--help`, parses with `parseArgs` (strict), words every mistake the same way
 * (`tool-contracts NAME: unknown option "--jsno" (did you mean "--json"?)`, then the usage line
 * and where the help is, exit 2) and hands the parsed values to the command's body.
 */
import { terminalText } from './terminal-text.js';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { suggestName } from '../generator/manifest/suggest-name.js';
import type { CommandIO } from './command-io.js';
import { CommandError, UsageError } from './usage-error.js';

export { CommandError, UsageError } from './usage-error.js';

/** `parseArgs` options of a command (without `help`, which every command gets). */
export type CommandOptions = NonNullable<ParseArgsConfig['options']>;

type WithHelp<O extends CommandOptions> = O & {
  readonly help: { readonly type: 'boolean'; readonly short: 'h' };
};

/** What `parseArgs` returns for the options `O` (plus `help`). */
export type ParsedCommandLine<O extends CommandOptions> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: WithHelp<O>;
    allowPositionals: true;
    strict: true;
  }>
>;

export interface CommandDefinition<O extends CommandOptions> {
  /** The command's name as typed (`check`); words every message. */
  readonly name: string;
  /** The `--help` text; its first line (the usage line) is printed after every usage error. */
  readonly usage: string;
  /** The command's options, declared once. `help` (`-h`) is added. */
  readonly options: O;
  /** How many positionals the command takes. Default: none (`{ max: 0 }`). */
  readonly positionals?: { readonly max: number };
  /**
   * The command's body, given the parsed command line. Throw {@link UsageError} for a bad
   * value: it is worded like a parse error (exit 2); {@link CommandError} for a command that
   * cannot run here (exit 1, no usage).
   */
  run(parsed: ParsedCommandLine<O>, io: CommandIO): Promise<number>;
}

/** A command the dispatcher (`cli/main.ts`) can run. */
export interface Command {
  readonly name: string;
  readonly usage: string;
  run(args: readonly string[], io: CommandIO): Promise<number>;
}

/**
 * Parse `args` against `options` (strict `parseArgs`); every mistake is a {@link UsageError}
 * in the house wording, with the closest known option as a suggestion.
 */
export function parseCommandLine<O extends CommandOptions>(
  args: readonly string[],
  options: O,
  positionals: { readonly max: number } = { max: 0 },
): ParsedCommandLine<O> {
  const withHelp = { ...options, help: { type: 'boolean', short: 'h' } } as WithHelp<O>;
  let parsed: ParsedCommandLine<O>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: withHelp,
      allowPositionals: true,
      strict: true,
    }) as ParsedCommandLine<O>;
  } catch (error) {
    throw new UsageError(wordParseError(error as Error & { code?: string }, withHelp));
  }
  if (!wantsHelp(parsed) && parsed.positionals.length > positionals.max) {
    const extra = parsed.positionals[positionals.max]!;
    throw new UsageError(
      positionals.max === 0
        ? `unexpected argument "${extra}"`
        : `unexpected argument "${extra}" (at most ${positionals.max} expected)`,
    );
  }
  return parsed;
}

/** A command from its definition: `--help`, parsing and usage errors handled once, here. */
export function defineCommand<O extends CommandOptions>(definition: CommandDefinition<O>): Command {
  return {
    name: definition.name,
    usage: definition.usage,
    async run(args, io) {
      try {
        const parsed = parseCommandLine(args, definition.options, definition.positionals);
        if (wantsHelp(parsed)) {
          io.out(definition.usage);
          return 0;
        }
        return await definition.run(parsed, io);
      } catch (error) {
        if (error instanceof CommandError) {
          io.err(terminalText(`tool-contracts ${definition.name}: ${error.message}`));
          return 1;
        }
        if (!(error instanceof UsageError)) throw error;
        io.err(usageErrorText(definition, error.message));
        return 2;
      }
    },
  };
}

/**
 * A usage error as printed: the error, the command's usage line, and where the options are —
 * nothing more, so the error stays on screen.
 */
export function usageErrorText(
  definition: { readonly name: string; readonly usage: string },
  message: string,
): string {
  // The usage lines: the help's first paragraph (`call` and `mcp` have more than one form).
  const usageLines = definition.usage.split('\n\n', 1)[0]!;
  return [
    terminalText(`tool-contracts ${definition.name}: ${message}`),
    usageLines,
    `See \`tool-contracts ${definition.name} --help\` for the options.`,
  ].join('\n');
}

function wantsHelp(parsed: { readonly values: object }): boolean {
  return (parsed.values as { readonly help?: boolean }).help === true;
}

/** `parseArgs`' own messages name Node's internals; these say what to type instead. */
function wordParseError(error: Error & { code?: string }, options: CommandOptions): string {
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const match = /^Unknown option '([^']+)'/.exec(error.message);
    const flag = match?.[1] ?? '';
    const suggestion = flag.startsWith('--')
      ? suggestName(
          flag,
          Object.keys(options).map((name) => `--${name}`),
        )
      : undefined;
    return `unknown option "${flag}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const match = /^Option '(?:-\w, )?(--[^ ']+)/.exec(error.message);
    const flag = match?.[1];
    const option = flag === undefined ? undefined : options[flag.slice(2)];
    if (option !== undefined)
      return `${flag} ${option.type === 'string' ? 'needs a value' : 'takes no value'}`;
  }
  return error.message;
}
