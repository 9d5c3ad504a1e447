/**
 * The copy of a call's input that JSON Schema admission validates instead of running zod: built
 * the way zod's `parse` builds its output, so that when ajv accepts the copy it *is* what zod
 * would have returned.
 *
 * For an object, the declared properties come first, in the schema's order (a missing one with a
 * `default` gets a fresh copy of it, one present as `undefined` stays `undefined`), then, where
 * the schema admits them, the other keys in the input's order, their values shared, never copied
 * (`__proto__` and `undefined` values left out, as zod leaves them out). Arrays are copied element by element; strings,
 * numbers, booleans and `null` are taken as they are.
 *
 * The copy also holds zod's checks where they mean something other than the JSON Schema keyword
 * (see {@link compileCopyWithDefaults}); when one of them refuses, or the input is not JSON data
 * (a `Date`, a class instance, `NaN`), the copy is {@link UNDECIDED} and the caller runs zod itself.
 */
import type { JsonSchema } from '../../core/contract.js';
import { isJsonObject } from '../../core/support/is-json-object.js';

/** The input needs zod to be judged (it is refused, or not plain JSON data). */
export const UNDECIDED: unique symbol = Symbol('undecided');

/** Builds the copy of one input, or answers {@link UNDECIDED}. */
export type CopyWithDefaults = (input: unknown) => unknown;

type Copier = (value: unknown) => unknown;

/** Thrown (never an `Error`: no stack is captured) to leave the copy half-way. */
const LEAVE = Object.freeze({ leave: true });

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set([
  '$schema',
  '$comment',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** Keywords whose check ajv and zod make alike (numbers, item counts, values, minimum lengths). */
export const SAME_MEANING: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  // ajv counts code points, zod UTF-16 units: a string of n code points has at least n units.
  'minLength',
]);

/**
 * The copier for `schema`, or `undefined` when the schema uses a keyword or a shape this module
 * does not build zod's output for (a `format`, a `$ref`, a union of objects, a default inside a
 * union): such calls keep being judged by zod and ajv both.
 *
 * Where the two dialects differ the copy applies zod's reading on top of ajv's: a `maxLength`
 * counts UTF-16 units as zod does (ajv counts code points), and a `pattern` is also matched by
 * JavaScript's `RegExp` with the `u` flag, as zod's `.regex()` does (ajv's is RE2).
 */
export function compileCopyWithDefaults(schema: JsonSchema): CopyWithDefaults | undefined {
  const copier = compileNode(schema, false)?.copy;
  if (copier === undefined) return undefined;
  return (input) => {
    try {
      return copier(input);
    } catch {
      // LEAVE, or a getter or proxy trap of non-JSON input that threw: zod judges it (and
      // reports what it throws) as it did before.
      return UNDECIDED;
    }
  };
}

/**
 * One node compiled: its copier and, for a node that never holds an object or an array (a
 * scalar), what the copier checks, so that a parent object can write the check into its own code
 * instead of calling the copier.
 */
interface CompiledNode {
  readonly copy: Copier;
  /** Present for a scalar node; `check` is its string check, when it has one. */
  readonly scalar?: { readonly check: ((text: string) => boolean) | undefined };
}

