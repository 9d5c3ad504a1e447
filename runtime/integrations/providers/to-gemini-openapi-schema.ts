/**
 * JSON Schema → the OpenAPI 3.0 subset of Gemini's legacy `FunctionDeclaration.parameters`
 * (`Schema` in `@google/genai`). The subset has upper-case `type` names, `nullable` instead of
 * `null` types, string `enum`s only, int64 lengths and counts written as strings, and no
 * `$schema`, `additionalProperties`, `propertyNames`, `exclusiveMinimum`/`exclusiveMaximum`,
 * `const`, type lists or `$ref`. Rules:
 *
 * - `type: [T, "null"]`, `anyOf`/`oneOf` with a `{type: null}` branch → `T` + `nullable: true`;
 *   other type lists → `anyOf` of one schema per type; `oneOf` → `anyOf`;
 * - a string `const` → a one-value `enum`; other consts, non-string enums, string formats other
 *   than `date-time`/`enum`, exclusive bounds, `multipleOf`, `uniqueItems` → said in the
 *   description (`Constraints: …`), as the strict projections do;
 * - `additionalProperties`, `propertyNames`, `$schema`, `$id`, `$comment`, `examples`, `readOnly`,
 *   `writeOnly`, `deprecated` → dropped (Gemini treats objects as listing their properties);
 * - an object without listed properties keeps `type: OBJECT` only (Gemini refuses an empty
 *   `properties`);
 * - `allOf`, `not`, `if`/`then`/`else`, `patternProperties`, `prefixItems`, `$ref` and boolean
 *   schemas cannot be said: each is a problem, and the tool is not sent in this form.
 */
import { foldConstraints } from '../adapters/describe-constraints.js';
import { formatJsonPointer } from '../../core/json-schema/json-pointer.js';
import { typeList } from '../../core/json-schema/type-list.js';
import { schemaProblem, type SchemaProblem } from '../../core/json-schema/schema-problem.js';
import { isJsonObject as isSchemaObject } from '../../core/support/is-json-object.js';
import type { JsonSchema } from '../../core/contract.js';

/** A node of Gemini's OpenAPI subset. */
export type GeminiSchema = { [keyword: string]: unknown };

export type GeminiSchemaResult =
  | { readonly ok: true; readonly schema: GeminiSchema | undefined }
  | { readonly ok: false; readonly problems: readonly SchemaProblem[] };

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'STRING',
  number: 'NUMBER',
  integer: 'INTEGER',
  boolean: 'BOOLEAN',
  array: 'ARRAY',
  object: 'OBJECT',
  null: 'NULL',
};

const DROPPED: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'additionalProperties',
  'propertyNames',
]);

/** Keywords Gemini's subset cannot say and that cannot be folded without changing what is accepted. */
const UNSUPPORTED: ReadonlySet<string> = new Set([
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  'prefixItems',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$ref',
  '$defs',
  'definitions',
]);

/** Numbers the subset writes as strings (int64 in the API). */
const INT64_KEYWORDS: ReadonlySet<string> = new Set([
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
]);

/** Folded into the description, in this order. */
const FOLDED_ORDER: readonly string[] = [
  'const',
  'enum',
  'format',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'uniqueItems',
];

const GEMINI_FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  STRING: new Set(['date-time', 'enum']),
  INTEGER: new Set(['int32', 'int64']),
  NUMBER: new Set(['float', 'double']),
};

/**
 * The `parameters` of a function declaration for `schema` (`undefined` for a tool without
 * parameters: Gemini wants the field left out then), or every problem that keeps it from being said.
 */
export function toGeminiOpenApiSchema(schema: JsonSchema): GeminiSchemaResult {
  const problems: SchemaProblem[] = [];
  if (typeList(schema['type'])[0] !== 'object' && !isSchemaObject(schema['properties']))
    problems.push(schemaProblem('root-not-object', ''));
  const converted = convertNode(schema, [], problems);
  if (problems.length > 0) return { ok: false, problems };
  const properties = converted['properties'];
  if (!isSchemaObject(properties) || Object.keys(properties).length === 0)
    return { ok: true, schema: undefined };
  return { ok: true, schema: converted };
}

