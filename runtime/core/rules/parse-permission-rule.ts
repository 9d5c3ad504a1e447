/**
 * Permission rules as users write them: `Subject` or `Subject(pattern)`.
 *
 * The subject says which tools a rule is about:
 * - a tool name or alias (`Bash`, `KillShell`, `mcp__github__create_issue`);
 * - a permission name (`file.write`): every tool whose contract names that permission — Write and
 *   Edit share `file.write`, so one rule covers both. Tool names never contain a dot, so a dotted
 *   subject is always a permission name; an undotted one (`bash`) is compared with both;
 * - `capability:<glob>`: every tool whose `capability` matches the glob. Capabilities are dotted
 *   paths (`file.read`, `file.search.names`, `workflow.runs.get`); the glob is matched segment by
 *   segment, with `.` as the separator: `capability:file.*` matches `file.read` and `file.write`
 *   but not `file.search.names`, `capability:file.**` matches all three, and
 *   `capability:{file,shell}.**` adds `shell.exec`.
 *
 * The pattern says which calls of those tools:
 * - none — every call;
 * - `Bash(rm:*)` — prefix form: a value equal to `rm` or starting with `rm` and whitespace;
 * - `Bash(npm test)` — exact value;
 * - `Read(/src/**)` — glob (a pattern with `*`, `?`, `[` or `{`), matched with picomatch.
 *   For a tool whose values are text (Bash: its policy's `patternSyntax` is `text`) `*` is the
 *   only wildcard and matches any text, `/` included (`Bash(git push *)` denies `git push
 *   origin feature/login`); a pattern ending in ` *` also matches the text before it (`git
 *   push`).
 *
 * A `Bash(…)` pattern is matched against one simple command at a time, without its
 * redirections: a pattern that names a compound command (`Bash(a && b)`) or a redirection
 * (`Bash(ls > out)`) could never match, and is refused with the rules that would.
 *
 * Which input values a pattern is compared with is the tool's contract
 * (`permission.patternSources`), see `evaluate-permission.ts`.
 */
import { picomatchOnDemand } from '../support/picomatch-on-demand.js';

/** How a rule's pattern matches a value. */
export type PermissionRuleMatch =
  | { readonly kind: 'tool' }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'exact'; readonly value: string }
  | { readonly kind: 'glob'; readonly pattern: string };

/** A parsed rule. `text` is the rule as written (trimmed). */
export interface ParsedRule {
  readonly text: string;
  /**
   * The subject as written: a tool name, an alias or a permission name; for a capability rule
   * the whole `capability:<glob>` text (which names no tool, so the registration gate's bare-name
   * check never unregisters anything by it).
   */
  readonly toolName: string;
  /** For a `capability:<glob>` rule: the glob, matched against the tool's `capability`. */
  readonly capabilityPattern?: string;
  readonly match: PermissionRuleMatch;
}

/** What a rule's subject is compared with: a tool's names, its permission and its capability. */
export interface RuleSubjectTool {
  /** The tool's name and aliases. */
  readonly names: readonly string[];
  /** `permission.permission` of its contract. */
  readonly permission: string;
  readonly capability: string;
}

/** Why a rule text is not a rule. */
export interface PermissionRuleProblem {
  readonly code:
    | 'empty'
    | 'invalidToolName'
    | 'invalidCapabilityPattern'
    | 'unclosedPattern'
    | 'emptyPattern'
    | 'unmatchablePattern';
  readonly text: string;
  readonly message: string;
}

export type SafeParsePermissionRuleResult =
  | { readonly success: true; readonly rule: ParsedRule }
  | { readonly success: false; readonly error: PermissionRuleProblem };

