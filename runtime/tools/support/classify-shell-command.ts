/**
 * Static analysis of a Bash command for the permission layer: the simple commands it runs (what
 * rules such as `Bash(rm:*)` are matched against) and whether all of them only read.
 *
 * Read-only means: no hazard ({@link splitShellCommand}), every simple command is a bare name in
 * {@link READ_ONLY_COMMANDS} called within its rule, no variable assignment, and no redirection
 * that writes anywhere but `/dev/null` (duplicating a descriptor, `2>&1`, is fine).
 */
import { parse, type ParseEntry } from 'shell-quote';
import { READ_ONLY_COMMANDS, type ReadOnlyCommandRule } from './read-only-commands.js';
import { splitShellCommand } from './split-shell-command.js';

export interface ShellCommandAnalysis {
  /** The simple commands as written, in order. */
  readonly subcommands: readonly string[];
  readonly readOnly: boolean;
  /** Why the command is not read-only (the first reason found). */
  readonly reason?: string;
}

const INPUT_REDIRECTIONS: ReadonlySet<string> = new Set(['<', '<<<', '<&']);
const OUTPUT_REDIRECTIONS: ReadonlySet<string> = new Set(['>', '>>', '>|', '&>', '&>>']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

export function classifyShellCommand(command: string): ShellCommandAnalysis {
  const { segments, hazards } = splitShellCommand(command);
  const notReadOnly = (reason: string): ShellCommandAnalysis => ({
    subcommands: segments,
    readOnly: false,
    reason,
  });
  if (hazards.length > 0) return notReadOnly(`contains ${hazards.join(', ')}`);
  if (segments.length === 0) return notReadOnly('no command');
  for (const segment of segments) {
    const reason = segmentProblem(segment);
    if (reason !== undefined) return notReadOnly(`${JSON.stringify(segment)}: ${reason}`);
  }
  return { subcommands: segments, readOnly: true };
}

/** `undefined` when the simple command is read-only; else why not. */
function segmentProblem(segment: string): string | undefined {
  let entries: ParseEntry[];
  try {
    entries = parse(segment, (name) => `$${name}`);
  } catch (error) {
    return `cannot be parsed (${(error as Error).message})`;
  }
  const words: string[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as ParseEntry;
    if (typeof entry === 'string') {
      if (words.length === 0 && ASSIGNMENT.test(entry)) return 'sets a variable for the command';
      words.push(entry);
      continue;
    }
    if ('comment' in entry) break;
    if (!('op' in entry)) return 'unsupported syntax';
    if (entry.op === 'glob') {
      words.push(entry.pattern);
      continue;
    }
    const target = entries[index + 1];
    index += 1;
    const targetText =
      typeof target === 'string'
        ? target
        : target !== undefined && 'op' in target && target.op === 'glob'
          ? target.pattern
          : undefined;
    if (targetText === undefined) return `redirection ${entry.op} without a target`;
    // `2>/dev/null`: shell-quote splits the descriptor off as a word of its own.
    const descriptor = words[words.length - 1];
    if (
      descriptor !== undefined &&
      /^[0-9]+$/.test(descriptor) &&
      segment.includes(`${descriptor}${entry.op}`)
    )
      words.pop();
    if (INPUT_REDIRECTIONS.has(entry.op)) continue;
    if (OUTPUT_REDIRECTIONS.has(entry.op)) {
      if (targetText === '/dev/null') continue;
      return `writes to ${targetText}`;
    }
    if (
      entry.op === '>&' &&
      (/^[0-9]+$/.test(targetText) || targetText === '-' || targetText === '/dev/null')
    )
      continue;
    if (entry.op === '>&') return `writes to ${targetText}`;
    return `uses ${entry.op}`;
  }
  const [name, ...args] = words;
  if (name === undefined) return 'no command';
  const rule = Object.hasOwn(READ_ONLY_COMMANDS, name) ? READ_ONLY_COMMANDS[name] : undefined;
  if (rule === undefined) return `${name} is not a known read-only command`;
  return argumentsProblem(name, args, rule);
}

function optionName(argument: string): string {
  const equals = argument.indexOf('=');
  return argument.startsWith('--') && equals !== -1 ? argument.slice(0, equals) : argument;
}

function isForbiddenOption(argument: string, rule: ReadOnlyCommandRule): boolean {
  const forbidden = rule.forbiddenOptions ?? [];
  if (rule.wordOptions) return forbidden.includes(argument);
  if (argument.startsWith('--')) {
    const name = optionName(argument);
    // GNU getopt accepts any unambiguous prefix of a long option.
    return forbidden.some(
      (option) =>
        option.startsWith('--') &&
        (option === name || (name.length >= 4 && option.startsWith(name))),
    );
  }
  return forbidden.some((option) =>
    option.length === 2 ? argument.slice(1).includes(option[1] as string) : option === argument,
  );
}

function isOption(argument: string): boolean {
  return argument.startsWith('-') && argument !== '-';
}

function argumentsProblem(
  command: string,
  args: readonly string[],
  rule: ReadOnlyCommandRule,
): string | undefined {
  if (rule.noArguments)
    return args.length === 0 ? undefined : `${command} with arguments may run a program`;
  if (rule.subcommands !== undefined) return subcommandProblem(command, args, rule);

  const operands: string[] = [];
  const options: string[] = [];
  let endOfOptions = false;
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (!endOfOptions && argument === '--') {
      endOfOptions = true;
      continue;
    }
    if (!endOfOptions && isOption(argument)) {
      if (isForbiddenOption(argument, rule)) return `${command} ${argument} is not read-only`;
      options.push(optionName(argument));
      if (rule.optionsWithValue?.includes(argument)) index += 1;
      continue;
    }
    operands.push(argument);
  }
  if (rule.maxOperands !== undefined && operands.length > rule.maxOperands) {
    return `${command} with ${operands.length} operand${operands.length === 1 ? '' : 's'} may change something`;
  }
  if (
    operands.length > 0 &&
    rule.operandsOnlyWith !== undefined &&
    !options.some((option) => rule.operandsOnlyWith?.includes(option))
  ) {
    return `${command} with an operand (${operands[0]}) may change something`;
  }
  const pattern = rule.operandPattern;
  const stray =
    pattern === undefined ? undefined : operands.find((operand) => !pattern.test(operand));
  if (stray !== undefined) return `${command} ${stray} may change something`;
  return undefined;
}

function subcommandProblem(
  command: string,
  args: readonly string[],
  rule: ReadOnlyCommandRule,
): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (isOption(argument)) {
      const name = optionName(argument);
      if (rule.globalFlags?.includes(argument)) continue;
      if (rule.globalOptionsWithValue?.includes(name)) {
        if (name === argument) index += 1;
        continue;
      }
      return `${command} ${argument} is not read-only`;
    }
    const subcommand = Object.hasOwn(rule.subcommands ?? {}, argument)
      ? rule.subcommands?.[argument]
      : undefined;
    if (subcommand === undefined)
      return `${command} ${argument} is not a known read-only sub-command`;
    return argumentsProblem(`${command} ${argument}`, args.slice(index + 1), subcommand);
  }
  return `${command} without a sub-command`;
}