function compileNode(node: unknown, inUnion: boolean): CompiledNode | undefined {
  if (!isJsonObject(node)) return undefined;
  const types = typesOf(node['type']);
  if (types === undefined) return undefined;
  const structured = types.has('object') || types.has('array');
  for (const keyword of Object.keys(node)) {
    if (ANNOTATIONS.has(keyword) || SAME_MEANING.has(keyword)) continue;
    if (keyword === 'default' && !inUnion) continue;
    if ((keyword === 'maxLength' || keyword === 'pattern') && !inUnion) continue;
    if (
      (keyword === 'properties' || keyword === 'required' || keyword === 'additionalProperties') &&
      types.has('object')
    )
      continue;
    if (keyword === 'items' && types.has('array')) continue;
    if ((keyword === 'oneOf' || keyword === 'anyOf') && !inUnion && !structured) continue;
    return undefined;
  }
  const branches = node['oneOf'] ?? node['anyOf'];
  if (branches !== undefined) {
    // A union of scalars: zod's output is the input itself, whichever branch took it.
    if (!Array.isArray(branches)) return undefined;
    for (const branch of branches) {
      if (compileNode(branch, true) === undefined) return undefined;
      const branchTypes = isJsonObject(branch) ? typesOf(branch['type']) : undefined;
      if (branchTypes === undefined || branchTypes.has('object') || branchTypes.has('array'))
        return undefined;
    }
  }
  const stringCheck = compileStringCheck(node);
  const scalar = (value: unknown): unknown => {
    if (typeof value === 'object' && value !== null) return leave();
    if (typeof value === 'number' && !Number.isFinite(value)) return leave();
    if (typeof value === 'string' && stringCheck !== undefined && !stringCheck(value))
      return leave();
    return value;
  };
  if (!structured) return { copy: scalar, scalar: { check: stringCheck } };
  const objectCopier = types.has('object') ? compileObject(node, scalar) : null;
  const arrayCopier = types.has('array') ? compileArray(node) : null;
  if (objectCopier === undefined || arrayCopier === undefined) return undefined;
  // An object-only node (every tool's input): its own function, which hands the rest on.
  if (arrayCopier === null) return { copy: objectCopier! };
  return {
    copy: (value) => {
      if (typeof value === 'object' && value !== null) {
        if (Array.isArray(value)) return arrayCopier(value);
        return objectCopier === null ? leave() : objectCopier(value);
      }
      return scalar(value);
    },
  };
}

/** `type` as a set; absent means any type (a bare `enum`, `const` or union). */
function typesOf(type: unknown): Set<string> | undefined {
  if (type === undefined) return new Set();
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type) && type.every((name) => typeof name === 'string')) return new Set(type);
  return undefined;
}

/**
 * The copier of one object node, as a function written for its property names (what ajv does
 * for validation): with the names as literals, each read and write is a plain property access
 * instead of a lookup by a computed key, several times faster, and the checks of scalar
 * properties are written in place rather than called. Names enter the code only as JSON string
 * literals; copiers, checks and defaults are passed in, never written into the code.
 *
 * A value that is not an object or is an array goes to `other` (the node's scalar copier), so the
 * function serves as the whole copier of an object-only node.
 */
function compileObject(node: JsonSchema, other: Copier): Copier | undefined {
  const properties = node['properties'] ?? {};
  const additional = node['additionalProperties'] ?? true;
  if (!isJsonObject(properties) || typeof additional !== 'boolean') return undefined;
  const keys = Object.keys(properties);
  if (keys.includes('__proto__')) return undefined;
  const copiers: Copier[] = [];
  const checks: (((text: string) => boolean) | undefined)[] = [];
  const fallbacks: ((() => unknown) | undefined)[] = [];
  const lines: string[] = [];
  for (const [index, key] of keys.entries()) {
    const child = properties[key];
    const compiled = compileNode(child, false);
    if (compiled === undefined) return undefined;
    copiers.push(compiled.copy);
    checks.push(compiled.scalar?.check);
    fallbacks.push(isJsonObject(child) ? defaultFactory(child['default']) : undefined);
    const name = JSON.stringify(key);
    // A scalar is taken as it is unless it is not JSON data or fails zod's string check; the same
    // as calling its copier.
    const present =
      compiled.scalar === undefined
        ? `output[${name}] = copiers[${index}](value);`
        : [
            'if (typeof value === "object" ? value !== null : typeof value === "number" && !Number.isFinite(value)) return leave();',
            ...(compiled.scalar.check === undefined
              ? []
              : [`if (typeof value === "string" && !checks[${index}](value)) return leave();`]),
            `output[${name}] = value;`,
          ].join(' ');
    // zod reads each declared key with `input[key]` and keeps it when `key in input`; a missing
    // key with a default gets a fresh default, checked like a value the model sent.
    const absent =
      fallbacks[index] === undefined
        ? `if (${name} in input) output[${name}] = undefined;`
        : `output[${name}] = copiers[${index}](fallbacks[${index}]());`;
    lines.push(`value = input[${name}]; if (value !== undefined) { ${present} } else ${absent}`);
  }
  const isDeclared =
    keys.length === 0 ? 'false' : keys.map((key) => `key === ${JSON.stringify(key)}`).join(' || ');
  const rest = additional
    ? // zod passes the other own keys through, their values shared, `__proto__` left out.
      `for (const key of Object.keys(input)) if (!(${isDeclared}) && key !== "__proto__" && input[key] !== undefined) output[key] = input[key];`
    : // Any other key is refused (zod words it); an inherited enumerable one too, to be safe.
      `for (const key in input) if (!(${isDeclared})) return leave();`;
  const body = [
    'return function copyObject(input) {',
    '  if (typeof input !== "object" || input === null || Array.isArray(input)) return other(input);',
    '  if (!isPlainObject(input)) return leave();',
    '  const output = {};',
    '  let value;',
    ...lines.map((line) => `  ${line}`),
    `  ${rest}`,
    '  return output;',
    '};',
  ].join('\n');
  return new Function('leave', 'isPlainObject', 'other', 'copiers', 'checks', 'fallbacks', body)(
    leave,
    isPlainObject,
    other,
    copiers,
    checks,
    fallbacks,
  ) as Copier;
}

