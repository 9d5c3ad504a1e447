/**
 * MCP servers send input schemas in any dialect (draft-04/07, 2019-09, 2020-12, or none at all).
 * The model and the call path need one meaningful draft 2020-12 object schema per tool, without
 * references, and registration must never fail because of a schema. Rules:
 *
 * - a missing or non-object schema, or one whose root is not an object type → `{type:'object'}`
 *   with a warning;
 * - local `$ref` (`#/$defs/X`, `#/definitions/X`, any JSON pointer into the document) are inlined;
 *   a reference that recurses is expanded {@link RECURSION_LIMIT} times, then replaced by a stub
 *   that keeps the target's `type` and says so in its description; remote references are
 *   dropped with a warning;
 * - `$schema`, `$id`, `$defs`, `definitions`, `$anchor`, `$comment` are dropped, and `$schema`
 *   is set to draft 2020-12;
 * - draft-07 spellings become 2020-12 ones: array `items` → `prefixItems` (+ `additionalItems` →
 *   `items`), `dependencies` → `dependentRequired` / `dependentSchemas`; draft-04 boolean
 *   `exclusiveMinimum`/`exclusiveMaximum` become numbers; OpenAPI `nullable: true` adds `null`
 *   to `type`;
 * - `type` arrays are kept; a node with `properties` and no `type` gets `type: object`;
 * - a `format` the validator does not know is removed and named in the description instead, and
 *   so is a `pattern` that is not a valid (unicode) regular expression;
 * - the result is validated against the draft 2020-12 meta-schema with ajv; if it fails,
 *   `{type:'object'}` with a warning.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { JsonSchema } from '../contract.js';

export const DRAFT_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** How many times one recursive reference is expanded along a path before it is stubbed. */
export const RECURSION_LIMIT = 2;
/**
 * Once this many schema nodes have been written, references are no longer expanded: inlining
 * copies subtrees, and a schema with several self-references would otherwise grow exponentially.
 */
const MAX_CONVERTED_NODES = 2_000;

/** Formats ajv-formats checks; others would be silently ignored by a validator. */
const KNOWN_FORMATS: ReadonlySet<string> = new Set(Object.keys(fullFormats));

const DROPPED_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$defs',
  'definitions',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
  '$recursiveAnchor',
]);
/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'contentSchema',
];
/** Keywords whose value is a map of schemas. */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', 'dependentSchemas'];
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

export interface NormalizedMcpSchema {
  readonly schema: JsonSchema;
  /** What was changed or given up, for the host's log. */
  readonly warnings: readonly string[];
}

type SchemaObject = Record<string, unknown>;

let sharedAjv: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  sharedAjv ??= new Ajv2020({
    strict: false,
    allErrors: false,
    validateFormats: true,
    formats: fullFormats,
    code: { optimize: false },
  });
  return sharedAjv;
}

/** Normalise one MCP `inputSchema` (or `outputSchema`); never throws. */
export function normalizeMcpInputSchema(raw: unknown): NormalizedMcpSchema {
  const warnings: string[] = [];
  const fallback = (reason: string): NormalizedMcpSchema => {
    warnings.push(`${reason}; the model is shown {"type":"object"}`);
    return { schema: { $schema: DRAFT_2020_12, type: 'object' }, warnings };
  };
  if (raw === undefined || raw === null) return fallback('no input schema');
  if (!isSchemaObject(raw)) return fallback(`input schema is ${describe(raw)}, not an object`);
  try {
    const state: State = { root: raw, warnings, nodes: 0 };
    const converted = convertNode(raw, state, []);
    if (!isSchemaObject(converted)) return fallback('input schema is not an object schema');
    if (converted.type === undefined) converted.type = 'object';
    if (!typeAllows(converted.type, 'object'))
      return fallback(
        `input schema root has type ${JSON.stringify(converted.type)}, expected "object"`,
      );
    const schema: SchemaObject = { $schema: DRAFT_2020_12, ...converted };
    // The call path compiles this schema with ajv, so a schema that cannot compile must not get
    // that far. Patterns were checked above; the meta-schema covers the rest, at a fraction of
    // the cost of a compile (which dominated registering 1 000 tools).
    if (!ajv().validateSchema(schema)) {
      return fallback(
        `input schema is not valid draft 2020-12 (${ajv().errorsText(ajv().errors)})`,
      );
    }
    return { schema, warnings };
  } catch (error) {
    return fallback(`input schema could not be read (${(error as Error).message})`);
  }
}

