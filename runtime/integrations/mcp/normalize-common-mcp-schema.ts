/**
 * The fast path of MCP schema normalisation: one walk over an untrusted `inputSchema` that, for
 * the keywords real servers use, does what `normalizeMcpInputSchema` does (inline local `$ref`s,
 * convert draft-07 spellings to 2020-12) and what its meta-schema validation checks, copying the
 * schema as it goes and freezing each node of the copy as it completes it. Registering a thousand tools was
 * mostly that work done in five passes (JSON round trip, inlining, conversion, ajv's
 * meta-schema validation, freezing), with the garbage of each.
 *
 * It never decides a hard case: for anything outside the common subset it returns `undefined`
 * and the caller runs the full path, which says what is wrong and where. Outside the subset:
 *
 * - values that are not JSON as `JSON.parse` makes them (a function, `undefined`, a bigint, a
 *   non-finite number, a class instance, a hole in an array), a key `__proto__` or a key that is
 *   an array index anywhere it reads; a bigint anywhere, dropped values included;
 * - a schema nested deeper than {@link MAX_MCP_VALUE_DEPTH} levels where its values sit in the
 *   document, read or dropped (`$defs`, `$comment`, …), as `valueDepth` counts them: the limit
 *   `boundMcpDescriptor` puts on an input schema, so a schema the walk answers for is known to be
 *   within it and registration does not measure it again. Below a `$ref` (where a node of the
 *   document can be reached again) the copy may nest up to four times that;
 * - a `$ref` that is not local, points at nothing or at a boolean, or recurses (the full path
 *   expands it `RECURSION_LIMIT` times, then stubs it, with a warning), or whose siblings
 *   replace a subschema keyword of its target; more than
 *   {@link MAX_COMMON_NODES} schema nodes (the full path's inlining budget is 2 000);
 * - a subschema place holding something that is not a schema (replaced by `{}` with a warning);
 * - `patternProperties`, `dependencies`, `dependentSchemas`, `dependentRequired`, `$vocabulary`,
 *   draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum`, a tuple `items` next to
 *   `prefixItems`, `additionalItems` without a tuple `items`, a `format` that is not a string;
 * - any value the draft 2020-12 meta-schema would refuse (a `minimum` that is not a number, a
 *   `type` that is no type name, a `required` with repeats, an empty `anyOf`, a `pattern` that
 *   is no JavaScript regular expression, …).
 *
 * Inside the subset the result is exactly what the full path gives for the schema's JSON (the
 * same keys in the same order, the same warnings): `test/runtime/mcp/normalize-common-mcp-schema.test.ts`
 * checks it on generated schemas, adversarial ones included. Never throws.
 */
import { adoptFrozenJsonTree } from '../../core/frozen-data.js';
import { DRAFT_2020_12 } from '../../core/json-schema/draft-2020-12.js';
import { resolveLocalRef } from '../../core/json-schema/json-pointer.js';
import {
  DEFINITION_KEYWORDS,
  SUBSCHEMA_KEYWORDS,
  subschemaKind,
} from '../../core/json-schema/subschema-keywords.js';
import { loadFullFormats } from '../../core/support/load-ajv.js';
import type { JsonObject } from '../../core/support/is-json-object.js';
import { capEcho } from '../../core/cap-echo.js';
import { MAX_MCP_VALUE_DEPTH } from './bound-mcp-descriptor.js';
import {
  droppedPatternNote,
  droppedPatternWarning,
  isConvertedApart,
  isKnownFormat,
  isValidPattern,
  unknownFormatNote,
  type NormalizedMcpSchema,
} from './normalize-mcp-input-schema.js';

/** More schema nodes than this (references expanded) are left to the full path. */
export const MAX_COMMON_NODES = 1_000;

/** What the fast path gives: the frozen schema, its warnings, and a bound on its JSON's length. */
export interface CommonMcpSchema extends NormalizedMcpSchema {
  /** `JSON.stringify(schema).length` is at most this. */
  readonly jsonCharsAtMost: number;
}

/** The full path's verdict is needed; thrown inside the walk only, caught below. */
const OUTSIDE = Symbol('outside the common subset');

