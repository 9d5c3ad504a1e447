/**
 * MCP servers send input schemas in any dialect (draft-04/07, 2019-09, 2020-12, or none at all).
 * The model and the call path need one meaningful draft 2020-12 object schema per tool, without
 * references, and registration must never fail because of a schema. Rules:
 *
 * - a missing or non-object schema, or one whose root is not an object type → `{type:'object'}`
 *   with a warning;
 * - local `$ref` (`#/$defs/X`, `#/definitions/X`, any JSON pointer into the document) are inlined
 *   by `inlineLocalRefs` (`runtime/json-schema/`): a reference that recurses is expanded
 *   {@link RECURSION_LIMIT} times, then replaced by a stub that keeps the target's `type` and
 *   says so in its description; remote references are dropped with a warning;
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
import { capEcho } from '../../core/cap-echo.js';
import { compileLinearRegExp, linearRegExpEngine } from '../../core/support/linear-regexp.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { JsonSchema } from '../../core/contract.js';
import { DRAFT_2020_12 } from '../../core/json-schema/draft-2020-12.js';
import {
  DEFAULT_RECURSION_LIMIT,
  inlineLocalRefs,
} from '../../core/json-schema/inline-local-refs.js';
import { DEFINITION_KEYWORDS, subschemaKind } from '../../core/json-schema/subschema-keywords.js';
import { withDescriptionNote } from '../../core/json-schema/with-description-note.js';
import { defineEntry } from '../../core/support/define-entry.js';
import { loadAjv2020, loadFullFormats } from '../../core/support/load-ajv.js';
import { isJsonObject, type JsonObject } from '../../core/support/is-json-object.js';

/** How many times one recursive reference is expanded along a path before it is stubbed. */
export const RECURSION_LIMIT = DEFAULT_RECURSION_LIMIT;

/** Formats ajv-formats checks; others would be silently ignored by a validator. */
let knownFormats: ReadonlySet<string> | undefined;
export function isKnownFormat(format: string): boolean {
  knownFormats ??= new Set(Object.keys(loadFullFormats()));
  return knownFormats.has(format);
}

const DROPPED_KEYWORDS = new Set([
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$comment',
  '$recursiveAnchor',
]);
/** References are inlined before conversion; a non-string one is dropped. */
export const REFERENCE_KEYWORDS: ReadonlySet<string> = new Set([
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
]);
/** Keywords converted by their own step below (draft-07 spellings, checked values). */
const CONVERTED_SEPARATELY = new Set([
  'items',
  'additionalItems',
  'dependencies',
  'nullable',
  'format',
  'pattern',
]);

export interface NormalizedMcpSchema {
  readonly schema: JsonSchema;
  /** What was changed or given up, for the host's log. */
  readonly warnings: readonly string[];
}

let sharedAjv: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  if (sharedAjv === undefined) {
    const Ajv = loadAjv2020();
    sharedAjv = new Ajv({
      strict: false,
      allErrors: false,
      validateFormats: true,
      formats: loadFullFormats(),
      code: { optimize: false, regExp: linearRegExpEngine },
    });
  }
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
  if (!isJsonObject(raw)) return fallback(`input schema is ${describe(raw)}, not an object`);
  try {
    const inlined = inlineLocalRefs(raw, { recursionLimit: RECURSION_LIMIT });
    warnings.push(...inlined.warnings);
    const state: State = { warnings };
    const converted = convertNode(inlined.schema, state);
    if (!isJsonObject(converted)) return fallback('input schema is not an object schema');
    if (converted.type === undefined) converted.type = 'object';
    if (!typeAllows(converted.type, 'object'))
      return fallback(
        `input schema root has type ${JSON.stringify(converted.type)}, expected "object"`,
      );
    const schema: JsonObject = { $schema: DRAFT_2020_12, ...converted };
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
  readonly warnings: string[];
}

/**
 * Whether the conversion loop passes `key` by: dropped (`$schema`, definitions, references) or
 * converted by its own step after the other keywords (`items`, `dependencies`, `format`, …).
 */
export function isConvertedApart(key: string): boolean {
  return (
    DROPPED_KEYWORDS.has(key) ||
    DEFINITION_KEYWORDS.has(key) ||
    REFERENCE_KEYWORDS.has(key) ||
    CONVERTED_SEPARATELY.has(key)
  );
}