/** A tool name, alias or (with dots) permission name. */
const SUBJECT_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const CAPABILITY_PREFIX = 'capability:';
/** Capability globs: name characters, glob syntax, and nothing that could be a path or a pattern. */
const CAPABILITY_GLOB = /^[A-Za-z0-9_.*?!{},[\]-]+$/;
const GLOB_CHARACTERS = /[*?[{]/;
/** Subjects whose patterns are shell commands: the Bash tool and its permission name. */
const SHELL_SUBJECTS: ReadonlySet<string> = new Set(['Bash', 'bash']);

/** How `*` in a pattern matches: `path` (picomatch) or `text` (any text, `/` included). */
export type PatternSyntax = 'text' | 'path';

/**
 * Why a `Bash(…)` pattern can never match, with the rules that would; `undefined` when it can.
 * Rules meet one simple command at a time, without redirections and surrounding white space:
 * an unquoted `&&`, `||`, `;`, `|`, `&` or line break joins commands; an unquoted `<` or `>` is a
 * redirection.
 */
export function unmatchableCommandPattern(pattern: string): string | undefined {
  if (pattern.trim() !== pattern && !pattern.trimEnd().endsWith(':*'))
    return `a Bash pattern is matched against commands without surrounding white space, so this pattern can never match; write Bash(${pattern.trim()})`;
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  let joined: string | undefined;
  let redirected = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index] as string;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"') {
        current += char + (pattern[index + 1] ?? '');
        index += 1;
        continue;
      }
      current += char;
      continue;
    }
    if (char === '\\') {
      current += char + (pattern[index + 1] ?? '');
      index += 1;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    if (char === '>' || (char === '<' && pattern[index + 1] !== '(')) redirected = true;
    const two = pattern.slice(index, index + 2);
    const operator = ['&&', '||'].includes(two)
      ? two
      : [';', '|', '\n'].includes(char) ||
          (char === '&' && pattern[index - 1] !== '>' && pattern[index + 1] !== '>')
        ? char
        : undefined;
    if (operator !== undefined) {
      joined ??= operator === '\n' ? 'a line break' : operator;
      parts.push(current);
      current = '';
      index += operator.length - 1;
      continue;
    }
    current += char;
  }
  parts.push(current);
  const commands = parts.map((part) => part.trim()).filter((part) => part !== '');
  if (joined !== undefined) {
    const rules = commands.map((command) => `Bash(${withoutRedirections(command)})`);
    return `a Bash pattern is matched against one simple command at a time, so a compound command joined by ${joined} can never match; write one rule per command: ${rules.join(', ')}`;
  }
  if (redirected) {
    const bare = withoutRedirections(pattern.trim());
    return `a Bash pattern is matched against the command without its redirections (a redirection that writes a file always asks), so this pattern can never match; write Bash(${bare === '' ? '…' : bare})`;
  }
  return undefined;
}

function withoutRedirections(command: string): string {
  return command.replace(/\s*[0-9]*(?:&>>|&>|>>|>\||>&|<&|<<<|<<-?|<>|>|<)\s*[^\s]*/g, '').trim();
}

/** Parse one rule; problems are returned, never thrown. */
export function safeParsePermissionRule(input: string): SafeParsePermissionRuleResult {
  const text = input.trim();
  const fail = (
    code: PermissionRuleProblem['code'],
    message: string,
  ): SafeParsePermissionRuleResult => ({
    success: false,
    error: { code, text, message: `permission rule "${text}": ${message}` },
  });
  if (text === '') return fail('empty', 'expected a tool name, found nothing');
  const open = text.indexOf('(');
  const toolName = open === -1 ? text : text.slice(0, open).trim();
  let subject: Pick<ParsedRule, 'toolName' | 'capabilityPattern'>;
  if (toolName.startsWith(CAPABILITY_PREFIX)) {
    const capabilityPattern = toolName.slice(CAPABILITY_PREFIX.length);
    if (!CAPABILITY_GLOB.test(capabilityPattern)) {
      return fail(
        'invalidCapabilityPattern',
        `expected a capability glob such as file.* after "capability:", found "${capabilityPattern}"`,
      );
    }
    subject = { toolName, capabilityPattern };
  } else if (SUBJECT_NAME.test(toolName)) {
    subject = { toolName };
  } else {
    return fail(
      'invalidToolName',
      `expected a tool or permission name matching ^[A-Za-z0-9_.-]{1,64}$, or capability:<glob>, found "${toolName}"`,
    );
  }
  if (open === -1) return { success: true, rule: { text, ...subject, match: { kind: 'tool' } } };
  if (!text.endsWith(')')) return fail('unclosedPattern', 'expected the pattern to end with ")"');
  const pattern = text.slice(open + 1, -1);
  if (pattern.trim() === '')
    return fail('emptyPattern', 'expected a pattern inside the parentheses');
  if (SHELL_SUBJECTS.has(subject.toolName)) {
    const problem = unmatchableCommandPattern(pattern);
    if (problem !== undefined) return fail('unmatchablePattern', problem);
  }
  return { success: true, rule: { text, ...subject, match: classifyPattern(pattern) } };
}

