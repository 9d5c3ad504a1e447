/**
 * ajv errors → Zod 4 issues, so that a refusal by the JSON Schema gate reads exactly like one by
 * zod (see `zod4-issue.ts`).
 *
 * | ajv keyword                          | Zod 4 shape                                          |
 * | ------------------------------------ | ---------------------------------------------------- |
 * | type                                 | invalid_type (`integer` → `int`)                     |
 * | required                             | the missing property's type error (`received undefined`), or invalid_value for an enum / const, or invalid_union for a union |
 * | additionalProperties, unevaluatedProperties | unrecognized_keys, one issue per object       |
 * | enum, const                          | invalid_value                                        |
 * | minLength / maxLength                | too_small / too_big, origin `string`                 |
 * | minimum, exclusiveMinimum / maximum, exclusiveMaximum | too_small / too_big, origin `number` |
 * | minItems / maxItems                  | too_small / too_big, origin `array`                  |
 * | minProperties / maxProperties        | too_small / too_big, origin `object`                 |
 * | pattern                              | invalid_format `regex` with the pattern              |
 * | format                               | invalid_format (`uri` → `url`, `date-time` → `datetime`) |
 * | multipleOf                           | not_multiple_of                                      |
 * | oneOf, anyOf                         | invalid_union with the branch errors grouped per branch |
 * | anything else                        | custom with ajv's message                            |
 *
 * Requires the validator to be compiled with `allErrors` and `verbose` (for `parentSchema`).
 */
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../../core/contract.js';
import { declaredJsonType } from '../../core/json-schema/json-schema-node-at.js';
import { isArrayIndexToken, parseJsonPointer } from '../../core/json-schema/json-pointer.js';
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
  type IssuePath,
  type IssuePrimitive,
  type SizeOrigin,
  type Zod4Issue,
} from './zod4-issue.js';

const UNION_KEYWORDS = new Set(['oneOf', 'anyOf']);
const AJV_FORMATS_TO_ZOD: Readonly<Record<string, string>> = {
  uri: 'url',
  'date-time': 'datetime',
};

/** Translate the errors of one failed ajv validation of `input`. */
export function translateAjvErrors(errors: readonly ErrorObject[], input: unknown): Zod4Issue[] {
  return translateLevel(errors, input, []);
}

/** Errors not nested inside another union error of the same list, each translated once. */
function translateLevel(
  errors: readonly ErrorObject[],
  input: unknown,
  base: IssuePath,
): Zod4Issue[] {
  const unions = errors.filter((error) => UNION_KEYWORDS.has(error.keyword));
  const nestedIn = (error: ErrorObject, union: ErrorObject) =>
    error !== union && error.schemaPath.startsWith(`${union.schemaPath}/`);
  const topLevel = errors.filter((error) => !unions.some((union) => nestedIn(error, union)));

  const issues: Zod4Issue[] = [];
  const unrecognized = new Map<string, { index: number; path: IssuePath; keys: string[] }>();
  for (const error of topLevel) {
    const absolute = instancePathSegments(error.instancePath, input);
    const path = absolute.slice(base.length);
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const key = String(error.params['additionalProperty'] ?? error.params['unevaluatedProperty']);
      const group = unrecognized.get(error.instancePath);
      if (group === undefined) {
        unrecognized.set(error.instancePath, { index: issues.length, path, keys: [key] });
        issues.push(unrecognizedKeysIssue(path, [key])); // placeholder, replaced below
      } else if (!group.keys.includes(key)) {
        group.keys.push(key);
      }
      continue;
    }
    if (UNION_KEYWORDS.has(error.keyword)) {
      issues.push(
        unionIssue(
          error,
          errors.filter((inner) => nestedIn(inner, error)),
          input,
          absolute,
          path,
        ),
      );
      continue;
    }
    issues.push(translateOne(error, input, absolute, path));
  }
  for (const group of unrecognized.values())
    issues[group.index] = unrecognizedKeysIssue(group.path, group.keys);
  return issues;
}

function unionIssue(
  error: ErrorObject,
  nested: readonly ErrorObject[],
  input: unknown,
  absolute: IssuePath,
  path: IssuePath,
): Zod4Issue {
  const passing = error.params['passingSchemas'];
  if (Array.isArray(passing) && passing.length > 1) {
    return invalidUnionIssue(path, [], 'Input matches more than one option');
  }
  const prefix = `${error.schemaPath}/`;
  const branchCount = Array.isArray(error.schema) ? error.schema.length : 0;
  const branches: ErrorObject[][] = Array.from({ length: branchCount }, () => []);
  for (const inner of nested) {
    const index = Number.parseInt(inner.schemaPath.slice(prefix.length).split('/')[0] ?? '', 10);
    if (Number.isInteger(index) && branches[index] !== undefined) branches[index].push(inner);
  }
  return invalidUnionIssue(
    path,
    branches.map((branch) => translateLevel(branch, input, absolute)),
  );
}