interface Walk {
  readonly root: JsonObject;
  /** Made on the first warning (most schemas have none). */
  warnings: string[] | undefined;
  nodes: number;
  /** Upper bound of the output's JSON length (6 characters per UTF-16 unit of a string). */
  chars: number;
  /** The references the target {@link referenced} last returned sits under. */
  inner: readonly string[];
}

/** `normalizeMcpInputSchema(JSON.parse(JSON.stringify(raw)))`, frozen, or `undefined`. */
export function normalizeCommonMcpSchema(raw: unknown): CommonMcpSchema | undefined {
  if (!isPlainObject(raw)) return undefined;
  const walk: Walk = { root: raw, warnings: undefined, nodes: 0, chars: 0, inner: NO_REFS };
  let schema: JsonObject;
  try {
    schema = convertSchema(raw, walk, NO_REFS, 1, true) as JsonObject;
    const type = schema['type'];
    if (type !== 'object' && !(Array.isArray(type) && type.includes('object'))) return undefined;
  } catch (error) {
    if (error === OUTSIDE) return undefined;
    return undefined; // a throwing getter or proxy: the full path decides
  }
  return Object.freeze({
    // Every node was built by the walk from JSON scalars and frozen when complete (see
    // `freeze` below): nothing the caller holds is reachable, so the root is marked as it is.
    schema: adoptFrozenJsonTree(schema),
    warnings: walk.warnings === undefined ? NO_WARNINGS : Object.freeze(walk.warnings),
    jsonCharsAtMost: walk.chars,
  });
}

const NO_REFS: readonly string[] = [];
/** The warnings of a schema without any (frozen: shared). */
const NO_WARNINGS: readonly string[] = Object.freeze([]);

function outside(): never {
  throw OUTSIDE;
}

/** A node the walk built, complete: frozen before anything else can reach it. */
function freeze<Node extends object>(node: Node): Node {
  return Object.freeze(node);
}

function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** A key `JSON.parse` and the full path treat like any other: not `__proto__`, not an index. */
function checkKey(key: string): void {
  const first = key.charCodeAt(0);
  if (key === '__proto__' || (first >= 48 && first <= 57)) outside();
}

/**
 * A schema (boolean or object) in a subschema place, converted; anything else there is left to
 * the full path (the callers do not check it first).
 */
function convertSchema(
  node: unknown,
  walk: Walk,
  refs: readonly string[],
  depth: number,
  root = false,
): unknown {
  if (typeof node === 'boolean') {
    walk.chars += 6;
    return node;
  }
  if (
    !isPlainObject(node) ||
    depth > (refs.length === 0 ? MAX_MCP_VALUE_DEPTH : MAX_MCP_VALUE_DEPTH * 4)
  )
    outside();
  walk.nodes += 1;
  if (walk.nodes > MAX_COMMON_NODES) outside();
  if (node['$ref'] === undefined) return convertKeys(node, walk, refs, undefined, depth, root);
  const target = referenced(node, walk, refs);
  const inner = walk.inner;
  // A node that is nothing but the reference, to a target without one: the target converted
  // under the reference, not merged first (its definitions are dropped by the conversion as
  // the merge drops them, and no sibling replaces anything).
  if (target['$ref'] === undefined && !hasSiblings(node, refs, depth))
    return convertKeys(target, walk, inner, undefined, depth, root);
  const merged = mergeReference(node, target, inner, walk, refs, depth);
  return convertKeys(merged.node, walk, refs, merged.refsOf, depth, root);
}

/**
 * The target of `node`'s `$ref` (local, resolving to an object, not recursing), counted; the
 * references it sits under are left in `walk.inner` (no result object per reference).
 */
function referenced(node: JsonObject, walk: Walk, refs: readonly string[]): JsonObject {
  const ref = node['$ref'];
  if (typeof ref !== 'string' || !ref.startsWith('#') || refs.includes(ref)) outside();
  const target = resolveLocalRef(walk.root, ref);
  if (!isPlainObject(target)) outside();
  walk.nodes += 2; // the target and the siblings, as the full path counts them
  walk.inner = refs.length === 0 ? [ref] : [...refs, ref];
  return target;
}

/**
 * What the full path's inlining makes of a node with a `$ref` (to `target`, under `inner`) before
 * converting it: the target's keywords (itself inlined), then the node's other keywords, which
 * win. Each keyword remembers the references it sits under, for the recursion check of the
 * references below it.
 */