function convertNode(
  node: unknown,
  tokens: readonly string[],
  problems: SchemaProblem[],
): GeminiSchema {
  const pointer = formatJsonPointer(tokens);
  if (!isSchemaObject(node)) {
    problems.push(
      schemaProblem('unsupported-keyword', pointer, `${JSON.stringify(node)} (a boolean schema)`),
    );
    return {};
  }
  for (const keyword of Object.keys(node))
    if (UNSUPPORTED.has(keyword))
      problems.push(schemaProblem('unsupported-keyword', pointer, keyword));

  // Unions: a `null` branch becomes `nullable`; one branch left is merged into the node.
  const union = Array.isArray(node['anyOf'])
    ? node['anyOf']
    : Array.isArray(node['oneOf'])
      ? node['oneOf']
      : undefined;
  const unionKeyword = Array.isArray(node['anyOf']) ? 'anyOf' : 'oneOf';
  let nullable = node['nullable'] === true;
  let branches: { schema: unknown; tokens: string[] }[] = [];
  if (union !== undefined) {
    union.forEach((branch, index) => {
      if (
        isSchemaObject(branch) &&
        typeList(branch['type']).length === 1 &&
        branch['type'] === 'null' &&
        Object.keys(branch).length === 1
      )
        nullable = true;
      else branches.push({ schema: branch, tokens: [...tokens, unionKeyword, String(index)] });
    });
  }

  const types = typeList(node['type']);
  if (types.includes('null')) nullable = true;
  const nonNullTypes = types.filter((type) => type !== 'null');
  if (nonNullTypes.length > 1) {
    // A list of types: one branch per type, each with the keywords that apply to all.
    const { type: _types, ...rest } = node;
    branches = nonNullTypes.map((type) => ({ schema: { ...rest, type }, tokens: [...tokens] }));
    const result: GeminiSchema = {
      anyOf: branches.map((branch) => convertNode(branch.schema, branch.tokens, problems)),
    };
    if (typeof node['description'] === 'string') result['description'] = node['description'];
    if (nullable) result['nullable'] = true;
    return result;
  }

  const entries: [string, unknown][] = [];
  const folded: [string, unknown][] = [];
  const type =
    nonNullTypes[0] ??
    (isSchemaObject(node['properties']) ? 'object' : 'items' in node ? 'array' : undefined);
  const typeName = type === undefined ? undefined : TYPE_NAMES[type];
  if (typeName !== undefined) entries.push(['type', typeName]);
  if (branches.length === 1 && union !== undefined) {
    const merged = convertNode(branches[0]!.schema, branches[0]!.tokens, problems);
    for (const [keyword, value] of Object.entries(merged))
      if (keyword !== 'description' || !('description' in node)) entries.push([keyword, value]);
  } else if (branches.length > 1) {
    entries.push([
      'anyOf',
      branches.map((branch) => convertNode(branch.schema, branch.tokens, problems)),
    ]);
  }

  for (const [keyword, value] of Object.entries(node)) {
    if (DROPPED.has(keyword) || UNSUPPORTED.has(keyword)) continue;
    switch (keyword) {
      case 'type':
      case 'anyOf':
      case 'oneOf':
      case 'nullable':
        break;
      case 'description':
      case 'title':
      case 'pattern':
      case 'minimum':
      case 'maximum':
      case 'default':
        entries.push([keyword, value]);
        break;
      case 'const':
        if (typeof value === 'string') {
          if (typeName === undefined) entries.unshift(['type', 'STRING']);
          entries.push(['enum', [value]]);
        } else folded.push([keyword, value]);
        break;
      case 'enum':
        if (
          Array.isArray(value) &&
          value.every((item) => typeof item === 'string' || item === null)
        ) {
          if (value.includes(null)) nullable = true;
          if (typeName === undefined) entries.unshift(['type', 'STRING']);
          entries.push(['enum', value.filter((item) => item !== null)]);
        } else folded.push([keyword, value]);
        break;
      case 'format':
        if (typeName !== undefined && GEMINI_FORMATS[typeName]?.has(String(value)))
          entries.push([keyword, value]);
        else folded.push([keyword, value]);
        break;
      case 'properties':
        if (isSchemaObject(value) && Object.keys(value).length > 0) {
          entries.push([
            keyword,
            Object.fromEntries(
              Object.entries(value).map(([name, child]) => [
                name,
                convertNode(child, [...tokens, keyword, name], problems),
              ]),
            ),
          ]);
        }
        break;
      case 'required':
        if (Array.isArray(value) && value.length > 0 && isSchemaObject(node['properties']))
          entries.push([
            keyword,
            value.filter(
              (name) => typeof name === 'string' && name in (node['properties'] as object),
            ),
          ]);
        break;
      case 'items':
        if (Array.isArray(value))
          problems.push(schemaProblem('unsupported-keyword', pointer, 'items (array form)'));
        else entries.push([keyword, convertNode(value, [...tokens, keyword], problems)]);
        break;
      default:
        if (INT64_KEYWORDS.has(keyword)) entries.push([keyword, String(value)]);
        else if (FOLDED_ORDER.includes(keyword)) folded.push([keyword, value]);
        // Any other keyword is an annotation the subset has no field for.
        break;
    }
  }
  if (nullable) entries.push(['nullable', true]);
  const result: GeminiSchema = Object.fromEntries(entries);
  const description = foldConstraints(node['description'], folded, FOLDED_ORDER);
  if (description !== undefined) result['description'] = description;
  return result;
}
