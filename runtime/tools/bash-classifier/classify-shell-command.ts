/**
 * Static analysis of a Bash command for the permission layer, on bash's own parse tree
 * ({@link parseBash}): the simple commands it runs (what rules such as `Bash(rm:*)` are matched
 * against) and whether all of them only read.
 *
 * Rule values: every simple command anywhere in the tree (inside `$(…)`, functions, loops,
 * here-documents), as written and — when every word is literal — with its words unquoted and
 * variable assignments dropped (`FOO=1 'r'm x` also gives `rm x`), and with a program named by
 * its path as its bare name (`/bin/rm x` also gives `rm x`); the inner command of a
 * wrapper ({@link unwrapCommand}: `bash -c "rm x"`, `xargs rm`, `sudo rm`, `find -exec rm`) too.
 * When the rules cannot be sure they saw every command — the command does not parse, is too long
 * or too deep, a command name is not literal (`$cmd x`), a wrapper's options are unknown, a
 * script reaches a shell through standard input (`… | bash`), quoted text reaches something
 * bash evaluates (`test -v 'a[$(rm x)]'`), an expansion can run code ({@link executableExpansion}:
 * `${x@P}`, `${!x}`, arithmetic on variables), or a program's global options are unknown or run
 * programs ({@link findSubcommand}) — the analysis is `uncertain`: no allow rule allows it, and
 * it is never read-only. A program's global options are also left out of a value
 * (`git -C . push` is also `git push`). A redirection that writes a file sets `redirects`: no
 * allow rule covers the command (the rules name commands, never the files they write).
 *
 * Read-only means: the command parses; it is made only of simple commands joined by `&&`, `||`,
 * `|`, `;`, `&`, subshells and groups; every simple command is a bare name in
 * {@link READ_ONLY_COMMANDS} called within its rule; no variable assignment; no word that bash
 * expands — parameters, `$(…)`, arithmetic, brace expansion, `$'…'`, and globs, except a glob
 * that follows a literal prefix other than `-` (`src/*.ts` cannot expand into an option name) in
 * a command whose rule does not count operands; and no redirection that writes anywhere but
 * `/dev/null`, opens a device (`/dev/tcp/…`) or reads and writes (`<>`). Options a rule forbids
 * are forbidden wherever they stand, after `--` too. A rule in doubt makes the call ordinary Bash.
 */
import {
  BINARY_COMMAND_OPERATORS,
  parseBash,
  REDIRECT,
  type BashNode,
  type BashParse,
} from './parse-bash.js';
import { READ_ONLY_COMMANDS, type ReadOnlyCommandRule } from './read-only-commands.js';
import { unwrapCommand } from './shell-wrappers.js';
import { executableExpansion } from './executable-expansion.js';
import { findSubcommand } from './global-options.js';
import { decodeAnsiCString } from './decode-ansi-c-string.js';

export interface ShellCommandAnalysis {
  /** The values permission rules are matched against, in order of appearance, each once. */
  readonly subcommands: readonly string[];
  readonly readOnly: boolean;
  /** Why the command is not read-only (the first reason found). */
  readonly reason?: string;
  /** Why the rules cannot be sure they saw every command; absent when they can. */
  readonly uncertain?: string;
  /**
   * Why no allow rule covers the command although the rules saw every command it runs: a
   * redirection writes to a file (or opens a device, or reads and writes), which no `Bash(…)`
   * rule names. Absent when every redirection only reads, duplicates a descriptor or writes to
   * `/dev/null`.
   */
  readonly redirects?: string;
}

