/**
 * A refusal worded from ajv's errors alone, without running zod, where that is sure to give the
 * model the very text zod and ajv together give (`formatInputValidationError`): for an exact
 * schema (`inputSchemaExact`), JSON data as input, and errors that name a missing parameter, an
 * unexpected one or a wrongly typed one. Then the model reads only those sentences (every other
 * issue is left out of the text), and for an exact schema zod finds the same ones, since both
 * state the same checks of type, required keys and closed objects.
 *
 * The issues come in zod's order: depth first in the schema's property order, array items in
 * order, an object's unexpected keys after everything inside it (zod's `strict()` reports them
 * once its properties are parsed). ajv reports `required` and `additionalProperties` of an object
 * before its properties.
 *
 * Anything else is left to zod (`undefined`): input that is not JSON data (zod and ajv read
 * `NaN`, `Infinity`, a `Map` or a `Date` differently), a union (zod's and ajv's reports of a
 * failed union differ in kind), a type error at an enum or a const (zod calls it a wrong value,
 * so it is no sentence for zod), any other keyword, or no sentence at all (the text is then the
 * issues as JSON, which only zod words exactly). test/runtime/call/validate-tool-input.test.ts
 * shows the texts identical over all exact built-in tools and models.
 */
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from '../../core/contract.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import { SAME_MEANING } from './copy-with-defaults.js';
import { translateAjvErrors } from './translate-ajv-errors.js';
import type { IssuePath, Zod4Issue } from './zod4-issue.js';

/**
 * Keywords whose lone error reads as zod's lone issue (the text is then that issue as JSON): the
 * checks ajv and zod make alike, but `type`, which zod words as a sentence of its own.
 */
const LONE_KEYWORDS = new Set([...SAME_MEANING].filter((keyword) => keyword !== 'type'));

/** Keywords whose errors zod reports alike for an exact schema: the sentences' and the bounds'. */
const WORDED_KEYWORDS = new Set([
  'type',
  'required',
  'additionalProperties',
  'maxLength',
  'pattern',
  ...LONE_KEYWORDS,
]);

/**
 * The Zod 4 shaped issues of ajv's `errors` (from the exact schema, or one that validates as it
 * does, judging `input`), in zod's order, or `undefined` when zod must word the refusal.
 */
export function jsonSchemaRefusal(
  errors: readonly ErrorObject[],
  input: unknown,
  inputSchema: JsonSchema,
  copied: boolean,
): Zod4Issue[] | undefined {
  let sentence = false;
  for (const error of errors) {
    if (!WORDED_KEYWORDS.has(error.keyword)) return undefined;
    if (error.schemaPath.includes('/oneOf/') || error.schemaPath.includes('/anyOf/'))
      return undefined;
    if (error.keyword === 'type') {
      const node = error.parentSchema;
      if (isJsonObject(node) && ('enum' in node || 'const' in node)) return undefined;
      if (error.instancePath !== '') sentence = true;
    } else if (error.keyword === 'required' || error.keyword === 'additionalProperties') {
      sentence = true;
    }
  }
  if (!sentence && !isLoneBound(errors, copied)) return undefined;
  if (!isJsonData(input)) return undefined;
  const issues = translateAjvErrors(errors, input);
  const keys = new Map(issues.map((issue) => [issue, orderKey(inputSchema, issue.path)]));
  return issues.sort((a, b) => compareOrder(keys.get(a)!, keys.get(b)!));
}

/**
 * One error of a bound or value set, with the copy built (so zod's own `maxLength` and `pattern`
 * checks, which read strings otherwise than ajv, passed everywhere): zod finds that one problem
 * only. A `minLength` counted over a surrogate pair is left to zod: ajv counts code points, zod
 * UTF-16 units.
 */
function isLoneBound(errors: readonly ErrorObject[], copied: boolean): boolean {
  const [error] = errors;
  if (!copied || errors.length !== 1 || error === undefined) return false;
  if (!LONE_KEYWORDS.has(error.keyword)) return false;
  return error.keyword !== 'minLength' || !/[\uD800-\uDFFF]/.test(String(error.data));
}

/** Whether `value` is what `JSON.parse` makes: plain objects and arrays, finite numbers, no `undefined`. */
function isJsonData(value: unknown): boolean {
  try {
    return isJsonValue(value, 0);
  } catch {
    return false; // a getter or proxy trap that throws: zod reports it as before
  }
}

function isJsonValue(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object': {
      if (value === null) return true;
      if (depth > 64) return false;
      if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) {
        if (!Object.hasOwn(value, key)) return false;
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (descriptor === undefined || !('value' in descriptor)) return false;
        if (!isJsonValue(descriptor.value, depth + 1)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** The place of `path` in zod's walk: a property's index in its object's schema, or the item's index. */
function orderKey(schema: JsonSchema, path: IssuePath): number[] {
  const key: number[] = [];
  let node: unknown = schema;
  for (const segment of path) {
    if (typeof segment === 'number') {
      key.push(segment);
      node = isJsonObject(node) ? node['items'] : undefined;
      continue;
    }
    const properties = isJsonObject(node) ? node['properties'] : undefined;
    const names = isJsonObject(properties) ? Object.keys(properties) : [];
    const index = names.indexOf(segment);
    key.push(index === -1 ? names.length : index);
    node = index === -1 ? undefined : (properties as JsonSchema)[segment];
  }
  return key;
}

/** Lexicographic, a place after every place inside it (post-order); equal places keep ajv's order. */
function compareOrder(a: readonly number[], b: readonly number[]): number {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index += 1) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return b.length - a.length;
}
