/**
 * docs/security.md holds what it says: each rule example is decided as its table row says (the
 * real Bash hooks and `evaluatePermission`), the global-options table is the module's table, and
 * each refused rule is refused with the text the page quotes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { tool } from '../../generated/tools/bash.js';
import { evaluatePermission } from '../../runtime/call-path/permission/evaluate-permission.js';
import {
  parsePermissionRule,
  safeParsePermissionRule,
  type ParsedRule,
} from '../../runtime/core/rules/parse-permission-rule.js';
import { GLOBAL_OPTIONS } from '../../runtime/tools/bash-classifier/global-options.js';

await tool.loadImplementation?.();

const doc = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');

/** The body rows of the table between `<!-- name:start -->` and `<!-- name:end -->`, as cells. */
function tableRows(name: string): string[][] {
  const start = doc.indexOf(`<!-- ${name}:start -->`);
  const end = doc.indexOf(`<!-- ${name}:end -->`);
  if (start === -1 || end === -1) throw new Error(`docs/security.md has no ${name} table`);
  return doc
    .slice(start, end)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim().replace(/\s+/g, ' ')),
    );
}

const code = (cell: string) => {
  const match = /^`(.*)`$/.exec(cell);
  if (match === null) throw new Error(`expected a code span, found ${cell}`);
  return match[1] as string;
};

describe('docs/security.md: rule examples', () => {
  const rows = tableRows('rule-examples');
  test('the table has examples', () => {
    expect(rows.length).toBeGreaterThan(20);
  });
  test.each(rows.map((row) => [row[0], row[1], row[2]] as [string, string, string]))(
    '%s: %s → %s',
    (rules, command, decision) => {
      const lists: Record<'allow' | 'deny' | 'ask', ParsedRule[]> = {
        allow: [],
        deny: [],
        ask: [],
      };
      for (const part of rules.split('; ')) {
        const space = part.indexOf(' ');
        const kind = part.slice(0, space) as 'allow' | 'deny' | 'ask';
        lists[kind].push(parsePermissionRule(code(part.slice(space + 1))));
      }
      const result = evaluatePermission(
        tool,
        { command: code(command), run_in_background: false },
        { mode: 'default', ...lists },
      );
      expect(result.decision).toBe(decision);
    },
  );
});

describe('docs/security.md: global options', () => {
  const spans = (options: readonly string[]) =>
    options.length === 0 ? '—' : options.map((option) => `\`${option}\``).join(' ');
  const expected = Object.entries(GLOBAL_OPTIONS).map(([program, table]) => [
    program,
    spans(table.flags) + (table.plusWord === true ? ' (and a first word `+toolchain`)' : ''),
    spans(table.valued),
    [
      ...(table.runsPrograms ?? []).map((option) => `\`${option}\``),
      ...(table.safeConfigValue?.options ?? []).map(
        (option) => `\`${option}\` (unless the key is known inert)`,
      ),
    ].join(' ') || '—',
  ]);
  test('the page shows the module table, program by program', () => {
    expect(tableRows('global-options')).toEqual(expected);
  });
});

describe('docs/security.md: rules that cannot match', () => {
  test.each(tableRows('unmatchable-rules').map((row) => [row[0], row[1]] as [string, string]))(
    '%s is refused with "%s"',
    (rule, fix) => {
      const result = safeParsePermissionRule(code(rule));
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.message.endsWith(fix)).toBe(true);
    },
  );
});
