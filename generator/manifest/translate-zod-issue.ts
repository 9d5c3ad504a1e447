import { z } from 'zod';
import type { ZodIssue } from 'zod';
import { describeExpectedType, describeValue } from './describe-value.js';
import type { FieldPath } from './field-path.js';
import type { ManifestIssueCode } from './manifest-issue.js';
import { suggestName } from './suggest-name.js';
import { zodSchemaAt } from './zod-schema-at.js';

/**
 * A manifest issue before it has a position. `anchor` says what in the YAML the issue points at:
 * the offending value, the offending key (unknown fields), or — for a missing field — the object
 * that lacks it (`path` without its last segment).
 */
export interface UnlocatedIssue {
  readonly code: ManifestIssueCode;
  readonly path: FieldPath;
  readonly anchor: 'value' | 'key' | 'parent';
  readonly expected?: string;
  readonly found?: string;
  readonly message: string;
}

/**
 * Translates one zod v3 issue into manifest issues (one per unknown key; unions resolved to the
 * branch that got furthest). `root` is the schema that was parsed and `data` the value it was
 * given, both needed to word what zod leaves out (known keys, regex sources, found values).
 */
export function translateZodIssue(
  issue: ZodIssue,
  root: z.ZodTypeAny,
  data: unknown,
): UnlocatedIssue[] {
  const path = issue.path;
  const value = valueAt(data, path);
  // A list's size is what a size bound is about; its items are not worth showing.
  const found =
    Array.isArray(value) && (issue.code === 'too_small' || issue.code === 'too_big')
      ? `${value.length} ${value.length === 1 ? 'item' : 'items'}`
      : describeValue(value);
  const make = (code: ManifestIssueCode, expected: string): UnlocatedIssue =>
    value === undefined
      ? {
          code: 'missing_field',
          path,
          anchor: 'parent',
          expected,
          found,
          message: `missing required field (expected ${expected})`,
        }
      : {
          code,
          path,
          anchor: 'value',
          expected,
          found,
          message: `expected ${expected}, found ${found}`,
        };

  switch (issue.code) {
    case 'invalid_type':
      return [make('invalid_type', describeExpectedType(issue.expected))];
    case 'invalid_literal':
      return [make('invalid_value', JSON.stringify(issue.expected))];
    case 'invalid_enum_value':
      return [make('invalid_value', oneOf(issue.options))];
    case 'invalid_union_discriminator':
      return [make('invalid_value', oneOf(issue.options))];
    case 'unrecognized_keys':
      return issue.keys.map((key) => unknownField(root, data, path, key));
    case 'too_small':
      return [
        make(
          'too_small',
          sizeBound(issue.type, 'minimum', Number(issue.minimum), issue.inclusive, issue.exact),
        ),
      ];
    case 'too_big':
      return [
        make(
          'too_big',
          sizeBound(issue.type, 'maximum', Number(issue.maximum), issue.inclusive, issue.exact),
        ),
      ];
    case 'invalid_string':
      return [make('invalid_string', stringExpectation(issue, root, data))];
    case 'invalid_union':
      return unionIssues(issue, root, data, found);
    case 'custom':
      return [customIssue(issue.message, path, value, found)];
    case 'not_multiple_of':
      return [make('invalid_value', `a multiple of ${String(issue.multipleOf)}`)];
    case 'not_finite':
      return [make('invalid_value', 'a finite number')];
    default:
      return [
        {
          code: 'invalid_manifest',
          path,
          anchor: 'value',
          found,
          message: `${issue.message}, found ${found}`,
        },
      ];
  }
}

function unknownField(
  root: z.ZodTypeAny,
  data: unknown,
  objectPath: FieldPath,
  key: string,
): UnlocatedIssue {
  const objectSchema = zodSchemaAt(root, data, objectPath);
  const known =
    objectSchema instanceof z.ZodObject ? Object.keys(objectSchema.shape as object).sort() : [];
  const path = [...objectPath, key];
  const suggestion = suggestName(key, known);
  const message = suggestion
    ? `unknown field, did you mean ${JSON.stringify(suggestion)}?`
    : known.length > 0
      ? `unknown field (known fields: ${known.join(', ')})`
      : 'unknown field';
  return {
    code: 'unknown_field',
    path,
    anchor: 'key',
    expected: known.length > 0 ? oneOf(known) : undefined,
    found: JSON.stringify(key),
    message,
  };
}

