/**
 * Union branches that can accept the same value.
 *
 * The normalisation renames `anyOf` to `oneOf`, and `oneOf` rejects a value that matches more
 * than one branch: a union whose branches overlap would make the model-facing schema refuse
 * input the zod schema accepts. This check runs on zod-to-json-schema's output, before the
 * rename, over every node that will be renamed.
 *
 * It is conservative: two branches count as disjoint only when a rule below proves it (types
 * that share no value, `const`/`enum` values the other branch refuses, length or range bounds
 * that do not meet, an object property required by one branch that the other forbids or types
 * disjointly). Anything it cannot prove (two patterns, two formats) is reported.
 */
import { schemaNodes } from '../../runtime/core/json-schema/schema-nodes.js';
import { isJsonObject, type JsonObject } from '../../runtime/core/support/is-json-object.js';
import { jsonTypeOf, KEEP_ANY_OF } from './normalize-json-schema.js';

/** Two branches of one `anyOf` that a single value can satisfy. */
export interface UnionOverlap {
  /** JSON pointer of the node that holds the `anyOf`, in the schema that was checked. */
  readonly pointer: string;
  /** Indices of the two branches in that `anyOf`, the smaller first. */
  readonly branches: readonly [number, number];
  /** Short descriptions of the two branches (`string`, `const "file"`, `object (required: path)`). */
  readonly summaries: readonly [string, string];
}

export function findUnionOverlaps(schema: JsonObject): UnionOverlap[] {
  const overlaps: UnionOverlap[] = [];
  for (const [node, pointer] of schemaNodes(schema)) {
    const branches = node['anyOf'];
    if (!Array.isArray(branches) || 'oneOf' in node || node[KEEP_ANY_OF] === true) continue;
    for (let left = 0; left < branches.length; left++) {
      for (let right = left + 1; right < branches.length; right++) {
        if (mayOverlap(branches[left], branches[right])) {
          overlaps.push({
            pointer,
            branches: [left, right],
            summaries: [describeBranch(branches[left]), describeBranch(branches[right])],
          });
        }
      }
    }
  }
  return overlaps;
}

/** `false` only when no value can satisfy both schemas. */
export function mayOverlap(left: unknown, right: unknown): boolean {
  if (left === false || right === false) return false;
  if (!isJsonObject(left) || !isJsonObject(right)) return true;
  // A value both accept satisfies one branch of each nested union.
  for (const [union, other] of [
    [left, right],
    [right, left],
  ] as const) {
    const branches = union['anyOf'] ?? union['oneOf'];
    if (Array.isArray(branches) && branches.every((branch) => !mayOverlap(branch, other)))
      return false;
  }
  return !ownKeywordsDisjoint(left, right);
}

// Kinds of JSON values. Numbers split into whole and fractional, because `integer` and `number`
// share exactly the whole numbers.
type Kind = 'string' | 'boolean' | 'null' | 'object' | 'array' | 'whole' | 'fraction';
const ALL_KINDS: readonly Kind[] = [
  'string',
  'boolean',
  'null',
  'object',
  'array',
  'whole',
  'fraction',
];

function kindsOfType(type: unknown): Set<Kind> {
  const types = Array.isArray(type) ? type : [type];
  const kinds = new Set<Kind>();
  for (const name of types) {
    if (name === 'integer') kinds.add('whole');
    else if (name === 'number') kinds.add('whole').add('fraction');
    else if (typeof name === 'string' && (ALL_KINDS as readonly string[]).includes(name))
      kinds.add(name as Kind);
  }
  return kinds;
}

function kindOfValue(value: unknown): Kind {
  const type = jsonTypeOf(value);
  return type === 'integer' ? 'whole' : type === 'number' ? 'fraction' : type;
}

/** Values a node is limited to by `const` / `enum`, or `undefined` when it has neither. */
function allowedValues(node: JsonObject): unknown[] | undefined {
  if ('const' in node) return [node['const']];
  if (Array.isArray(node['enum'])) return node['enum'];
  return undefined;
}

function kinds(node: JsonObject): Set<Kind> {
  const declared = 'type' in node ? kindsOfType(node['type']) : new Set(ALL_KINDS);
  const values = allowedValues(node);
  if (values === undefined) return declared;
  return new Set(values.map(kindOfValue).filter((kind) => declared.has(kind)));
}