function mergeReference(
  node: JsonObject,
  target: JsonObject,
  inner: readonly string[],
  walk: Walk,
  refs: readonly string[],
  depth: number,
): { node: JsonObject; refsOf: Map<string, readonly string[]> } {
  let merged: JsonObject;
  let refsOf: Map<string, readonly string[]>;
  if (target['$ref'] === undefined) {
    merged = {};
    refsOf = new Map();
    for (const key of Object.keys(target)) {
      checkKey(key);
      if (DEFINITION_KEYWORDS.has(key)) continue;
      merged[key] = target[key];
      refsOf.set(key, inner);
    }
  } else {
    const next = referenced(target, walk, inner);
    ({ node: merged, refsOf } = mergeReference(target, next, walk.inner, walk, inner, depth));
  }
  for (const key of Object.keys(node)) {
    checkKey(key);
    if (key === '$ref') continue;
    if (DEFINITION_KEYWORDS.has(key)) {
      checkSkippedDepth(node[key], refs, depth);
      continue;
    }
    // The full path inlines the target's subschemas before a sibling replaces them (warnings,
    // its node budget): a sibling that replaces a subschema keyword is left to it.
    if (refsOf.has(key) && subschemaKind(key) !== undefined) outside();
    merged[key] = node[key];
    refsOf.set(key, refs);
  }
  return { node: merged, refsOf };
}

/** Whether a `$ref` node has keywords beside the reference and definitions (checked as merged). */
function hasSiblings(node: JsonObject, refs: readonly string[], depth: number): boolean {
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue; // (as Object.keys, without its array)
    checkKey(key);
    if (key === '$ref') continue;
    if (!DEFINITION_KEYWORDS.has(key)) return true;
    checkSkippedDepth(node[key], refs, depth);
  }
  return false;
}

const SIMPLE_TYPES: ReadonlySet<string> = new Set([
  'array',
  'boolean',
  'integer',
  'null',
  'number',
  'object',
  'string',
]);
const NUMBER_KEYWORDS: ReadonlySet<string> = new Set([
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
]);
const COUNT_KEYWORDS: ReadonlySet<string> = new Set([
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
]);
const BOOLEAN_KEYWORDS: ReadonlySet<string> = new Set([
  'uniqueItems',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const STRING_KEYWORDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'contentEncoding',
  'contentMediaType',
]);
/** Keywords of the 2020-12 meta-schema this path leaves to the full one. */
const LEFT_TO_FULL_PATH: ReadonlySet<string> = new Set([
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  '$vocabulary',
]);

/** Keys `isConvertedApart` names that the walk reads itself (see `convertItems`, …). */
const CONVERTED_BELOW: ReadonlySet<string> = new Set([
  'items',
  'additionalItems',
  'format',
  'pattern',
]);

// What the walk does with a keyword (see `keywordKind`).
const REFUSED = 0; // left to the full path
const READ_BELOW = 1; // converted apart: `items`, `additionalItems`, `format`, `pattern`
const DROPPED = 2; // dropped unread (its depth still counts): `$defs`, `$comment`, `nullable`, …
const PROPERTIES = 3;
const SCHEMA = 4;
const SCHEMA_LIST = 5;
const TYPE = 6;
const REQUIRED = 7;
const LIST = 8; // `enum`, `examples`
const NUMBER = 9;
const MULTIPLE_OF = 10;
const COUNT = 11;
const BOOLEAN = 12;
const STRING = 13;
const DATA = 14; // `const`, `default`, unknown keywords

/** What the walk does with `key`, decided in this order (each test of its own meaning). */
function classifyKeyword(key: string): number {
  if (key === 'dependencies') return REFUSED;
  if (isConvertedApart(key)) return CONVERTED_BELOW.has(key) ? READ_BELOW : DROPPED;
  if (key === 'properties') return PROPERTIES;
  if (subschemaKind(key) === 'schema') return SCHEMA;
  if (subschemaKind(key) === 'schema-list') return SCHEMA_LIST;
  if (key === 'type') return TYPE;
  if (key === 'required') return REQUIRED;
  if (key === 'enum' || key === 'examples') return LIST;
  if (NUMBER_KEYWORDS.has(key)) return NUMBER;
  if (key === 'multipleOf') return MULTIPLE_OF;
  if (COUNT_KEYWORDS.has(key)) return COUNT;
  if (BOOLEAN_KEYWORDS.has(key)) return BOOLEAN;
  if (STRING_KEYWORDS.has(key)) return STRING;
  if (LEFT_TO_FULL_PATH.has(key)) return REFUSED;
  return DATA;
}

