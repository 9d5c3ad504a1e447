/**
 * Zod 3 issues → Zod 4 issues (see `zod4-issue.ts` for the shapes and key orders).
 *
 * | Zod 3 code                   | Zod 4 shape                                                   |
 * | ---------------------------- | ------------------------------------------------------------- |
 * | invalid_type                 | invalid_type (`integer` → `int`); an enum's type error → invalid_value |
 * | invalid_literal              | invalid_value with the one allowed value                      |
 * | custom                       | custom (message and params kept)                              |
 * | invalid_union                | invalid_union, one issue list per branch, paths relative, each branch translated against its own schema branch (enum values, patterns) |
 * | invalid_union_discriminator  | invalid_union, no branches, note `No matching discriminator`  |
 * | invalid_enum_value           | invalid_value with the options as `values`                    |
 * | unrecognized_keys            | unrecognized_keys                                             |
 * | invalid_arguments            | custom `Invalid function arguments`, params.issues translated |
 * | invalid_return_type          | custom `Invalid function return type`, params.issues translated |
 * | invalid_date                 | invalid_type expected `date`, received `Invalid Date`         |
 * | invalid_string               | invalid_format (`regex` gets its pattern from the schema; `startsWith` → starts_with + prefix, `endsWith` → ends_with + suffix, `includes` → includes) |
 * | too_small / too_big          | same code, `origin` = Zod 3 `type`; dates as ISO text         |
 * | invalid_intersection_types   | custom `Invalid input: intersection results could not be merged` |
 * | not_multiple_of              | not_multiple_of, `divisor`                                    |
 * | not_finite                   | invalid_type expected `number`, received `Infinity`           |
 */
import { runWithDeadline } from '../../core/support/run-with-deadline.js';
import type { ZodIssue } from 'zod';
import type { JsonSchema } from '../../core/contract.js';
import { jsonSchemaNodeAt } from '../../core/json-schema/json-schema-node-at.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import { valueAt } from './value-at.js';
import {
  customIssue,
  invalidFormatIssue,
  invalidTypeIssue,
  invalidUnionIssue,
  invalidValueIssue,
  notMultipleOfIssue,
  receivedTypeName,
  tooBigIssue,
  tooSmallIssue,
  unrecognizedKeysIssue,
  type FormatDetail,
  type IssueBound,
  type IssuePath,
  type IssuePrimitive,
  type Zod4Issue,
} from './zod4-issue.js';

/** What the translation may consult: the input that was validated and the schema the model saw. */
export interface IssueTranslationContext {
  readonly input: unknown;
  /** Model-facing JSON Schema; supplies regex patterns and enum values Zod 3 issues lack. */
  readonly inputSchema?: JsonSchema;
  /**
   * Where `input` and `inputSchema` sit in the whole call's input (default: the root); set for
   * the branches of a union, which are judged against the value and schema branch at the union.
   */
  readonly origin?: IssuePath;
}

/** Zod 3's parsed-type names that are type names in Zod 4 too (others are enum/literal texts). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'string',
  number: 'number',
  integer: 'int',
  float: 'number',
  nan: 'nan',
  boolean: 'boolean',
  date: 'date',
  bigint: 'bigint',
  symbol: 'symbol',
  function: 'function',
  undefined: 'undefined',
  null: 'null',
  array: 'array',
  object: 'object',
  unknown: 'unknown',
  promise: 'promise',
  void: 'void',
  never: 'never',
  map: 'map',
  set: 'set',
};

/** Translate every issue of a failed Zod 3 parse, in order. */
export function translateZod3Issues(
  issues: readonly ZodIssue[],
  context: IssueTranslationContext,
): Zod4Issue[] {
  return issues.map((issue) => translateZod3Issue(issue, context));
}

/**
 * Translate one Zod 3 issue. `base` is the path of the enclosing union: nested issues get paths
 * relative to it, as Zod 4 reports union branches.
 */