function ownKeywordsDisjoint(left: JsonObject, right: JsonObject): boolean {
  const leftKinds = kinds(left);
  const common = [...kinds(right)].filter((kind) => leftKinds.has(kind));
  if (common.length === 0) return true;

  const leftValues = allowedValues(left);
  const rightValues = allowedValues(right);
  if (leftValues !== undefined)
    return !leftValues.some((value) => valueMayMatch(value, right) && valueMayMatch(value, left));
  if (rightValues !== undefined)
    return !rightValues.some((value) => valueMayMatch(value, left) && valueMayMatch(value, right));

  return common.every((kind) => kindDisjoint(kind, left, right));
}

function kindDisjoint(kind: Kind, left: JsonObject, right: JsonObject): boolean {
  switch (kind) {
    case 'string':
      return !rangesMeet(
        lengthRange(left, 'minLength', 'maxLength'),
        lengthRange(right, 'minLength', 'maxLength'),
      );
    case 'whole':
    case 'fraction':
      return !numberRangesMeet(kind, left, right);
    case 'object':
      return objectsDisjoint(left, right) || objectsDisjoint(right, left);
    case 'array':
      return arraysDisjoint(left, right);
    case 'boolean':
    case 'null':
      return false;
  }
}

type Range = readonly [number, number];

function lengthRange(node: JsonObject, minKey: string, maxKey: string): Range {
  const min = typeof node[minKey] === 'number' ? (node[minKey] as number) : 0;
  const max = typeof node[maxKey] === 'number' ? (node[maxKey] as number) : Infinity;
  return [min, max];
}

function rangesMeet(left: Range, right: Range): boolean {
  return Math.max(left[0], right[0]) <= Math.min(left[1], right[1]);
}

interface Bound {
  readonly value: number;
  readonly exclusive: boolean;
}

function lowerBound(node: JsonObject): Bound {
  const inclusive = typeof node['minimum'] === 'number' ? (node['minimum'] as number) : -Infinity;
  const exclusive =
    typeof node['exclusiveMinimum'] === 'number' ? (node['exclusiveMinimum'] as number) : -Infinity;
  return exclusive >= inclusive
    ? { value: exclusive, exclusive: exclusive > -Infinity }
    : { value: inclusive, exclusive: false };
}

function upperBound(node: JsonObject): Bound {
  const inclusive = typeof node['maximum'] === 'number' ? (node['maximum'] as number) : Infinity;
  const exclusive =
    typeof node['exclusiveMaximum'] === 'number' ? (node['exclusiveMaximum'] as number) : Infinity;
  return exclusive <= inclusive
    ? { value: exclusive, exclusive: exclusive < Infinity }
    : { value: inclusive, exclusive: false };
}

function tighterLower(left: Bound, right: Bound): Bound {
  if (left.value !== right.value) return left.value > right.value ? left : right;
  return left.exclusive ? left : right;
}

function tighterUpper(left: Bound, right: Bound): Bound {
  if (left.value !== right.value) return left.value < right.value ? left : right;
  return left.exclusive ? left : right;
}

/** Whether some number of `kind` lies within both nodes' bounds. */
function numberRangesMeet(
  kind: 'whole' | 'fraction',
  left: JsonObject,
  right: JsonObject,
): boolean {
  const low = tighterLower(lowerBound(left), lowerBound(right));
  const high = tighterUpper(upperBound(left), upperBound(right));
  if (kind === 'whole') {
    const first = low.exclusive ? Math.floor(low.value) + 1 : Math.ceil(low.value);
    const last = high.exclusive ? Math.ceil(high.value) - 1 : Math.floor(high.value);
    return first <= last;
  }
  if (low.value < high.value) return true;
  // A single point: only a fraction if the point itself is one and both ends include it.
  return (
    low.value === high.value && !low.exclusive && !high.exclusive && !Number.isInteger(low.value)
  );
}