/** How deep `bash -c`, `eval` and wrappers are followed. */
const MAX_UNWRAP_DEPTH = 8;
/** Builtins that evaluate array subscripts or arithmetic in their (quoted) arguments. */
const EVALUATING_BUILTINS: ReadonlySet<string> = new Set([
  '[',
  'test',
  'printf',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'read',
  'let',
  'unset',
  'wait',
  'mapfile',
  'readarray',
  'shift',
  'return',
  'exit',
]);
const EVALUATED_TEXT = /\$\(|`|\$\[/;
/**
 * Builtins that take variable names (and evaluate their subscripts) in every argument: a word
 * bash expands may bring `a[$(cmd)]` in from a value. `printf`, `test` and `[` only do so with
 * `-v`.
 */
const NAME_TAKING_BUILTINS: ReadonlySet<string> = new Set([
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'read',
  'let',
  'unset',
  'mapfile',
  'readarray',
]);

const cache = new Map<string, ShellCommandAnalysis>();
const CACHE_SIZE = 32;

export function classifyShellCommand(command: string): ShellCommandAnalysis {
  const cached = cache.get(command);
  if (cached !== undefined) return cached;
  let analysis: ShellCommandAnalysis;
  try {
    analysis = analyse(command);
  } catch (error) {
    // A tree too deep to walk: in doubt.
    const reason =
      error instanceof RangeError
        ? 'nested too deeply to analyse'
        : `cannot be analysed (${String(error)})`;
    analysis = { subcommands: [command.trim()], readOnly: false, reason, uncertain: reason };
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(command, analysis);
  return analysis;
}

function analyse(command: string): ShellCommandAnalysis {
  const collector = new RuleValues();
  const parsed = parseBash(command);
  collectParsed(command, parsed, collector, 0);
  const subcommands = collector.values.length === 0 ? [command.trim()] : collector.values;
  const doubts = {
    ...(collector.uncertain === undefined ? {} : { uncertain: collector.uncertain }),
    ...(collector.redirects === undefined ? {} : { redirects: collector.redirects }),
  };
  if (!parsed.success) return { subcommands, readOnly: false, reason: parsed.error, ...doubts };
  const statements = parsed.parse.children(parsed.parse.file, 'Stmts');
  if (statements.length === 0)
    return { subcommands, readOnly: false, reason: 'no command', ...doubts };
  // In doubt is never read-only, whatever the statements look like.
  const reason = statementsProblem(statements, parsed.parse) ?? collector.uncertain;
  return reason === undefined
    ? { subcommands, readOnly: true, ...doubts }
    : { subcommands, readOnly: false, reason, ...doubts };
}

class RuleValues {
  readonly values: string[] = [];
  uncertain: string | undefined;
  redirects: string | undefined;
  add(value: string): void {
    const trimmed = value.trim();
    if (trimmed !== '' && !this.values.includes(trimmed)) this.values.push(trimmed);
  }
  doubt(reason: string): void {
    this.uncertain ??= reason;
  }
  redirect(reason: string): void {
    this.redirects ??= reason;
  }
}

/** A word as bash would see it, when no expansion changes it. */
interface WordView {
  /** The word's text as written. */
  readonly source: string;
  /** The value after quote removal (expansions kept as written). */
  readonly value: string;
  /** No expansion of any kind: the value is exactly what the program receives. */
  readonly literal: boolean;
  /** Why bash would change the word (the first reason); absent when literal. */
  readonly expansion?: string;
  /** Only unquoted glob characters after a literal prefix that is not `-`. */
  readonly safeGlob: boolean;
}

function collectScript(script: string, collector: RuleValues, depth: number): void {
  if (depth > MAX_UNWRAP_DEPTH) {
    collector.add(script);
    collector.doubt('wrappers nested too deeply to analyse');
    return;
  }
  collectParsed(script, parseBash(script), collector, depth);
}

function collectParsed(
  script: string,
  parsed: ReturnType<typeof parseBash>,
  collector: RuleValues,
  depth: number,
): void {
  if (!parsed.success) {
    collector.add(script);
    collector.doubt(parsed.error);
    return;
  }
  const { parse } = parsed;
  parse.walk(parse.file, (node) => {
    const type = parse.kind(node);
    const executable = executableExpansion(node, parse);
    if (executable !== undefined) collector.doubt(executable);
    if (type === 'CallExpr') collectCall(node, parse, collector, depth);
    else if (type === 'Stmt') {
      for (const redirect of parse.children(node, 'Redirs')) {
        const problem = redirectWriteProblem(redirect, parse);
        if (problem !== undefined)
          collector.redirect(`${JSON.stringify(parse.text(node))}: ${problem}`);
      }
    } else if (['DeclClause', 'LetClause', 'ArithmCmd', 'TestClause'].includes(type)) {
      const text = parse.text(node);
      collector.add(text);
      if (EVALUATED_TEXT.test(text))
        collector.doubt(`${JSON.stringify(text)} evaluates quoted text`);
      if (type === 'DeclClause' && declarationTakesExpandedName(node, parse))
        collector.doubt(`${JSON.stringify(text)} takes a name (and its subscript) from a value`);
    }
  });
}

function collectCall(call: BashNode, parse: BashParse, collector: RuleValues, depth: number) {
  const words = parse.children(call, 'Args').map((word) => viewWord(word, parse));
  collector.add(parse.text(call));
  collectWords(words, collector, depth);
}

function collectWords(words: readonly WordView[], collector: RuleValues, depth: number): void {
  const [written, ...args] = words;
  if (written === undefined) return;
  // A program named by its path is the program: `/bin/rm x` meets `Bash(rm:*)` as `rm x` does,
  // and `/usr/bin/env rm x` is unwrapped as `env rm x` is.
  const name = programOf(written);
  const literal = words.every((word) => word.literal);
  if (literal) collector.add(words.map((word) => word.value).join(' '));
  if (!name.literal) {
    collector.doubt(`the command name ${name.source} is expanded by bash`);
    return;
  }
  if (literal && name !== written)
    collector.add([name.value, ...args.map((word) => word.value)].join(' '));
  collectPastGlobalOptions(name, args, collector);
  if (EVALUATING_BUILTINS.has(name.value) && args.some((word) => EVALUATED_TEXT.test(word.value)))
    collector.doubt(`${name.value} evaluates quoted text`);
  if (
    (NAME_TAKING_BUILTINS.has(name.value) ||
      (['printf', 'test', '['].includes(name.value) &&
        args.some((word) => word.value.startsWith('-v')))) &&
    args.some((word) => !word.literal)
  )
    collector.doubt(`${name.value} takes a name (and its subscript) from a value`);
  if (depth >= MAX_UNWRAP_DEPTH) {
    collector.doubt('wrappers nested too deeply to analyse');
    return;
  }
  let rest = args;
  // `find` may have several `-exec`s: follow each.
  for (;;) {
    const unwrapped = unwrapCommand(
      name.value,
      rest.map((word) => word.value),
    );
    if (unwrapped === undefined) return;
    switch (unwrapped.kind) {
      case 'unknown':
        collector.doubt(unwrapped.reason);
        return;
      case 'stdin':
        collector.doubt(`${name.value} reads a script from standard input`);
        return;
      case 'script': {
        const parts =
          unwrapped.joinRest === true ? rest.slice(unwrapped.index) : [rest[unwrapped.index]];
        if (parts.some((word) => word === undefined || !word.literal)) {
          collector.doubt(`${name.value} runs a script that bash expands first`);
          return;
        }
        collectScript(
          parts.map((word) => (word as WordView).value).join(' '),
          collector,
          depth + 1,
        );
        return;
      }
      case 'command': {
        const inner = rest.slice(unwrapped.start, unwrapped.end);
        collectWords(inner, collector, depth + 1);
        if (name.value !== 'find' || unwrapped.end === undefined) return;
        rest = rest.slice(unwrapped.end + 1);
      }
    }
  }
}

/**
 * `git -C . push --force` is also `git push --force` to the rules: the program's global options
 * (see {@link findSubcommand}) are left out. An option the table does not know, one that runs a
 * program, or a sub-command bash expands makes the command in doubt.
 */
function collectPastGlobalOptions(
  name: WordView,
  args: readonly WordView[],
  collector: RuleValues,
): void {
  const start = findSubcommand(
    name.value,
    args.map((word) => word.value),
  );
  if (start === undefined || start.kind === 'none') return;
  if (start.kind === 'doubt') {
    collector.doubt(start.reason);
    return;
  }
  if (start.doubt !== undefined) collector.doubt(start.doubt);
  // An expanded word before the sub-command may split into options (`-C $dir`): in doubt.
  const expanded = args.slice(0, start.index + 1).find((word) => !word.literal);
  if (expanded !== undefined) {
    collector.doubt(
      `the sub-command of ${name.value} is not certain: ${expanded.source} is expanded by bash`,
    );
    return;
  }
  if (start.index === 0) return;
  const rest = args.slice(start.index);
  collector.add([name.value, ...rest.map((word) => word.source)].join(' '));
  if (rest.every((word) => word.literal))
    collector.add([name.value, ...rest.map((word) => word.value)].join(' '));
}

/** `declare "$x"`, `export -n "$x"`, `local -i x=$y`: a name or arithmetic from a value. */
function declarationTakesExpandedName(node: BashNode, parse: BashParse): boolean {
  let integer = false;
  let expanded = false;
  for (const assign of parse.children(node, 'Args')) {
    const value = parse.child(assign, 'Value');
    const text = value === undefined ? '' : parse.text(value);
    const literal = value === undefined || viewWord(value, parse).literal;
    if (parse.value(assign, 'Naked') === true) {
      if (/^-[A-Za-z]*[in]/.test(text)) integer = true;
      if (!literal) return true;
    } else if (!literal) expanded = true;
  }
  return integer && expanded;
}

/** A literal command word naming a path (`/bin/rm`, `./rm`) as the program's own name (`rm`). */
function programOf(word: WordView): WordView {
  if (!word.literal || !word.value.includes('/')) return word;
  const program = word.value.slice(word.value.lastIndexOf('/') + 1);
  return program === '' ? word : { ...word, value: program };
}

function viewWord(word: BashNode, parse: BashParse): WordView {
  let value = '';
  let expansion: string | undefined;
  let globs = false;
  let firstLiteral: string | undefined;
  const expand = (reason: string) => {
    expansion ??= reason;
  };
  const parts = parse.children(word, 'Parts');
  parts.forEach((part, index) => {
    const type = parse.kind(part);
    const text = parse.text(part);
    const partValue = String(parse.value(part, 'Value') ?? '');
    const dollar = parse.value(part, 'Dollar') === true;
    switch (type) {
      case 'Lit': {
        const scanned = scanUnquoted(partValue, index === 0 && parts.length === 1);
        if (index === 0) firstLiteral = scanned.value.slice(0, 1);
        if (scanned.brace) expand('brace expansion');
        if (scanned.glob) globs = true;
        value += scanned.value;
        return;
      }
      case 'SglQuoted': {
        if (dollar) expand("$'…' quoting");
        // `$'\x24(cmd)'` is `$(cmd)` to whatever evaluates the value: decode it.
        const decoded = dollar ? decodeAnsiCString(partValue) : partValue;
        if (index === 0) firstLiteral = decoded.slice(0, 1);
        value += decoded;
        return;
      }
      case 'DblQuoted': {
        if (dollar) expand('$"…" translation');
        let inner = '';
        for (const child of parse.children(part, 'Parts')) {
          if (parse.kind(child) === 'Lit')
            inner += unescapeDoubleQuoted(String(parse.value(child, 'Value') ?? ''));
          else {
            expand(`${parse.text(child)} is expanded`);
            inner += parse.text(child);
          }
        }
        if (index === 0) firstLiteral = inner.slice(0, 1);
        value += inner;
        return;
      }
      default:
        expand(`${text} is expanded`);
        value += text;
    }
  });
  const safeGlob =
    globs &&
    expansion === undefined &&
    firstLiteral !== undefined &&
    firstLiteral !== '' &&
    !'-*?[~'.includes(firstLiteral);
  if (globs && !safeGlob) expand('a glob that may expand into option names');
  return {
    source: parse.text(word),
    value,
    literal: expansion === undefined && !globs,
    ...(expansion === undefined ? {} : { expansion }),
    safeGlob,
  };
}

/** An unquoted literal: backslashes removed; whether it holds unquoted glob or brace characters. */
function scanUnquoted(
  raw: string,
  wholeWord: boolean,
): { value: string; glob: boolean; brace: boolean } {
  let value = '';
  let glob = false;
  let brace = false;
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw[index] as string;
    if (char === '\\') {
      const next = raw[index + 1];
      index += 1;
      if (next !== undefined && next !== '\n') value += next;
      continue;
    }
    if (char === '*' || char === '?' || char === '[') glob = true;
    if (char === '{' && !(wholeWord && raw === '{}')) brace = true;
    value += char;
  }
  return { value, glob, brace };
}

function unescapeDoubleQuoted(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_match, char: string) => (char === '\n' ? '' : char));
}

/** `undefined` when every statement is read-only; else why not. */
function statementsProblem(stmts: readonly BashNode[], parse: BashParse): string | undefined {
  for (const stmt of stmts) {
    const problem = statementProblem(stmt, parse);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function statementProblem(stmt: BashNode, parse: BashParse): string | undefined {
  if (parse.value(stmt, 'Coprocess') === true) return 'runs a coprocess';
  for (const redirect of parse.children(stmt, 'Redirs')) {
    const problem = redirectProblem(redirect, parse);
    if (problem !== undefined) return `${JSON.stringify(parse.text(stmt))}: ${problem}`;
  }
  const command = parse.child(stmt, 'Cmd');
  if (command === undefined) return 'no command';
  const type = parse.kind(command);
  switch (type) {
    case 'CallExpr': {
      const problem = callProblem(command, parse);
      return problem === undefined
        ? undefined
        : `${JSON.stringify(parse.text(command))}: ${problem}`;
    }
    case 'BinaryCmd':
      if (!BINARY_COMMAND_OPERATORS.has(Number(parse.value(command, 'Op'))))
        return 'unsupported operator';
      return statementsProblem(
        [parse.child(command, 'X'), parse.child(command, 'Y')].filter(
          (side): side is BashNode => side !== undefined,
        ),
        parse,
      );
    case 'Subshell':
    case 'Block':
      return statementsProblem(parse.children(command, 'Stmts'), parse);
    default:
      return `${JSON.stringify(parse.text(command))}: ${type} is not analysed as read-only`;
  }
}

/** What a redirection does that no rule names: {@link redirectProblem} less here-documents. */
function redirectWriteProblem(redirect: BashNode, parse: BashParse): string | undefined {
  const op = parse.value(redirect, 'Op');
  if (op === REDIRECT.hereDocument || op === REDIRECT.hereDocumentTabs) return undefined;
  return redirectProblem(redirect, parse);
}

function redirectProblem(redirect: BashNode, parse: BashParse): string | undefined {
  const descriptor = parse.child(redirect, 'N');
  const descriptorText = descriptor === undefined ? '' : String(parse.value(descriptor, 'Value'));
  if (descriptor !== undefined && !/^[0-9]+$/.test(descriptorText))
    return `redirection ${descriptorText} assigns a variable`;
  const targetWord = parse.child(redirect, 'Word');
  const target = targetWord === undefined ? undefined : viewWord(targetWord, parse);
  if (target === undefined) return 'redirection without a target';
  if (!target.literal) return `redirection target ${target.source}: ${target.expansion}`;
  switch (parse.value(redirect, 'Op')) {
    case REDIRECT.in:
      return target.value.startsWith('/dev/') && target.value !== '/dev/null'
        ? `reads from the device ${target.value}`
        : undefined;
    case REDIRECT.hereString:
      return undefined;
    case REDIRECT.hereDocument:
    case REDIRECT.hereDocumentTabs: {
      const body = parse.child(redirect, 'Hdoc');
      if (body === undefined) return undefined;
      const expanded = parse.children(body, 'Parts').find((part) => parse.kind(part) !== 'Lit');
      return expanded === undefined ? undefined : `here-document expands ${parse.text(expanded)}`;
    }
    case REDIRECT.duplicateIn:
    case REDIRECT.duplicateOut:
      return /^[0-9]+-?$/.test(target.value) || target.value === '-' || target.value === '/dev/null'
        ? undefined
        : `writes to ${target.value}`;
    case REDIRECT.out:
    case REDIRECT.append:
    case REDIRECT.clobber:
    case REDIRECT.allOut:
    case REDIRECT.allAppend:
      return target.value === '/dev/null' ? undefined : `writes to ${target.value}`;
    default:
      return `opens ${target.value} for reading and writing`;
  }
}

function callProblem(call: BashNode, parse: BashParse): string | undefined {
  if (parse.children(call, 'Assigns').length > 0) return 'sets a variable';
  const words = parse.children(call, 'Args').map((word) => viewWord(word, parse));
  const [name, ...args] = words;
  if (name === undefined) return 'no command';
  if (!name.literal) return `the command name ${name.source}: ${name.expansion}`;
  const rule = Object.hasOwn(READ_ONLY_COMMANDS, name.value)
    ? READ_ONLY_COMMANDS[name.value]
    : undefined;
  if (rule === undefined) return `${name.value} is not a known read-only command`;
  for (const arg of args) {
    if (arg.literal) continue;
    if (arg.safeGlob && !countsOperands(rule)) continue;
    return `${arg.source}: ${arg.expansion ?? 'a glob where the number of operands matters'}`;
  }
  return argumentsProblem(
    name.value,
    args.map((arg) => arg.value),
    rule,
  );
}

function countsOperands(rule: ReadOnlyCommandRule): boolean {
  return (
    rule.maxOperands !== undefined ||
    rule.operandsOnlyWith !== undefined ||
    rule.noArguments === true ||
    rule.subcommands !== undefined
  );
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
    // Checked wherever it stands: not every program stops at `--` (`find -- . -delete`).
    if (isOption(argument) && isForbiddenOption(argument, rule))
      return `${command} ${argument} is not read-only`;
    if (!endOfOptions && argument === '--') {
      endOfOptions = true;
      continue;
    }
    if (!endOfOptions && isOption(argument)) {
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
