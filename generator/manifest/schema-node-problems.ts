/**
 * Checks of `input` / `output` schemas that the manifest language (zod) cannot express: every
 * `required` name is a property, bounds leave some value possible, enum values are distinct,
 * patterns are safe in both dialects, and the schema nests no deeper than the emitted TypeScript
 * can be checked. Without them such a schema generates fine and is silently damaged on the way
 * (a `required` entry dropped, a parameter no call can satisfy).
 */
import type { FieldPath } from './field-path.js';
import type { Manifest, SchemaNode } from './manifest-schema.js';
import { regExpProblem } from './regexp-problem.js';
import { formatChecker } from './format-checker.js';
import type { UnlocatedIssue } from './translate-zod-issue.js';

/**
 * Deepest nesting of schema nodes (an array's `items`, an object's property, a union branch each
 * add one level; the root is level 1). The generated zod types of deeper schemas approach what
 * `tsc` can instantiate (100 levels fail with TS2321).
 */
export const MAX_SCHEMA_DEPTH = 32;
/** Nesting from which a schema gets a warning: legal, but hard for a model to fill in. */
export const SCHEMA_DEPTH_WARNING = 12;

/** The problems of both schemas of `manifest`, and warnings that do not fail the run. */
export function schemaNodeProblems(manifest: Manifest): {
  readonly issues: UnlocatedIssue[];
  readonly warnings: UnlocatedIssue[];
} {
  const issues: UnlocatedIssue[] = [];
  const warnings: UnlocatedIssue[] = [];
  for (const side of ['input', 'output'] as const) {
    let warned = false;
    // Iterative: the loader bounds YAML depth, but this walk must not depend on it.
    const pending: [SchemaNode, FieldPath, number][] = [[manifest[side], [side], 1]];
    while (pending.length > 0) {
      const [node, path, depth] = pending.pop()!;
      if (depth > MAX_SCHEMA_DEPTH) {
        issues.push({
          code: 'too_deep',
          path,
          anchor: 'value',
          message: `the schema nests deeper than ${MAX_SCHEMA_DEPTH} levels (the limit; the generated types would not type-check); flatten it`,
        });
        break;
      }
      if (depth > SCHEMA_DEPTH_WARNING && !warned) {
        warned = true;
        warnings.push({
          code: 'too_deep',
          path,
          anchor: 'value',
          message: `the schema nests ${depth} levels deep (warning from ${SCHEMA_DEPTH_WARNING + 1}, limit ${MAX_SCHEMA_DEPTH}); models fill in deep schemas poorly`,
        });
      }
      issues.push(...nodeProblems(node, path));
      warnings.push(...nodeWarnings(node, path));
      const children: [SchemaNode, FieldPath][] = [];
      if (node.type === 'object')
        for (const [name, child] of Object.entries(node.properties))
          children.push([child, [...path, 'properties', name]]);
      if (node.type === 'object' && typeof node.additionalProperties === 'object')
        children.push([node.additionalProperties, [...path, 'additionalProperties']]);
      if (node.type === 'array') children.push([node.items, [...path, 'items']]);
      if (node.type === 'union')
        node.anyOf.forEach((branch, index) => children.push([branch, [...path, 'anyOf', index]]));
      for (const [child, childPath] of children.reverse())
        pending.push([child, childPath, depth + 1]);
    }
  }
  return { issues, warnings };
}

/**
 * What the generator carries in a weaker form than the manifest may mean: a format nothing
 * checks (a note in the description only), a default on a required key (the key stays required,
 * so the default is never applied; JSON Schema means the same, a YAML author may not).
 */
function nodeWarnings(node: SchemaNode, path: FieldPath): UnlocatedIssue[] {
  const warnings: UnlocatedIssue[] = [];
  if (node.type === 'string' && node.format !== undefined && formatChecker(node.format) === 'none')
    warnings.push({
      code: 'unchecked_format',
      path: [...path, 'format'],
      anchor: 'value',
      message: `no validator knows the format ${JSON.stringify(node.format)}: it is carried as a note in the description ("(Format: ${node.format}.)") and not checked; use pattern to check it`,
    });
  if (node.type === 'object')
    for (const name of node.required)
      if (Object.hasOwn(node.properties, name) && node.properties[name]!.default !== undefined)
        warnings.push({
          code: 'required_with_default',
          path: [...path, 'properties', name, 'default'],
          anchor: 'value',
          message: `${JSON.stringify(name)} is required, so its default is never applied (it is shown to the model as an annotation, as in JSON Schema); remove ${JSON.stringify(name)} from required to make it optional with this default`,
        });
  return warnings;
}

function nodeProblems(node: SchemaNode, path: FieldPath): UnlocatedIssue[] {
  const problems: UnlocatedIssue[] = [];
  const empty = (field: string, message: string): void => {
    problems.push({ code: 'invalid_bounds', path: [...path, field], anchor: 'value', message });
  };
  const bound = (
    lowField: string,
    low: number | undefined,
    highField: string,
    high: number | undefined,
    strict: boolean,
  ): void => {
    if (low === undefined || high === undefined) return;
    if (strict ? low >= high : low > high)
      empty(
        lowField,
        `${lowField} ${low} is ${strict ? 'not below' : 'above'} ${highField} ${high}: no value is valid`,
      );
  };
  switch (node.type) {
    case 'string':
      bound('minLength', node.minLength, 'maxLength', node.maxLength, false);
      if (node.pattern !== undefined) {
        const problem = regExpProblem(node.pattern);
        if (problem !== undefined)
          problems.push({
            code: 'unsafe_pattern',
            path: [...path, 'pattern'],
            anchor: 'value',
            message: problem,
          });
      }
      break;
    case 'number':
    case 'integer':
      bound('minimum', node.minimum, 'maximum', node.maximum, false);
      bound(
        'exclusiveMinimum',
        node.exclusiveMinimum,
        'exclusiveMaximum',
        node.exclusiveMaximum,
        true,
      );
      bound('minimum', node.minimum, 'exclusiveMaximum', node.exclusiveMaximum, true);
      bound('exclusiveMinimum', node.exclusiveMinimum, 'maximum', node.maximum, true);
      break;
    case 'array':
      bound('minItems', node.minItems, 'maxItems', node.maxItems, false);
      break;
    case 'object': {
      const seen = new Set<string>();
      node.required.forEach((name, index) => {
        const at: FieldPath = [...path, 'required', index];
        if (seen.has(name))
          problems.push({
            code: 'invalid_required',
            path: at,
            anchor: 'value',
            message: `${JSON.stringify(name)} is listed twice`,
          });
        else if (!Object.hasOwn(node.properties, name))
          problems.push({
            code: 'invalid_required',
            path: at,
            anchor: 'value',
            message: `${JSON.stringify(name)} is not a property of this object (properties: ${
              Object.keys(node.properties)
                .map((key) => JSON.stringify(key))
                .join(', ') || 'none'
            })`,
          });
        seen.add(name);
      });
      break;
    }
    case 'enum': {
      const seen: (string | number | boolean)[] = [];
      node.values.forEach((value, index) => {
        if (seen.includes(value))
          problems.push({
            code: 'duplicate_enum_value',
            path: [...path, 'values', index],
            anchor: 'value',
            message: `${JSON.stringify(value)} is listed twice`,
          });
        seen.push(value);
      });
      break;
    }
    default:
      break;
  }
  return problems;
}
