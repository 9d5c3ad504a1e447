/**
 * Schema language → zod source code.
 *
 * The generated module holds this code; the generator obtains the live zod schema (for
 * zod-to-json-schema) by evaluating the very same text ({@link liveZodSchema}), so the zod
 * schema the runtime validates with and the JSON Schema the model sees cannot disagree.
 */
import type { SchemaNode, StringNode } from '../manifest/manifest-schema.js';
import { jsJson, jsPropertyKey, jsString } from '../support/js-literal.js';

const INDENT = '  ';

/**
 * zod code for `node`, formatted over several lines when it holds objects or unions. Lines after
 * the first are prefixed with `indent`, so the result can be placed at that indentation.
 */
export function zodCode(node: SchemaNode, indent = ''): string {
  return withModifiers(node, baseCode(node, indent));
}

function baseCode(node: SchemaNode, indent: string): string {
  const inner = indent + INDENT;
  switch (node.type) {
    case 'string':
      return `z.string()${stringConstraints(node)}`;
    case 'number':
    case 'integer': {
      let code = node.type === 'integer' ? 'z.number().int()' : 'z.number()';
      if (node.minimum !== undefined) code += `.gte(${jsJson(node.minimum)})`;
      if (node.exclusiveMinimum !== undefined) code += `.gt(${jsJson(node.exclusiveMinimum)})`;
      if (node.maximum !== undefined) code += `.lte(${jsJson(node.maximum)})`;
      if (node.exclusiveMaximum !== undefined) code += `.lt(${jsJson(node.exclusiveMaximum)})`;
      return code;
    }
    case 'boolean':
      return 'z.boolean()';
    case 'array': {
      let code = `z.array(${zodCode(node.items, indent)})`;
      if (node.minItems !== undefined) code += `.min(${node.minItems})`;
      if (node.maxItems !== undefined) code += `.max(${node.maxItems})`;
      return code;
    }
    case 'object': {
      const closing = node.additionalProperties ? '.passthrough()' : '.strict()';
      const keys = Object.keys(node.properties);
      if (keys.length === 0) return `z.object({})${closing}`;
      const lines = keys.map((key) => {
        const property = node.properties[key]!;
        let code = zodCode(property, inner);
        // `.default()` already makes the input side optional.
        if (!node.required.includes(key) && property.default === undefined)
          code = insertOptional(code, property);
        return `${inner}${jsPropertyKey(key)}: ${code},`;
      });
      return `z.object({\n${lines.join('\n')}\n${indent}})${closing}`;
    }
    case 'enum': {
      const values = node.values;
      if (values.every((value) => typeof value === 'string'))
        return `z.enum([${values.map(jsJson).join(', ')}])`;
      if (values.length === 1) return `z.literal(${jsJson(values[0])})`;
      return `z.union([${values.map((value) => `z.literal(${jsJson(value)})`).join(', ')}])`;
    }
    case 'const':
      return node.value === null ? 'z.null()' : `z.literal(${jsJson(node.value)})`;
    case 'union': {
      const branches = node.anyOf.map((branch) => `${inner}${zodCode(branch, inner)},`);
      return `z.union([\n${branches.join('\n')}\n${indent}])`;
    }
  }
}

/**
 * Whether the JSON Schema of {@link zodCode}'s schema states every check that code makes, so
 * that ajv may admit a call without zod (the contract's `inputSchemaExact`). A `format` is the
 * exception: zod's `.url()`, `.email()`, … are zod's own code, not ajv-formats' definitions.
 */
export function zodChecksAreJsonSchema(node: SchemaNode): boolean {
  switch (node.type) {
    case 'string':
      return node.format === undefined;
    case 'array':
      return zodChecksAreJsonSchema(node.items);
    case 'object':
      return Object.values(node.properties).every(zodChecksAreJsonSchema);
    case 'union':
      return node.anyOf.every(zodChecksAreJsonSchema);
    default:
      return true;
  }
}

function stringConstraints(node: StringNode): string {
  let code = '';
  if (node.minLength !== undefined) code += `.min(${node.minLength})`;
  if (node.maxLength !== undefined) code += `.max(${node.maxLength})`;
  // The manifest loader checks patterns with the `u` flag; ajv compiles JSON Schema patterns
  // with `u` too, so zod and the JSON Schema gate agree on what a pattern means.
  if (node.pattern !== undefined) code += `.regex(new RegExp(${jsString(node.pattern)}, "u"))`;
  switch (node.format) {
    case undefined:
      break;
    case 'uri':
      code += '.url()';
      break;
    case 'email':
      code += '.email()';
      break;
    case 'uuid':
      code += '.uuid()';
      break;
    case 'date-time':
      code += '.datetime({ offset: true })';
      break;
    case 'date':
      code += '.date()';
      break;
  }
  return code;
}

/** `.nullable()`, `.default()` and `.describe()`, in the order zod-to-json-schema reads them. */
function withModifiers(node: SchemaNode, code: string): string {
  if (node.nullable) code += '.nullable()';
  if (node.default !== undefined) {
    // A function default hands out a fresh copy, so one call cannot mutate the next one's default.
    const isStructured = typeof node.default === 'object' && node.default !== null;
    code += isStructured
      ? `.default(() => (${jsJson(node.default)}))`
      : `.default(${jsJson(node.default)})`;
  }
  if (node.description !== undefined) code += `.describe(${jsString(node.description)})`;
  return code;
}

/** Put `.optional()` before `.describe()`, so the description stays on the outermost schema. */
function insertOptional(code: string, node: SchemaNode): string {
  if (node.description === undefined) return `${code}.optional()`;
  const describe = `.describe(${jsString(node.description)})`;
  return `${code.slice(0, code.length - describe.length)}.optional()${describe}`;
}