function translateOne(
  error: ErrorObject,
  input: unknown,
  absolute: IssuePath,
  path: IssuePath,
): Zod4Issue {
  const params = error.params as Record<string, unknown>;
  const value = valueAt(input, absolute);
  switch (error.keyword) {
    case 'type':
      return invalidTypeIssue(path, typeName(params['type']), receivedTypeName(value));
    case 'required':
      return missingPropertyIssue(String(params['missingProperty']), error.parentSchema, path);
    case 'enum':
      return invalidValueIssue(path, primitives(params['allowedValues']));
    case 'const':
      return invalidValueIssue(path, primitives([params['allowedValue']]));
    case 'minLength':
      return tooSmallIssue(path, 'string', Number(params['limit']), true);
    case 'maxLength':
      return tooBigIssue(path, 'string', Number(params['limit']), true);
    case 'minimum':
    case 'exclusiveMinimum':
      return tooSmallIssue(path, 'number', Number(params['limit']), error.keyword === 'minimum');
    case 'maximum':
    case 'exclusiveMaximum':
      return tooBigIssue(path, 'number', Number(params['limit']), error.keyword === 'maximum');
    case 'minItems':
      return tooSmallIssue(path, 'array', Number(params['limit']), true);
    case 'maxItems':
      return tooBigIssue(path, 'array', Number(params['limit']), true);
    case 'minProperties':
      return tooSmallIssue(path, 'object' satisfies SizeOrigin, Number(params['limit']), true);
    case 'maxProperties':
      return tooBigIssue(path, 'object', Number(params['limit']), true);
    case 'pattern':
      return invalidFormatIssue(path, {
        format: 'regex',
        pattern: `/${String(params['pattern'])}/`,
      });
    case 'format': {
      const format = String(params['format']);
      return invalidFormatIssue(path, { format: AJV_FORMATS_TO_ZOD[format] ?? format });
    }
    case 'multipleOf':
      return notMultipleOfIssue(path, Number(params['multipleOf']));
    default:
      return customIssue(path, `Invalid input: ${error.message ?? error.keyword}`, {
        keyword: error.keyword,
      });
  }
}

/** What Zod 4 says about a property that is absent: its type, value set or union. */
function missingPropertyIssue(
  property: string,
  parentSchema: unknown,
  objectPath: IssuePath,
): Zod4Issue {
  const path = [...objectPath, property];
  const properties = (parentSchema as JsonSchema | undefined)?.['properties'] as
    Record<string, JsonSchema> | undefined;
  const node = properties?.[property];
  const values = node?.['enum'];
  if (Array.isArray(values)) return invalidValueIssue(path, primitives(values));
  if (node !== undefined && 'const' in node)
    return invalidValueIssue(path, primitives([node['const']]));
  const branches = node?.['oneOf'] ?? node?.['anyOf'];
  if (Array.isArray(branches)) {
    return invalidUnionIssue(
      path,
      branches.map((branch) => [
        invalidTypeIssue([], typeName((branch as JsonSchema)['type']), 'undefined'),
      ]),
    );
  }
  return invalidTypeIssue(path, typeName(node?.['type']), 'undefined');
}

function typeName(type: unknown): string {
  const declared = declaredJsonType({ type });
  if (declared === undefined) return 'unknown';
  return declared
    .split(' | ')
    .map((name) => (name === 'integer' ? 'int' : name))
    .join(' | ');
}

function primitives(values: unknown): IssuePrimitive[] {
  if (!Array.isArray(values)) return [];
  return values.map((value) =>
    value === null || ['string', 'number', 'boolean'].includes(typeof value)
      ? (value as IssuePrimitive)
      : JSON.stringify(value),
  );
}

/** `/a/0/b` → `['a', 0, 'b']`, numbers where the input holds an array. */
function instancePathSegments(pointer: string, input: unknown): IssuePath {
  const segments: (string | number)[] = [];
  let current: unknown = input;
  for (const token of parseJsonPointer(pointer)) {
    if (Array.isArray(current) && isArrayIndexToken(token)) {
      const index = Number(token);
      segments.push(index);
      current = current[index];
    } else {
      segments.push(token);
      current = isJsonObject(current) ? current[token] : undefined;
    }
  }
  return segments;
}
