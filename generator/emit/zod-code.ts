/**
 * Schema language → zod source code.
 *
 * The generated module holds this code; the generator obtains the live zod schema (for
 * zod-to-json-schema) by evaluating the very same text ({@link liveZodSchema}), so the zod
 * schema the runtime validates with and the JSON Schema the model sees cannot disagree.
 */
import {
  type PropertyNamesNode,
  type SchemaNode,
  type StringNode,
} from '../manifest/manifest-schema.js';
import { jsJson, jsPropertyKey, jsString } from '../support/js-literal.js';
import { formatChecker } from '../manifest/format-checker.js';

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
      const extra = node.additionalProperties;
      let closing =
        typeof extra === 'object'
          ? `.catchall(${zodCode(extra, indent)})`
          : extra
            ? '.passthrough()'
            : '.strict()';
      if (node.propertyNames !== undefined) closing += propertyNamesCheck(node.propertyNames);
      const keys = Object.keys(node.properties);
      if (keys.length === 0) return `z.object({})${closing}`;
      const lines = keys.map((key) => {
        const property = node.properties[key]!;
        const required = node.required.includes(key);
        // A required key keeps no `.default()` (that would make it optional): its default is an
        // annotation in the JSON Schema only, as in JSON Schema itself (see annotateJsonSchema).
        let code = zodCode(required ? { ...property, default: undefined } : property, inner);
        // `.default()` already makes the input side optional.
        if (!required && property.default === undefined) code = insertOptional(code, property);
        // zod lets `undefined` pass `z.unknown()`, so a required "any" key must say it is there.
        if (required && property.type === 'any' && !property.nullable)
          code = insertBeforeDescribe(
            code,
            property,
            '.refine((value) => value !== undefined, { message: "Required" })',
          );
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
    case 'any':
      return 'z.unknown()';
  }
}

/** A zod check that every key of the object passes `names` (JSON Schema `propertyNames`). */
function propertyNamesCheck(names: PropertyNamesNode): string {
  const check = `z.string()${stringConstraints(names)}`;
  return `.superRefine((value, context) => { for (const key of Object.keys(value)) if (!${check}.safeParse(key).success) context.addIssue({ code: "custom", path: [key], message: ${jsString('Invalid property name')} }); })`;
}

/** Whether zod checks `format` itself (the five {@link STRING_FORMATS}). */
export function isZodFormat(format: string | undefined): boolean {
  return format !== undefined && formatChecker(format) === 'zod';
}

/**
 * Whether the JSON Schema of {@link zodCode}'s schema states every check that code makes, so
 * that ajv may admit a call without zod (the contract's `inputSchemaExact`). A `format` is the
 * exception: zod's `.url()`, `.email()`, … are zod's own code, not ajv-formats' definitions.
 */
export function zodChecksAreJsonSchema(node: SchemaNode): boolean {
  switch (node.type) {
    case 'string':
      return !isZodFormat(node.format);
    case 'array':
      return zodChecksAreJsonSchema(node.items);
    case 'object':
      return (
        Object.values(node.properties).every(zodChecksAreJsonSchema) &&
        (typeof node.additionalProperties !== 'object' ||
          zodChecksAreJsonSchema(node.additionalProperties))
      );
    case 'union':
      return node.anyOf.every(zodChecksAreJsonSchema);
    default:
      return true;
  }
}

function stringConstraints(node: StringNode | PropertyNamesNode): string {
  let code = '';
  if (node.minLength !== undefined) code += `.min(${node.minLength})`;
  if (node.maxLength !== undefined) code += `.max(${node.maxLength})`;
  // The manifest loader checks patterns with the `u` flag; ajv compiles JSON Schema patterns
  // with `u` too, so zod and the JSON Schema gate agree on what a pattern means.
  if (node.pattern !== undefined) code += `.regex(new RegExp(${jsString(node.pattern)}, "u"))`;
  switch ('format' in node ? node.format : undefined) {
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
    default:
      // Other formats are not zod's: carried in the JSON Schema (see annotateJsonSchema).
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
  const description = describedText(node);
  if (description !== undefined) code += `.describe(${jsString(description)})`;
  return code;
}

/**
 * The description the model sees: the manifest's, plus a note naming a format nothing checks
 * (neither zod nor ajv-formats knows it), so the model still learns what is expected.
 */
export function describedText(node: SchemaNode): string | undefined {
  const format = node.type === 'string' ? node.format : undefined;
  if (format === undefined || formatChecker(format) !== 'none') return node.description;
  const note = `(Format: ${format}.)`;
  return node.description === undefined || node.description === ''
    ? note
    : `${node.description} ${note}`;
}

/** Put `.optional()` before `.describe()`, so the description stays on the outermost schema. */
function insertOptional(code: string, node: SchemaNode): string {
  return insertBeforeDescribe(code, node, '.optional()');
}

function insertBeforeDescribe(code: string, node: SchemaNode, suffix: string): string {
  const description = describedText(node);
  if (description === undefined) return `${code}${suffix}`;
  const describe = `.describe(${jsString(description)})`;
  return `${code.slice(0, code.length - describe.length)}${suffix}${describe}`;
}
