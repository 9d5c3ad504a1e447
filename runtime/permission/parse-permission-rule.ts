/**
 * Permission rules as users write them: `Tool` or `Tool(pattern)`.
 *
 * - `Bash` — the whole tool;
 * - `Bash(rm:*)` — prefix form: a value equal to `rm` or starting with `rm` and whitespace;
 * - `Bash(npm test)` — exact value;
 * - `Read(/src/**)` — glob (a pattern with `*`, `?`, `[` or `{`), matched with picomatch.
 *
 * Which input values a pattern is compared with is the tool's contract
 * (`permission.patternSources`), see `evaluate-permission.ts`.
 */
import picomatch from 'picomatch';

/** How a rule's pattern matches a value. */
export type PermissionRuleMatch =
  | { readonly kind: 'tool' }
  | { readonly kind: 'prefix'; readonly prefix: string }
  | { readonly kind: 'exact'; readonly value: string }
  | { readonly kind: 'glob'; readonly pattern: string };

/** A parsed rule. `text` is the rule as written (trimmed). */
export interface ParsedRule {
  readonly text: string;
  /** Tool name or alias the rule is about. */
  readonly toolName: string;
  readonly match: PermissionRuleMatch;
}

/** Why a rule text is not a rule. */
export interface PermissionRuleProblem {
  readonly code: 'empty' | 'invalidToolName' | 'unclosedPattern' | 'emptyPattern';
  readonly text: string;
  readonly message: string;
}

export type SafeParsePermissionRuleResult =
  | { readonly success: true; readonly rule: ParsedRule }
  | { readonly success: false; readonly error: PermissionRuleProblem };

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const GLOB_CHARACTERS = /[*?[{]/;

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
  if (!TOOL_NAME.test(toolName)) {
    return fail(
      'invalidToolName',
      `expected a tool name matching ^[A-Za-z0-9_-]{1,64}$, found "${toolName}"`,
    );
  }
  if (open === -1) return { success: true, rule: { text, toolName, match: { kind: 'tool' } } };
  if (!text.endsWith(')')) return fail('unclosedPattern', 'expected the pattern to end with ")"');
  const pattern = text.slice(open + 1, -1);
  if (pattern.trim() === '')
    return fail('emptyPattern', 'expected a pattern inside the parentheses');
  return { success: true, rule: { text, toolName, match: classifyPattern(pattern) } };
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

/** Whether `value` satisfies the pattern part of `match` (`tool` rules match every value). */
export function matchesRulePattern(match: PermissionRuleMatch, value: string): boolean {
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
      let matcher = globMatchers.get(match.pattern);
      if (matcher === undefined) {
        matcher = picomatch(match.pattern, { dot: true });
        globMatchers.set(match.pattern, matcher);
      }
      return matcher(value);
    }
  }
}