/**
 * {@link classifyKeyword} of every keyword a meta-schema or the full path names, decided once:
 * one lookup per key instead of a dozen. Other keys (a server's own) are classified each time,
 * so no schema can grow this table.
 */
const KEYWORD_KINDS: ReadonlyMap<string, number> = new Map(
  [
    ...SUBSCHEMA_KEYWORDS.keys(),
    ...NUMBER_KEYWORDS,
    ...COUNT_KEYWORDS,
    ...BOOLEAN_KEYWORDS,
    ...STRING_KEYWORDS,
    ...LEFT_TO_FULL_PATH,
    ...CONVERTED_BELOW,
    ...['properties', 'type', 'required', 'enum', 'examples', 'multipleOf', 'const', 'default'],
    ...['dependencies', 'nullable', '$schema', '$id', '$anchor', '$dynamicAnchor', '$comment'],
    ...['$recursiveAnchor', '$ref', '$dynamicRef', '$recursiveRef'],
  ].map((key) => [key, classifyKeyword(key)]),
);

function keywordKind(key: string): number {
  return KEYWORD_KINDS.get(key) ?? classifyKeyword(key);
}

function convertKeys(
  node: JsonObject,
  walk: Walk,
  refs: readonly string[],
  refsOf: Map<string, readonly string[]> | undefined,
  depth: number,
  root: boolean,
): JsonObject {
  const out: JsonObject = {};
  walk.chars += 2;
  if (root) {
    out['$schema'] = DRAFT_2020_12;
    walk.chars += 56;
  }
  for (const key in node) {
    if (!Object.hasOwn(node, key)) continue; // (as Object.keys, without its array)
    checkKey(key);
    const kind = keywordKind(key);
    if (kind === REFUSED) outside();
    if (kind === READ_BELOW) continue; // `items`, `format`, … are read below
    if (kind === DROPPED) {
      // `$defs`, `$comment`, … are dropped unread.
      checkSkippedDepth(node[key], refsAt(key, refs, refsOf), depth);
      continue;
    }
    const value = node[key];
    walk.chars += 6 * key.length + 4;
    const keyRefs = refsAt(key, refs, refsOf);
    switch (kind) {
      case PROPERTIES: {
        if (!isPlainObject(value)) outside();
        if (keyRefs.length === 0 && depth >= MAX_MCP_VALUE_DEPTH) outside();
        const properties: JsonObject = {};
        walk.chars += 2;
        for (const name in value) {
          if (!Object.hasOwn(value, name)) continue; // (as Object.keys, without its array)
          checkKey(name);
          const child = value[name];
          walk.chars += 6 * name.length + 4;
          properties[name] = convertSchema(child, walk, keyRefs, depth + 2);
        }
        out[key] = freeze(properties);
        break;
      }
      case SCHEMA:
        // (`additionalItems`, the one such keyword with a draft-07 meaning, is converted apart.)
        out[key] = convertSchema(value, walk, keyRefs, depth + 1);
        break;
      case SCHEMA_LIST:
        out[key] = convertSchemaList(value, walk, keyRefs, depth);
        break;
      case TYPE:
        out[key] = copyData(value, walk, depth + 1); // checked below, after `nullable`
        break;
      case REQUIRED:
        if (!Array.isArray(value)) outside();
        checkRequired(value);
        out[key] = copyData(value, walk, depth + 1);
        break;
      case LIST:
        if (!Array.isArray(value)) outside();
        out[key] = copyData(value, walk, depth + 1);
        break;
      case NUMBER:
        if (typeof value !== 'number') outside();
        out[key] = copyData(value, walk, depth + 1);
        break;
      case MULTIPLE_OF:
        if (typeof value !== 'number' || !(value > 0)) outside();
        out[key] = copyData(value, walk, depth + 1);
        break;
      case COUNT:
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) outside();
        out[key] = copyData(value, walk, depth + 1);
        break;
      case BOOLEAN:
        if (typeof value !== 'boolean') outside();
        out[key] = value;
        walk.chars += 6;
        break;
      case STRING:
        if (typeof value !== 'string') outside();
        out[key] = copyData(value, walk, depth + 1);
        break;
      default:
        // `const`, `default` and keywords no meta-schema knows: data, kept as they are.
        out[key] = copyData(value, walk, depth + 1);
    }
  }
  convertItems(node, out, walk, refs, refsOf, depth);
  if (node['nullable'] === true) {
    const type = out['type'];
    if (typeof type === 'string') out['type'] = type === 'null' ? 'null' : freeze([type, 'null']);
    else if (Array.isArray(type) && !type.includes('null')) out['type'] = freeze([...type, 'null']);
    walk.chars += 9;
  }
  convertFormat(node, out, walk);
  convertPattern(node, out, walk);
  const type = out['type'];
  if (type !== undefined) checkType(type);
  else if (out['properties'] !== undefined || root) {
    // (The root gets it too: an input schema is an object schema.)
    out['type'] = 'object';
    walk.chars += 16;
  }
  // (The root is frozen as it is marked, `adoptFrozenJsonTree`.)
  return root ? out : freeze(out);
}