/** Convert one (reference-free) node; the subschemas it holds are converted first. */
function convertNode(node: unknown, state: State): unknown {
  if (typeof node === 'boolean') return node;
  if (!isJsonObject(node)) {
    state.warnings.push(`a subschema is ${describe(node)}; replaced by {} (any value)`);
    return {};
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (isConvertedApart(key)) continue;
    const kind = subschemaKind(key);
    if (kind === 'schema') out[key] = convertNode(value, state);
    else if (key === 'patternProperties' && isJsonObject(value))
      out[key] = convertPatternProperties(value, state);
    else if (kind === 'schema-map' && isJsonObject(value))
      out[key] = mapValues(value, (child) => convertNode(child, state));
    else if (kind === 'schema-list' && Array.isArray(value))
      out[key] = value.map((child) => convertNode(child, state));
    else defineEntry(out, key, value);
  }
  convertItems(node, out, state);
  convertDependencies(node, out, state);
  convertExclusiveBounds(out);
  convertNullable(node, out);
  convertFormat(node, out);
  convertPattern(node, out, state);
  if (out.type === undefined && isJsonObject(out.properties)) out.type = 'object';
  return out;
}

function convertItems(node: JsonObject, out: JsonObject, state: State): void {
  if (Array.isArray(node.items)) {
    // draft-07 tuple form
    out.prefixItems = node.items.map((child) => convertNode(child, state));
    if (node.additionalItems !== undefined) out.items = convertNode(node.additionalItems, state);
  } else if (node.items !== undefined) {
    out.items = convertNode(node.items, state);
  }
}

function convertDependencies(node: JsonObject, out: JsonObject, state: State): void {
  if (!isJsonObject(node.dependencies)) return;
  for (const [property, dependency] of Object.entries(node.dependencies)) {
    if (Array.isArray(dependency)) {
      const required = (out.dependentRequired ??= {}) as JsonObject;
      defineEntry(
        required,
        property,
        dependency.filter((item) => typeof item === 'string'),
      );
    } else {
      const schemas = (out.dependentSchemas ??= {}) as JsonObject;
      defineEntry(schemas, property, convertNode(dependency, state));
    }
  }
}

function convertExclusiveBounds(out: JsonObject): void {
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

function convertNullable(node: JsonObject, out: JsonObject): void {
  if (node.nullable !== true) return;
  if (typeof out.type === 'string') out.type = out.type === 'null' ? 'null' : [out.type, 'null'];
  else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
}

function convertFormat(node: JsonObject, out: JsonObject): void {
  if (node.format === undefined) return;
  if (typeof node.format === 'string' && isKnownFormat(node.format)) {
    out.format = node.format;
    return;
  }
  const named = typeof node.format === 'string' ? node.format : JSON.stringify(node.format);
  Object.assign(out, withDescriptionNote(out, unknownFormatNote(named)));
}

/** What the description says of a removed `format` (`named`: the format). */
export function unknownFormatNote(named: string): string {
  return `(Format: ${named}.)`;
}

/**
 * Patterns are matched with RE2 (linear time, see `linear-regexp.ts`), as the call-time validator
 * does; one RE2 cannot compile (look-around, back-references, a bad pattern) is dropped.
 */
export function isValidPattern(pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false;
  try {
    compileLinearRegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function convertPattern(node: JsonObject, out: JsonObject, state: State): void {
  if (node.pattern === undefined) return;
  if (isValidPattern(node.pattern)) {
    out.pattern = node.pattern;
    return;
  }
  const named = capEcho(
    typeof node.pattern === 'string' ? node.pattern : JSON.stringify(node.pattern),
  );
  state.warnings.push(droppedPatternWarning(named));
  Object.assign(out, withDescriptionNote(out, droppedPatternNote(named)));
}

/** The warning for a dropped `pattern` (`named`: the pattern, capped). */
export function droppedPatternWarning(named: string): string {
  return `pattern ${JSON.stringify(named)} is not a valid RE2 regular expression (no look-around or back-references); dropped`;
}

/** What the description says of a dropped `pattern`. */
export function droppedPatternNote(named: string): string {
  return `(Pattern: ${named}.)`;
}

function convertPatternProperties(record: JsonObject, state: State): JsonObject {
  const out: JsonObject = {};
  for (const [pattern, child] of Object.entries(record)) {
    if (isValidPattern(pattern)) defineEntry(out, pattern, convertNode(child, state));
    else
      state.warnings.push(
        `patternProperties key ${JSON.stringify(capEcho(pattern))} is not a valid RE2 regular expression (no look-around or back-references); dropped`,
      );
  }
  return out;
}

function typeAllows(type: unknown, wanted: string): boolean {
  return type === wanted || (Array.isArray(type) && type.includes(wanted));
}

function mapValues(record: JsonObject, convert: (value: unknown) => unknown): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(record)) defineEntry(out, key, convert(value));
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