interface State {
  readonly root: SchemaObject;
  readonly warnings: string[];
  nodes: number;
}

function convertNode(node: unknown, state: State, refStack: readonly string[]): unknown {
  if (typeof node === 'boolean') return node;
  if (!isSchemaObject(node)) {
    state.warnings.push(`a subschema is ${describe(node)}; replaced by {} (any value)`);
    return {};
  }
  if (typeof node.$ref === 'string') return convertReference(node, node.$ref, state, refStack);
  state.nodes += 1;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (
      DROPPED_KEYWORDS.has(key) ||
      key === '$ref' ||
      key === '$dynamicRef' ||
      key === '$recursiveRef'
    )
      continue;
    if (SCHEMA_KEYWORDS.includes(key)) out[key] = convertNode(value, state, refStack);
    else if (key === 'patternProperties' && isSchemaObject(value))
      out[key] = convertPatternProperties(value, state, refStack);
    else if (SCHEMA_MAP_KEYWORDS.includes(key) && isSchemaObject(value))
      out[key] = mapValues(value, (child) => convertNode(child, state, refStack));
    else if (SCHEMA_LIST_KEYWORDS.includes(key) && Array.isArray(value))
      out[key] = value.map((child) => convertNode(child, state, refStack));
    else if (
      key === 'items' ||
      key === 'additionalItems' ||
      key === 'dependencies' ||
      key === 'nullable'
    )
      continue;
    else if (key === 'format' || key === 'pattern') continue;
    else defineValue(out, key, value);
  }
  convertItems(node, out, state, refStack);
  convertDependencies(node, out, state, refStack);
  convertExclusiveBounds(out);
  convertNullable(node, out);
  convertFormat(node, out);
  convertPattern(node, out, state);
  if (out.type === undefined && isSchemaObject(out.properties)) out.type = 'object';
  return out;
}

function convertReference(
  node: SchemaObject,
  ref: string,
  state: State,
  refStack: readonly string[],
): unknown {
  const siblings: SchemaObject = {};
  for (const [key, value] of Object.entries(node))
    if (key !== '$ref') defineValue(siblings, key, value);
  const convertedSiblings =
    Object.keys(siblings).length === 0
      ? {}
      : (convertNode(siblings, state, refStack) as SchemaObject);
  if (!ref.startsWith('#')) {
    state.warnings.push(`remote reference "${ref}" is not followed; replaced by {} (any value)`);
    return withNote(convertedSiblings, `(Refers to ${ref}, which is not included.)`);
  }
  const target = resolvePointer(state.root, ref);
  if (target === undefined) {
    state.warnings.push(`reference "${ref}" points nowhere; replaced by {} (any value)`);
    return convertedSiblings;
  }
  const depth = refStack.filter((seen) => seen === ref).length;
  if (depth >= RECURSION_LIMIT || state.nodes >= MAX_CONVERTED_NODES) {
    const stub: SchemaObject = {};
    if (isSchemaObject(target) && target.type !== undefined)
      stub.type = structuredClone(target.type);
    return {
      ...withNote(stub, `(Same structure as the enclosing ${ref}; not expanded further.)`),
      ...convertedSiblings,
    };
  }
  const expanded = convertNode(target, state, [...refStack, ref]);
  if (typeof expanded === 'boolean')
    return Object.keys(convertedSiblings).length === 0
      ? expanded
      : { allOf: [expanded], ...convertedSiblings };
  return { ...(expanded as SchemaObject), ...convertedSiblings };
}