const capabilityMatchers = new Map<string, (value: string) => boolean>();

/**
 * Whether `rule` is about `tool`: its subject is one of the tool's names, the tool's permission
 * name, or a capability glob the tool's capability matches (see the module comment).
 */
export function ruleAppliesToTool(rule: ParsedRule, tool: RuleSubjectTool): boolean {
  if (rule.capabilityPattern === undefined)
    return tool.names.includes(rule.toolName) || rule.toolName === tool.permission;
  let matcher = capabilityMatchers.get(rule.capabilityPattern);
  if (matcher === undefined) {
    // Dots become path separators, so `*` stays within one segment and `**` crosses them.
    const glob = picomatchOnDemand()(rule.capabilityPattern.replaceAll('.', '/'), { dot: true });
    matcher = (capability) => glob(capability.replaceAll('.', '/'));
    capabilityMatchers.set(rule.capabilityPattern, matcher);
  }
  return matcher(tool.capability);
}

/** Error thrown by {@link parsePermissionRule}; carries the problem as data. */
export class PermissionRuleError extends Error {
  constructor(readonly problem: PermissionRuleProblem) {
    super(problem.message);
    this.name = 'PermissionRuleError';
  }
}

/** Parse one rule or throw a {@link PermissionRuleError}. */
export function parsePermissionRule(input: string): ParsedRule {
  const result = safeParsePermissionRule(input);
  if (!result.success) throw new PermissionRuleError(result.error);
  return result.rule;
}

function classifyPattern(pattern: string): PermissionRuleMatch {
  if (pattern.endsWith(':*') && pattern.length > 2)
    return { kind: 'prefix', prefix: pattern.slice(0, -2) };
  if (GLOB_CHARACTERS.test(pattern)) return { kind: 'glob', pattern };
  return { kind: 'exact', value: pattern };
}

const globMatchers = new Map<string, (value: string) => boolean>();

/**
 * Whether `value` satisfies the pattern part of `match` (`tool` rules match every value). With
 * `text` syntax a glob's `*` matches any text (see the module comment).
 */
export function matchesRulePattern(
  match: PermissionRuleMatch,
  value: string,
  syntax: PatternSyntax = 'path',
): boolean {
  switch (match.kind) {
    case 'tool':
      return true;
    case 'exact':
      return value === match.value;
    case 'prefix':
      return (
        value === match.prefix ||
        (value.startsWith(match.prefix) && /^\s/.test(value.slice(match.prefix.length)))
      );
    case 'glob': {
      if (syntax === 'text') return matchesTextPattern(match.pattern, value);
      let matcher = globMatchers.get(match.pattern);
      if (matcher === undefined) {
        matcher = picomatchOnDemand()(match.pattern, { dot: true });
        globMatchers.set(match.pattern, matcher);
      }
      return matcher(value);
    }
  }
}

/**
 * `*` matches any text, newlines and `/` included; a trailing ` *` may also match nothing (with
 * its space). Matched by the two-pointer wildcard algorithm (at most pattern × value steps, no
 * backtracking blow-up on a model's long command).
 */
function matchesTextPattern(pattern: string, value: string): boolean {
  if (pattern.endsWith(' *') && wildcardMatch(pattern.slice(0, -2), value)) return true;
  return wildcardMatch(pattern, value);
}

function wildcardMatch(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] !== '*' && pattern[p] === value[v]) {
      p += 1;
      v += 1;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p;
      resume = v;
      p += 1;
    } else if (star !== -1) {
      p = star + 1;
      resume += 1;
      v = resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p += 1;
  return p === pattern.length;
}
