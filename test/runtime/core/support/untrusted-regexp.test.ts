/**
 * Regular expressions from a model (Grep), an MCP server (`pattern` in its input schema) or a
 * manifest never hold the process past a deadline: catastrophic patterns against inputs that make
 * a backtracking engine run for minutes.
 */
import { writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { tool as grep } from '../../../../generated/tools/grep.js';
import { JsonSchemaAdmission } from '../../../../runtime/call-path/call/json-schema-admission.js';
import { normalizeMcpInputSchema } from '../../../../runtime/integrations/mcp/normalize-mcp-input-schema.js';
import { compileLinearRegExp } from '../../../../runtime/core/support/linear-regexp.js';
import { runWithDeadline } from '../../../../runtime/core/support/run-with-deadline.js';
import { createWorkspaceContext, type WorkspaceContext } from '../../tools/workspace-context.js';

/** Pattern and an input on which a backtracking engine takes (far) longer than a minute. */
const CATASTROPHIC: readonly [string, string][] = [
  ['(a+)+$', `${'a'.repeat(40)}b`],
  ['(a|aa)+$', `${'a'.repeat(60)}b`],
  ['(a|a?)+$', `${'a'.repeat(40)}b`],
  ['^(\\w+\\s?)*$', `${'word '.repeat(12)}!`.replaceAll(' ', '')],
  ['(x+x+)+y', 'x'.repeat(40)],
  ['^(\\d+)*$', `${'1'.repeat(40)}x`],
  ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'a'.repeat(40)}!`],
];

describe('runWithDeadline', () => {
  test.each(CATASTROPHIC)('stops %s on a hostile input', (pattern, text) => {
    expect(runWithDeadline(() => new RegExp(pattern, 'u').test(text), 50)).toEqual({
      ok: false,
      timedOutAfterMs: 50,
    });
  });

  test.each([
    ['a value', () => 42, { ok: true, value: 42 }],
    ['a fast match', () => /b/.test('abc'), { ok: true, value: true }],
    [
      'a nested run',
      () => runWithDeadline(() => 'inner', 1000),
      { ok: true, value: { ok: true, value: 'inner' } },
    ],
  ])('returns %s', (_label, work, expected) => {
    expect(runWithDeadline(work as () => unknown, 1000)).toEqual(expected);
  });

  test('errors thrown by the work propagate unchanged', () => {
    const error = new TypeError('boom');
    expect(() =>
      runWithDeadline(() => {
        throw error;
      }, 1000),
    ).toThrow(error);
  });
});

describe('compileLinearRegExp (RE2)', () => {
  test.each(CATASTROPHIC)('matches %s in linear time', (pattern, text) => {
    expect(typeof compileLinearRegExp(pattern, 'u').test(text.repeat(1000))).toBe('boolean');
  });

  test.each([
    ['^[a-z]+$', '', 'abc', true],
    ['^[a-z]+$', '', 'ABC', false],
    ['^[a-z]+$', 'i', 'ABC', true],
    ['^b$', 'm', 'a\nb', true],
    ['a.b', 's', 'a\nb', true],
    ['\\p{L}+', 'u', 'é', true],
  ])('/%s/%s on %j → %s', (pattern, flags, text, expected) => {
    expect(compileLinearRegExp(pattern, flags).test(text)).toBe(expected);
  });

  test.each([['(?=a)b'], ['(a)\\1'], ['(?<!x)y'], ['([']])('%s does not compile', (pattern) => {
    expect(() => compileLinearRegExp(pattern, 'u')).toThrow(SyntaxError);
  });

  test('patterns keep distinct keys (ajv caches compiled patterns by toString)', () => {
    expect(String(compileLinearRegExp('a', 'u'))).not.toBe(String(compileLinearRegExp('b', 'u')));
  });
});

describe('MCP schema patterns', () => {
  test.each(CATASTROPHIC)('ajv checks pattern %s in linear time at call time', (pattern, text) => {
    const schema = normalizeMcpInputSchema({
      type: 'object',
      properties: { q: { type: 'string', pattern } },
    }).schema;
    const result = new JsonSchemaAdmission().admit(schema, { q: text.repeat(100) });
    expect(typeof result.ok).toBe('boolean');
  });

  test('two patterns of one schema are checked each against its own value', () => {
    const schema = normalizeMcpInputSchema({
      type: 'object',
      properties: {
        a: { type: 'string', pattern: '^a+$' },
        b: { type: 'string', pattern: '^b+$' },
      },
    }).schema;
    const admission = new JsonSchemaAdmission();
    expect(admission.admit(schema, { a: 'aa', b: 'bb' })).toEqual({ ok: true });
    expect(admission.admit(schema, { a: 'bb', b: 'aa' }).ok).toBe(false);
  });

  test.each([['(?=x)y'], ['(a)\\1']])(
    'a pattern RE2 cannot run (%s) is dropped at registration with a warning',
    (pattern) => {
      const normalized = normalizeMcpInputSchema({
        type: 'object',
        properties: { q: { type: 'string', pattern } },
      });
      expect(normalized.schema).toMatchObject({ properties: { q: { type: 'string' } } });
      expect(JSON.stringify(normalized.schema)).not.toContain('"pattern"');
      expect(normalized.warnings).toEqual([
        `pattern ${JSON.stringify(pattern)} is not a valid RE2 regular expression (no look-around or back-references); dropped`,
      ]);
    },
  );
});

describe('Grep with a catastrophic pattern', () => {
  let workspace: WorkspaceContext | undefined;
  afterEach(async () => {
    await workspace?.dispose();
    workspace = undefined;
  });

  const input = (pattern: string) =>
    ({
      pattern,
      output_mode: 'files_with_matches',
      multiline: false,
      '-i': false,
      '-n': true,
    }) as const;

  test.each(CATASTROPHIC)(
    '%s runs on the linear-time engine: over its hostile input it answers',
    async (pattern, text) => {
      workspace = await createWorkspaceContext();
      await writeFile(workspace.at('hostile.txt'), `${text}\n`);
      // The call's own timeout (60 s) is the only limit: the backtracking engine would need it.
      // `(a|a?)+$` matches: its group can repeat the empty `a?` right before the end.
      expect(await workspace.call(grep, input(pattern))).toMatchObject({
        ok: true,
        output: { numFiles: pattern === '(a|a?)+$' ? 1 : 0 },
      });
    },
  );

  test.each(CATASTROPHIC)(
    'with a look-ahead, (?=.)%s runs in a worker and ends with a timeout failure',
    async (pattern, text) => {
      workspace = await createWorkspaceContext();
      await writeFile(workspace.at('hostile.txt'), `${text}\n`);
      const result = await workspace.call(grep, input(`(?=.)${pattern}`));
      expect(result).toMatchObject({ ok: false, code: 'timeout' });
      expect(!result.ok && result.message).toContain(
        'needs the backtracking engine (back-references or look-around) and ran past its budget (1000 ms a file',
      );
    },
  );

  test.each([
    ['a back-reference', '(\\w)\\1', false, ['hello world']],
    ['a look-behind', '(?<=\\$)\\d+', false, ['cost: $42']],
    ['a negative look-ahead', '^(?!#).*TODO', false, ['do it TODO']],
    ['a back-reference across lines', '^(\\w+)\\n\\1$', true, ['twice', 'twice']],
  ])('%s still matches, on the backtracking engine', async (_label, pattern, multiline, lines) => {
    workspace = await createWorkspaceContext();
    await writeFile(
      workspace.at('text.txt'),
      '# TODO header\nhello world\ncost: $42\ndo it TODO\nonce\ntwice\ntwice\n',
    );
    const result = await workspace.call(grep, {
      pattern,
      multiline,
      output_mode: 'content',
      '-n': false,
    });
    expect(result.ok && result.output.content).toBe(
      lines.map((line) => `${workspace!.at('text.txt')}:${line}`).join('\n'),
    );
  });

  test('an ordinary pattern over the same file still matches', async () => {
    workspace = await createWorkspaceContext();
    await writeFile(workspace.at('big.txt'), `${'a'.repeat(40)}b\n`.repeat(20_000));
    const result = await workspace.call(grep, { pattern: 'a+b$', output_mode: 'count' });
    expect(result).toMatchObject({ ok: true });
  });
});