/**
 * The depth limit of `boundMcpDescriptor`, and no bigint, for a value the walk drops without
 * reading, under a node at `depth`. Checked where the node sits in the document (no reference crossed: `refs` is
 * empty): a node reached through a `$ref` sits, in the document, where that check reaches it.
 */
function checkSkippedDepth(value: unknown, refs: readonly string[], depth: number): void {
  if (refs.length > 0) return;
  if (!droppedValueFits(value, MAX_MCP_VALUE_DEPTH - depth)) outside();
}

/**
 * One walk over a value the walk drops: whether it nests at most `room` levels (as `valueDepth`
 * counts them) and holds no bigint. `JSON.stringify` throws on a bigint, so the full path takes
 * such a schema as it is, without the JSON round trip (which writes `-0` as `0`) that the walk's
 * copy stands for.
 */
function droppedValueFits(value: unknown, room: number): boolean {
  if (typeof value === 'bigint') return false;
  if (typeof value !== 'object' || value === null) return true;
  const stack: [object, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    if (level > room) return false;
    for (const child of Object.values(node)) {
      if (typeof child === 'bigint') return false;
      if (typeof child === 'object' && child !== null) stack.push([child, level + 1]);
    }
  }
  return true;
}

/** The references `key` of a merged node sits under. */
function refsAt(
  key: string,
  refs: readonly string[],
  refsOf: Map<string, readonly string[]> | undefined,
): readonly string[] {
  return refsOf === undefined ? refs : (refsOf.get(key) ?? refs);
}

function convertSchemaList(
  value: unknown,
  walk: Walk,
  refs: readonly string[],
  depth: number,
): unknown[] {
  if (!Array.isArray(value) || value.length === 0) outside();
  if (refs.length === 0 && depth >= MAX_MCP_VALUE_DEPTH) outside();
  const list = exactList(value.length);
  walk.chars += 2;
  for (let index = 0; index < value.length; index += 1) {
    const child = value[index] as unknown;
    walk.chars += 1;
    list[index] = convertSchema(child, walk, refs, depth + 2);
  }
  return freeze(list);
}

function convertItems(
  node: JsonObject,
  out: JsonObject,
  walk: Walk,
  refs: readonly string[],
  refsOf: Map<string, readonly string[]> | undefined,
  depth: number,
): void {
  const items = node['items'];
  const additional = node['additionalItems'];
  if (Array.isArray(items)) {
    if (node['prefixItems'] !== undefined) outside();
    walk.chars += 16;
    out['prefixItems'] = convertSchemaList(items, walk, refsAt('items', refs, refsOf), depth);
    if (additional !== undefined) {
      walk.chars += 10;
      out['items'] = convertSchema(
        additional,
        walk,
        refsAt('additionalItems', refs, refsOf),
        depth + 1,
      );
    }
    return;
  }
  if (additional !== undefined) outside();
  if (items === undefined) return;
  walk.chars += 10;
  out['items'] = convertSchema(items, walk, refsAt('items', refs, refsOf), depth + 1);
}

