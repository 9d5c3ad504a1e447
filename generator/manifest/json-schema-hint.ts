/**
 * Advice for JSON Schema pasted into `input` / `output`: the construct it uses, named, and the
 * manifest form that says the same. The zod language alone would call `enum` an unknown field,
 * suggest `properties` for `propertyNames`, and report `type: missing` for `$ref`, `oneOf` or `{}`.
 */
import type { FieldPath } from './field-path.js';

/** The hint for a problem at `path` (inside a schema), or undefined when none applies. */
export function jsonSchemaHint(
  code: string,
  path: FieldPath,
  valueAt: (path: FieldPath) => unknown,
): string | undefined {
  if (path[0] !== 'input' && path[0] !== 'output') return undefined;
  const last = path[path.length - 1];
  if (code === 'unknown_field' && typeof last === 'string')
    return keywordHint(last, valueAt(path.slice(0, -1)));
  if (code === 'missing_field' && last === 'type') return untypedHint(valueAt(path.slice(0, -1)));
  if (last === 'type') {
    const type = valueAt(path);
    if (Array.isArray(type))
      return type.includes('null') && type.length === 2
        ? `JSON Schema's type list [${type.join(', ')}] is written \`type: ${type.find((item) => item !== 'null')}, nullable: true\``
        : `JSON Schema's type list is written as a union: \`type: union, anyOf: [{ type: ${String(type[0])} }, …]\``;
    if (type === 'null')
      return "JSON Schema's type null is written `type: const, value: null` (or `nullable: true` on another type)";
  }
  if (
    (last === 'exclusiveMinimum' || last === 'exclusiveMaximum') &&
    typeof valueAt(path) === 'boolean'
  )
    return `draft-4's boolean ${last} is written as the bound itself: \`${last}: <number>\` instead of ${last === 'exclusiveMinimum' ? 'minimum' : 'maximum'}`;
  if (last === 'items' && Array.isArray(valueAt(path)))
    return 'tuple items (a schema per position) have no manifest form; use one schema for every item, or an object';
  return undefined;
}

function keywordHint(keyword: string, node: unknown): string | undefined {
  switch (keyword) {
    case 'enum':
      return `JSON Schema's enum is written \`type: enum, values: [${summarise(node, 'enum')}]\``;
    case 'const':
      return `JSON Schema's const is written \`type: const, value: ${summarise(node, 'const')}\``;
    case 'oneOf':
      return "JSON Schema's oneOf is written `type: union, anyOf: [...]` (exclusive: a value matches one branch)";
    case 'anyOf':
      return "JSON Schema's anyOf is written `type: union, exclusive: false, anyOf: [...]`";
    case 'allOf':
      return "allOf has no manifest form: merge the objects' properties and required lists into one object";
    case 'propertyNames':
      return '`propertyNames: { pattern, minLength, maxLength }` is allowed on `type: object` only';
    case '$defs':
    case 'definitions':
      return `${keyword} is allowed at the root of input / output only (use \`{ $ref: '#/$defs/Name' }\` below it)`;
    case 'title':
    case 'examples':
    case '$comment':
      return `${keyword} is not part of the manifest language; put what it says into description`;
    case '$schema':
    case '$id':
      return `${keyword} is not needed: the generator sets the JSON Schema dialect itself`;
    case 'uniqueItems':
      return 'uniqueItems has no manifest form; check it in validateInput (hooks) if it matters';
    case 'patternProperties':
      return 'patternProperties is written `additionalProperties: <schema>` with `propertyNames: { pattern }`';
    case 'not':
    case 'if':
    case 'then':
    case 'else':
    case 'dependentRequired':
    case 'dependentSchemas':
      return `${keyword} has no manifest form; check it in validateInput (hooks)`;
    case 'additionalProperties':
    case 'properties':
    case 'required':
      return `${keyword} belongs to \`type: object\``;
    case 'items':
      return 'items belongs to `type: array`';
    case 'format':
    case 'pattern':
    case 'minLength':
    case 'maxLength':
      return `${keyword} belongs to \`type: string\``;
    default:
      return undefined;
  }
}

function untypedHint(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  if (keys.length === 0) return 'an empty schema `{}` (any value) is written `type: any`';
  if (keys.includes('$ref'))
    return "a $ref must point into the $defs at the root of input / output: `{ $ref: '#/$defs/Name' }`";
  if (keys.includes('oneOf'))
    return "JSON Schema's oneOf is written `type: union, anyOf: [...]` (exclusive)";
  if (keys.includes('anyOf'))
    return "JSON Schema's anyOf is written `type: union, exclusive: false, anyOf: [...]`";
  if (keys.includes('enum')) return "JSON Schema's enum is written `type: enum, values: [...]`";
  if (keys.includes('const')) return "JSON Schema's const is written `type: const, value: ...`";
  if (keys.includes('properties')) return 'a schema with properties needs `type: object`';
  if (keys.includes('items')) return 'a schema with items needs `type: array`';
  if (keys.every((key) => key === 'description' || key === 'default' || key === 'title'))
    return 'a schema with no type (any value) is written `type: any`';
  return undefined;
}

function summarise(node: unknown, key: string): string {
  const value =
    typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  if (key === 'enum' && Array.isArray(value))
    return value.map((item) => JSON.stringify(item)).join(', ');
  return value === undefined ? '...' : JSON.stringify(value);
}