function sizeBound(
  type: string,
  side: 'minimum' | 'maximum',
  bound: number,
  inclusive: boolean,
  exact: boolean | undefined,
): string {
  const atLeast = side === 'minimum';
  switch (type) {
    case 'string':
      if (exact) return `a string of exactly ${bound} characters`;
      if (atLeast && bound === 1) return 'a non-empty string';
      return `a string of ${atLeast ? 'at least' : 'at most'} ${bound} characters`;
    case 'array':
      if (exact) return `a list of exactly ${bound} items`;
      if (atLeast && bound === 1) return 'a non-empty list';
      return `a list of ${atLeast ? 'at least' : 'at most'} ${bound} items`;
    case 'number':
    case 'bigint':
      return `a number ${atLeast ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<'} ${bound}`;
    default:
      return `a ${type} with ${side} ${bound}`;
  }
}

function stringExpectation(
  issue: z.ZodInvalidStringIssue,
  root: z.ZodTypeAny,
  data: unknown,
): string {
  const validation = issue.validation;
  if (validation === 'regex') {
    const schema = zodSchemaAt(root, data, issue.path);
    const check =
      schema instanceof z.ZodString
        ? schema._def.checks.find((candidate) => candidate.kind === 'regex')
        : undefined;
    if (check && check.kind === 'regex') return `a string matching ${check.regex.source}`;
    return 'a string of the required pattern';
  }
  if (typeof validation === 'string') return `a valid ${validation}`;
  if ('startsWith' in validation)
    return `a string starting with ${JSON.stringify(validation.startsWith)}`;
  if ('endsWith' in validation)
    return `a string ending with ${JSON.stringify(validation.endsWith)}`;
  if ('includes' in validation) return `a string containing ${JSON.stringify(validation.includes)}`;
  return 'a valid string';
}

/**
 * A union failed. When every branch failed on the type of the value itself, list the types the
 * union accepts; otherwise report the branch that got furthest (deepest issue path), since that is
 * the one the author meant.
 */
function unionIssues(
  issue: z.ZodInvalidUnionIssue,
  root: z.ZodTypeAny,
  data: unknown,
  found: string,
): UnlocatedIssue[] {
  const branches = issue.unionErrors.map((error) => error.issues);
  const samePlaceTypes = branches.every(
    (issues) =>
      issues.length === 1 &&
      issues[0]!.code === 'invalid_type' &&
      issues[0]!.path.length === issue.path.length,
  );
  if (samePlaceTypes) {
    const expected = [
      ...new Set(
        branches.map((issues) =>
          describeExpectedType((issues[0] as z.ZodInvalidTypeIssue).expected),
        ),
      ),
    ];
    const words =
      expected.length === 1
        ? expected[0]!
        : `${expected.slice(0, -1).join(', ')} or ${expected[expected.length - 1]!}`;
    const value = valueAt(data, issue.path);
    if (value === undefined) {
      return [
        {
          code: 'missing_field',
          path: issue.path,
          anchor: 'parent',
          expected: words,
          found,
          message: `missing required field (expected ${words})`,
        },
      ];
    }
    return [
      {
        code: 'invalid_type',
        path: issue.path,
        anchor: 'value',
        expected: words,
        found,
        message: `expected ${words}, found ${found}`,
      },
    ];
  }
  let best = branches[0] ?? [];
  let bestDepth = -1;
  for (const issues of branches) {
    const depth = Math.max(...issues.map((candidate) => candidate.path.length));
    if (depth > bestDepth) {
      best = issues;
      bestDepth = depth;
    }
  }
  return best.flatMap((candidate) => translateZodIssue(candidate, root, data));
}

function customIssue(
  message: string,
  path: FieldPath,
  value: unknown,
  found: string,
): UnlocatedIssue {
  const expected = message.startsWith('expected ') ? message.slice('expected '.length) : undefined;
  return {
    code: 'invalid_value',
    path,
    anchor: value === undefined ? 'parent' : 'value',
    expected,
    found,
    message: `${message}, found ${found}`,
  };
}

function oneOf(options: readonly unknown[]): string {
  return `one of ${options.map((option) => JSON.stringify(option)).join(' | ')}`;
}

function valueAt(data: unknown, path: FieldPath): unknown {
  let value = data;
  for (const segment of path) {
    if (Array.isArray(value) && typeof segment === 'number') value = value[segment];
    else if (
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.hasOwn(value, String(segment))
    )
      value = (value as Record<string, unknown>)[String(segment)];
    else return undefined;
  }
  return value;
}