/** `left` requires a property that `right` forbids, or types it disjointly. */
function objectsDisjoint(left: JsonObject, right: JsonObject): boolean {
  const required = Array.isArray(left['required']) ? (left['required'] as unknown[]) : [];
  const leftProperties = isJsonObject(left['properties']) ? left['properties'] : {};
  const rightProperties = isJsonObject(right['properties']) ? right['properties'] : {};
  const rightClosed = right['additionalProperties'] === false && !('patternProperties' in right);
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const rightHas = Object.prototype.hasOwnProperty.call(rightProperties, name);
    if (!rightHas) {
      if (rightClosed) return true;
      continue;
    }
    const leftSchema = Object.prototype.hasOwnProperty.call(leftProperties, name)
      ? leftProperties[name]
      : true;
    if (!mayOverlap(leftSchema, rightProperties[name])) return true;
  }
  return false;
}

function arraysDisjoint(left: JsonObject, right: JsonObject): boolean {
  const leftCount = lengthRange(left, 'minItems', 'maxItems');
  const rightCount = lengthRange(right, 'minItems', 'maxItems');
  if (!rangesMeet(leftCount, rightCount)) return true;
  // The empty array satisfies any `items`; disjoint items only matter when both need one.
  const needsAnItem = Math.max(leftCount[0], rightCount[0]) >= 1;
  const leftItems = left['items'];
  const rightItems = right['items'];
  if (!needsAnItem || Array.isArray(leftItems) || Array.isArray(rightItems)) return false;
  return !mayOverlap(leftItems ?? true, rightItems ?? true);
}

/** `false` only when `value` certainly fails `schema`. */
function valueMayMatch(value: unknown, schema: unknown): boolean {
  if (schema === false) return false;
  if (!isJsonObject(schema)) return true;
  const branches = schema['anyOf'] ?? schema['oneOf'];
  if (Array.isArray(branches) && !branches.some((branch) => valueMayMatch(value, branch)))
    return false;
  if ('type' in schema && !kindsOfType(schema['type']).has(kindOfValue(value))) return false;
  const allowed = allowedValues(schema);
  if (allowed !== undefined && !allowed.some((candidate) => jsonEqual(candidate, value)))
    return false;
  if (typeof value === 'string') {
    // JSON Schema counts code points, zod UTF-16 units: refuse only if both counts fail.
    const [min, max] = lengthRange(schema, 'minLength', 'maxLength');
    const lengths = [value.length, [...value].length];
    if (!lengths.some((length) => length >= min && length <= max)) return false;
    if (typeof schema['pattern'] === 'string') {
      try {
        if (!new RegExp(schema['pattern'], 'u').test(value)) return false;
      } catch {
        // An invalid pattern proves nothing.
      }
    }
  }
  if (typeof value === 'number') {
    const low = lowerBound(schema);
    const high = upperBound(schema);
    if (low.exclusive ? value <= low.value : value < low.value) return false;
    if (high.exclusive ? value >= high.value : value > high.value) return false;
  }
  return true;
}

function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null)
    return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  return (
    leftKeys.length === rightKeys.length &&
    leftKeys.every((key) =>
      jsonEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key]),
    )
  );
}

/** A short human description of a branch, for error messages. */
export function describeBranch(branch: unknown): string {
  if (branch === true) return 'any value';
  if (branch === false) return 'no value';
  if (!isJsonObject(branch)) return 'a schema';
  if ('const' in branch) return `const ${JSON.stringify(branch['const'])}`;
  if (Array.isArray(branch['enum'])) return `enum ${JSON.stringify(branch['enum'])}`;
  const nested = branch['anyOf'] ?? branch['oneOf'];
  if (Array.isArray(nested)) return `union of ${nested.map(describeBranch).join(' | ')}`;
  if (!('type' in branch)) return 'any value (no type)';
  const type = Array.isArray(branch['type'])
    ? (branch['type'] as unknown[]).join(' | ')
    : String(branch['type']);
  const required = Array.isArray(branch['required']) ? (branch['required'] as unknown[]) : [];
  if (type === 'object' && required.length > 0) return `object (required: ${required.join(', ')})`;
  const details: string[] = [];
  for (const key of [
    'minLength',
    'maxLength',
    'pattern',
    'format',
    'minimum',
    'exclusiveMinimum',
    'maximum',
    'exclusiveMaximum',
    'minItems',
    'maxItems',
  ]) {
    if (key in branch) details.push(`${key} ${JSON.stringify(branch[key])}`);
  }
  return details.length === 0 ? type : `${type} (${details.join(', ')})`;
}