function compileArray(node: JsonSchema): ((value: unknown[]) => unknown) | undefined {
  const items = node['items'];
  const copy = items === undefined ? copyJson : compileNode(items, false)?.copy;
  if (copy === undefined) return undefined;
  return (value) => {
    const output = new Array<unknown>(value.length);
    for (let index = 0; index < value.length; index += 1) output[index] = copy(value[index]);
    return output;
  };
}

/** zod's own string checks where ajv's keyword means something else, or `undefined`. */
function compileStringCheck(node: JsonSchema): ((text: string) => boolean) | undefined {
  const maxLength = node['maxLength'];
  const pattern = node['pattern'];
  if (maxLength === undefined && pattern === undefined) return undefined;
  const limit = typeof maxLength === 'number' ? maxLength : Number.POSITIVE_INFINITY;
  // Generated zod code builds the same RegExp: `.regex(new RegExp(pattern, "u"))`.
  const expression = typeof pattern === 'string' ? new RegExp(pattern, 'u') : undefined;
  return (text) => text.length <= limit && (expression === undefined || expression.test(text));
}

/** zod's `.default()` hands out a fresh value per call (the generated code uses a factory). */
function defaultFactory(value: unknown): (() => unknown) | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) return () => value;
  const text = JSON.stringify(value);
  return () => JSON.parse(text) as unknown;
}

/** A value below a node that declares no items: plain JSON, copied as zod would pass it. */
function copyJson(value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) return leave();
  if (typeof value !== 'object' || value === null) return value;
  return leave();
}

/** What `JSON.parse` makes of `{…}`: no class instance, no `Date`, no `Map`. */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function leave(): never {
  throw LEAVE;
}

/**
 * The schema that judges a copy built by the copier of `schema`: the same, less each
 * `additionalProperties: false` of an object the copier builds. The copier already refuses a
 * key such an object does not declare (the copy is then {@link UNDECIDED}), so a copy never has
 * one, and ajv need not look for it a second time. Only for a schema
 * {@link compileCopyWithDefaults} compiles; nodes the copier does not build are kept as they are.
 */
export function schemaForCopies(schema: JsonSchema): JsonSchema {
  return openBuiltObjects(schema) as JsonSchema;
}

function openBuiltObjects(node: unknown): unknown {
  if (!isJsonObject(node)) return node;
  const opened: Record<string, unknown> = { ...node };
  if (typesOf(node['type'])?.has('object') === true) {
    if (opened['additionalProperties'] === false) delete opened['additionalProperties'];
    const properties = node['properties'];
    if (isJsonObject(properties))
      opened['properties'] = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, openBuiltObjects(child)]),
      );
  }
  if (typesOf(node['type'])?.has('array') === true && node['items'] !== undefined)
    opened['items'] = openBuiltObjects(node['items']);
  return opened;
}