export function translateZod3Issue(
  issue: ZodIssue,
  context: IssueTranslationContext,
  base: IssuePath = [],
): Zod4Issue {
  // `absolute` is where the issue sits in `context.input` (whose own place is `context.origin`).
  const absolute = relativePath(issue.path, context.origin ?? []);
  const path = relativePath(issue.path, base);
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected];
      if (expected === undefined) {
        // Zod 3 reports an enum given a non-string as a type error whose "expected" is the
        // option list as text; Zod 4 calls it an invalid value. The schema has the values.
        const values = allowedValues(context, absolute);
        if (values !== undefined) return invalidValueIssue(path, values);
        return invalidTypeIssue(path, issue.expected, receivedName(context, absolute));
      }
      return invalidTypeIssue(path, expected, receivedName(context, absolute));
    }
    case 'invalid_literal':
      return isPrimitive(issue.expected)
        ? invalidValueIssue(path, [issue.expected])
        : customIssue(path, 'Invalid input: unexpected literal value');
    case 'custom':
      return customIssue(path, issue.message, issue.params);
    case 'invalid_union':
      return invalidUnionIssue(
        path,
        issue.unionErrors.map((error, index) => {
          const branch = branchContext(context, issue.path, index, issue.unionErrors.length);
          return error.issues.map((inner) => translateZod3Issue(inner, branch, issue.path));
        }),
      );
    case 'invalid_union_discriminator':
      return invalidUnionIssue(path, [], 'No matching discriminator');
    case 'invalid_enum_value':
      return invalidValueIssue(path, issue.options);
    case 'unrecognized_keys':
      return unrecognizedKeysIssue(path, issue.keys);
    case 'invalid_arguments':
      return customIssue(path, 'Invalid function arguments', {
        issues: issue.argumentsError.issues.map((inner) =>
          translateZod3Issue(inner, context, issue.path),
        ),
      });
    case 'invalid_return_type':
      return customIssue(path, 'Invalid function return type', {
        issues: issue.returnTypeError.issues.map((inner) =>
          translateZod3Issue(inner, context, issue.path),
        ),
      });
    case 'invalid_date':
      return invalidTypeIssue(path, 'date', 'Date', 'Invalid Date');
    case 'invalid_string':
      return invalidFormatIssue(path, formatDetail(issue.validation, context, absolute));
    case 'too_small':
      return tooSmallIssue(
        path,
        issue.type,
        bound(issue.minimum, issue.type),
        issue.inclusive,
        issue.exact === true,
      );
    case 'too_big':
      return tooBigIssue(
        path,
        issue.type,
        bound(issue.maximum, issue.type),
        issue.inclusive,
        issue.exact === true,
      );
    case 'invalid_intersection_types':
      return customIssue(path, 'Invalid input: intersection results could not be merged');
    case 'not_multiple_of':
      return notMultipleOfIssue(
        path,
        bound(issue.multipleOf, 'number'),
        typeof issue.multipleOf === 'bigint' ? 'bigint' : 'number',
      );
    case 'not_finite': {
      const value = valueAt(context.input, absolute);
      return invalidTypeIssue(
        path,
        'number',
        'number',
        value === -Infinity ? '-Infinity' : 'Infinity',
      );
    }
  }
}

/**
 * What a union's branch `index` is judged against: the value at the union, and the branch's own
 * schema, so that enum values and regex patterns are found inside the branch (looked up from the
 * root, a path through two branches with the same keys is ambiguous and finds nothing). When the
 * schema's branches do not line up with zod's (`type: [a, b]` for a union of primitives), the
 * union's node stands in for every branch.
 */