/** RFC 6901 pointer inside a URI fragment (`#/$defs/a~1b`, percent-encoded). */
function resolvePointer(root: SchemaObject, ref: string): unknown {
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isSchemaObject(node) && Object.hasOwn(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

function convertItems(
  node: SchemaObject,
  out: SchemaObject,
  state: State,
  refStack: readonly string[],
): void {
  if (Array.isArray(node.items)) {
    // draft-07 tuple form
    out.prefixItems = node.items.map((child) => convertNode(child, state, refStack));
    if (node.additionalItems !== undefined)
      out.items = convertNode(node.additionalItems, state, refStack);
  } else if (node.items !== undefined) {
    out.items = convertNode(node.items, state, refStack);
  }
}

function convertDependencies(
  node: SchemaObject,
  out: SchemaObject,
  state: State,
  refStack: readonly string[],
): void {
  if (!isSchemaObject(node.dependencies)) return;
  for (const [property, dependency] of Object.entries(node.dependencies)) {
    if (Array.isArray(dependency)) {
      const required = (out.dependentRequired ??= {}) as SchemaObject;
      defineValue(
        required,
        property,
        dependency.filter((item) => typeof item === 'string'),
      );
    } else {
      const schemas = (out.dependentSchemas ??= {}) as SchemaObject;
      defineValue(schemas, property, convertNode(dependency, state, refStack));
    }
  }
}

function convertExclusiveBounds(out: SchemaObject): void {
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[exclusive] === true && typeof out[inclusive] === 'number') {
      out[exclusive] = out[inclusive];
      delete out[inclusive];
    } else if (typeof out[exclusive] === 'boolean') {
      delete out[exclusive];
    }
  }
}

function convertNullable(node: SchemaObject, out: SchemaObject): void {
  if (node.nullable !== true) return;
  if (typeof out.type === 'string') out.type = out.type === 'null' ? 'null' : [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
}

function convertFormat(node: SchemaObject, out: SchemaObject): void {
  if (node.format === undefined) return;
  if (typeof node.format === 'string' && KNOWN_FORMATS.has(node.format)) {
    out.format = node.format;
    return;
  }
  const named = typeof node.format === 'string' ? node.format : JSON.stringify(node.format);
  Object.assign(out, withNote(out, `(Format: ${named}.)`));
}

/** ajv compiles patterns as `new RegExp(pattern, 'u')`; one that does not compile is dropped. */
function isValidPattern(pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function convertPattern(node: SchemaObject, out: SchemaObject, state: State): void {
  if (node.pattern === undefined) return;
  if (isValidPattern(node.pattern)) {
    out.pattern = node.pattern;
    return;
  }
  const named = typeof node.pattern === 'string' ? node.pattern : JSON.stringify(node.pattern);
  state.warnings.push(
    `pattern ${JSON.stringify(named)} is not a valid regular expression; dropped`,
  );
  Object.assign(out, withNote(out, `(Pattern: ${named}.)`));
}

function convertPatternProperties(
  record: SchemaObject,
  state: State,
  refStack: readonly string[],
): SchemaObject {
  const out: SchemaObject = {};
  for (const [pattern, child] of Object.entries(record)) {
    if (isValidPattern(pattern)) defineValue(out, pattern, convertNode(child, state, refStack));
    else
      state.warnings.push(
        `patternProperties key ${JSON.stringify(pattern)} is not a valid regular expression; dropped`,
      );
  }
  return out;
}

function withNote(schema: SchemaObject, note: string): SchemaObject {
  const description =
    typeof schema.description === 'string' && schema.description !== ''
      ? `${schema.description} ${note}`
      : note;
  return { ...schema, description };
}

function typeAllows(type: unknown, wanted: string): boolean {
  return type === wanted || (Array.isArray(type) && type.includes(wanted));
}

function mapValues(record: SchemaObject, convert: (value: unknown) => unknown): SchemaObject {
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(record)) defineValue(out, key, convert(value));
  return out;
}

/** Assignment that treats `__proto__` as an ordinary key (a property may be called that). */
function defineValue(target: SchemaObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