function convertFormat(node: JsonObject, out: JsonObject, walk: Walk): void {
  const format = node['format'];
  if (format === undefined) return;
  if (typeof format !== 'string') outside();
  if (isKnownFormat(format)) {
    out['format'] = format;
    walk.chars += 6 * format.length + 12;
  } else {
    addDescriptionNote(out, unknownFormatNote(format), walk);
  }
}

let isJsRegExp: ((pattern: string) => boolean) | undefined;

function convertPattern(node: JsonObject, out: JsonObject, walk: Walk): void {
  const pattern = node['pattern'];
  if (pattern === undefined) return;
  if (typeof pattern !== 'string') outside();
  if (isValidPattern(pattern)) {
    // The meta-schema's `format: "regex"`, checked by ajv-formats' own function.
    isJsRegExp ??= (loadFullFormats() as unknown as Record<string, (text: string) => boolean>)[
      'regex'
    ];
    if (isJsRegExp === undefined || !isJsRegExp(pattern)) outside();
    out['pattern'] = pattern;
    walk.chars += 6 * pattern.length + 13;
    return;
  }
  const named = capEcho(pattern);
  (walk.warnings ??= []).push(droppedPatternWarning(named));
  addDescriptionNote(out, droppedPatternNote(named), walk);
}

/** `withDescriptionNote`, in place: the description keeps its place among the keys. */
function addDescriptionNote(out: JsonObject, note: string, walk: Walk): void {
  const description = out['description'];
  out['description'] =
    typeof description === 'string' && description !== '' ? `${description} ${note}` : note;
  walk.chars += 6 * note.length + 20;
}

/** The meta-schema's `required`: distinct strings (a short list compared in place, no set). */
function checkRequired(names: readonly unknown[]): void {
  if (names.length > 16) {
    const seen = new Set<string>();
    for (const name of names) {
      if (typeof name !== 'string' || seen.has(name)) outside();
      seen.add(name);
    }
    return;
  }
  for (let index = 0; index < names.length; index += 1) {
    const name = names[index];
    if (typeof name !== 'string' || names.indexOf(name) !== index) outside();
  }
}

/** The meta-schema's `type`: a type name, or a non-empty list of distinct ones. */
function checkType(type: unknown): void {
  if (typeof type === 'string') {
    if (!SIMPLE_TYPES.has(type)) outside();
    return;
  }
  if (!Array.isArray(type) || type.length === 0) outside();
  for (let index = 0; index < type.length; index += 1) {
    const name = type[index] as unknown;
    if (typeof name !== 'string' || !SIMPLE_TYPES.has(name) || type.indexOf(name) !== index)
      outside();
  }
}

/**
 * An array for `length` values, each written in order by the caller before the array is frozen:
 * a short one is made that long (an empty array's first push reserves 17 slots, for a list of
 * one to three); a long one grows as it is written (a huge `new Array` is a dictionary).
 */
function exactList(length: number): unknown[] {
  return length <= 1_024 ? new Array<unknown>(length) : [];
}

/** A copy of a JSON value as `JSON.parse(JSON.stringify(value))` would make it. */
function copyData(value: unknown, walk: Walk, depth: number): unknown {
  switch (typeof value) {
    case 'string':
      walk.chars += 6 * value.length + 2;
      return value;
    case 'number':
      if (!Number.isFinite(value)) outside();
      walk.chars += 25;
      return value === 0 ? 0 : value; // -0 is written 0
    case 'boolean':
      walk.chars += 6;
      return value;
    case 'object':
      break;
    default:
      return outside();
  }
  if (value === null) {
    walk.chars += 5;
    return null;
  }
  if (depth > MAX_MCP_VALUE_DEPTH) outside();
  walk.chars += 3;
  if (Array.isArray(value)) {
    const copy = exactList(value.length);
    for (let index = 0; index < value.length; index += 1) {
      copy[index] = copyData(value[index], walk, depth + 1);
      walk.chars += 1;
    }
    return freeze(copy);
  }
  if (!isPlainObject(value)) outside();
  const copy: JsonObject = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue; // (as Object.keys, without its array)
    checkKey(key);
    walk.chars += 6 * key.length + 4;
    copy[key] = copyData(value[key], walk, depth + 1);
  }
  return freeze(copy);
}