function branchContext(
  context: IssueTranslationContext,
  unionPath: IssuePath,
  index: number,
  branchCount: number,
): IssueTranslationContext {
  const local = relativePath(unionPath, context.origin ?? []);
  const input = valueAt(context.input, local);
  const origin = unionPath;
  if (context.inputSchema === undefined) return { input, origin };
  const node = jsonSchemaNodeAt(context.inputSchema, local);
  if (node === undefined) return { input, origin };
  const branches = node['anyOf'] ?? node['oneOf'];
  const branch =
    Array.isArray(branches) && branches.length === branchCount
      ? (branches[index] as JsonSchema | undefined)
      : undefined;
  return {
    input,
    inputSchema: branch !== undefined && isJsonObject(branch) ? branch : node,
    origin,
  };
}

function relativePath(path: IssuePath, base: IssuePath): IssuePath {
  const startsWithBase = base.every((segment, index) => path[index] === segment);
  return startsWithBase ? path.slice(base.length) : path;
}

function receivedName(context: IssueTranslationContext, path: IssuePath): string {
  return receivedTypeName(valueAt(context.input, path));
}

function isPrimitive(value: unknown): value is IssuePrimitive {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function allowedValues(
  context: IssueTranslationContext,
  path: IssuePath,
): IssuePrimitive[] | undefined {
  if (context.inputSchema === undefined) return undefined;
  const node = jsonSchemaNodeAt(context.inputSchema, path);
  const values = node?.['enum'];
  if (Array.isArray(values) && values.every(isPrimitive)) return values;
  if (node !== undefined && 'const' in node && isPrimitive(node['const'])) return [node['const']];
  return undefined;
}

/** A bound JSON can carry: ISO text for dates, a number or decimal text for big integers. */
function bound(value: number | bigint, origin: string): IssueBound {
  if (typeof value === 'bigint') {
    const asNumber = Number(value);
    return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
  }
  if (origin === 'date' && Number.isFinite(value)) return new Date(value).toISOString();
  return value;
}

type StringValidation = Extract<ZodIssue, { code: 'invalid_string' }>['validation'];

function formatDetail(
  validation: StringValidation,
  context: IssueTranslationContext,
  path: IssuePath,
): FormatDetail {
  if (typeof validation === 'object') {
    if ('startsWith' in validation) return { format: 'starts_with', prefix: validation.startsWith };
    if ('endsWith' in validation) return { format: 'ends_with', suffix: validation.endsWith };
    return { format: 'includes', includes: validation.includes };
  }
  const node =
    context.inputSchema === undefined ? undefined : jsonSchemaNodeAt(context.inputSchema, path);
  if (validation === 'regex') {
    const pattern = failingPattern(node, valueAt(context.input, path));
    return pattern === undefined
      ? { format: 'regex' }
      : { format: 'regex', pattern: `/${pattern}/` };
  }
  if ((validation === 'ip' || validation === 'cidr') && typeof node?.['format'] === 'string') {
    return { format: node['format'] };
  }
  return { format: validation };
}

/**
 * The first pattern of `node` (its own, then those under `allOf`, then those of its `oneOf` /
 * `anyOf` branches, for a union of primitives) that `value` does not match: a string with two
 * `.regex()` checks has two patterns, and only the failing one helps.
 */
function failingPattern(node: JsonSchema | undefined, value: unknown): string | undefined {
  if (node === undefined) return undefined;
  const patterns: string[] = [];
  if (typeof node['pattern'] === 'string') patterns.push(node['pattern']);
  for (const list of [node['allOf'], node['oneOf'], node['anyOf']]) {
    if (!Array.isArray(list)) continue;
    for (const part of list) {
      const pattern = (part as JsonSchema | null)?.['pattern'];
      if (typeof pattern === 'string') patterns.push(pattern);
    }
  }
  if (typeof value !== 'string') return patterns[0];
  return patterns.find((pattern) => !safeTest(pattern, value)) ?? patterns[0];
}

/** Manifest patterns are JavaScript syntax; a pathological one is stopped after 100 ms. */
function safeTest(pattern: string, value: string): boolean {
  try {
    const result = runWithDeadline(() => new RegExp(pattern, 'u').test(value), 100);
    return result.ok && result.value;
  } catch {
    return false;
  }
}
