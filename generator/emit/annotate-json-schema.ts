/**
 * What the manifest says that zod cannot carry into zod-to-json-schema's output, written into
 * that output node by node (the raw schema, before {@link normalizeJsonSchema}):
 *
 * - a `format` ajv-formats checks but zod does not (`ipv4`, `hostname`, …);
 * - `propertyNames` (zod checks the names with a refinement zod-to-json-schema cannot read);
 * - the `default` of a required key (an annotation, as in JSON Schema: the key stays required);
 * - the mark {@link KEEP_ANY_OF} on a union with `exclusive: false`, so it stays `anyOf`.
 *
 * Walks the manifest node and the JSON node together. zod-to-json-schema wraps a nullable
 * object or union as `anyOf: [node, {type: "null"}]`; the walk steps into the first branch.
 * Mutates `json` (a fresh value from zod-to-json-schema) and returns the problems: a union of
 * plain scalars is folded into `type: [...]` by zod-to-json-schema, so a branch's annotation
 * would have no node to go to; that is refused rather than dropped.
 */
import type { FieldPath } from '../manifest/field-path.js';
import type { SchemaNode } from '../manifest/manifest-schema.js';
import { isJsonObject, type JsonObject } from '../../runtime/core/support/is-json-object.js';
import { formatChecker } from '../manifest/format-checker.js';
import { KEEP_ANY_OF } from './normalize-json-schema.js';

export interface AnnotationProblem {
  readonly path: FieldPath;
  readonly message: string;
}

export function annotateJsonSchema(
  node: SchemaNode,
  json: unknown,
  path: FieldPath = [],
): AnnotationProblem[] {
  if (!isJsonObject(json)) return needsAnnotation(node) ? [lost(path)] : [];
  const target = unwrapNullable(node, json);
  const problems: AnnotationProblem[] = [];
  switch (node.type) {
    case 'string':
      if (node.format !== undefined && formatChecker(node.format) === 'ajv')
        target['format'] = node.format;
      break;
    case 'array':
      problems.push(...annotateJsonSchema(node.items, target['items'], [...path, 'items']));
      break;
    case 'object': {
      const properties = isJsonObject(target['properties']) ? target['properties'] : {};
      for (const [name, child] of Object.entries(node.properties)) {
        const childJson = properties[name];
        problems.push(...annotateJsonSchema(child, childJson, [...path, 'properties', name]));
        if (node.required.includes(name) && child.default !== undefined && isJsonObject(childJson))
          childJson['default'] = child.default as JsonObject[string];
      }
      if (typeof node.additionalProperties === 'object')
        problems.push(
          ...annotateJsonSchema(node.additionalProperties, target['additionalProperties'], [
            ...path,
            'additionalProperties',
          ]),
        );
      if (node.propertyNames !== undefined)
        target['propertyNames'] = { ...node.propertyNames } as JsonObject;
      break;
    }
    case 'union': {
      const branches = target['anyOf'];
      if (!Array.isArray(branches)) {
        // Folded into `type: [...]` or `enum`: exact unless a branch carries an annotation.
        node.anyOf.forEach((branch, index) => {
          if (needsAnnotation(branch)) problems.push(lost([...path, 'anyOf', index]));
        });
        break;
      }
      node.anyOf.forEach((branch, index) =>
        problems.push(...annotateJsonSchema(branch, branches[index], [...path, 'anyOf', index])),
      );
      if (node.exclusive === false) target[KEEP_ANY_OF] = true;
      break;
    }
    default:
      break;
  }
  return problems;
}

function unwrapNullable(node: SchemaNode, json: JsonObject): JsonObject {
  const branches = json['anyOf'];
  if (
    node.nullable === true &&
    Array.isArray(branches) &&
    branches.length === 2 &&
    isJsonObject(branches[0]) &&
    isJsonObject(branches[1]) &&
    branches[1]['type'] === 'null' &&
    Object.keys(branches[1]).length === 1
  )
    return branches[0];
  return json;
}

/** Whether `node` or a node below it needs something written by this walk. */
function needsAnnotation(node: SchemaNode): boolean {
  switch (node.type) {
    case 'string':
      return node.format !== undefined && formatChecker(node.format) === 'ajv';
    case 'array':
      return needsAnnotation(node.items);
    case 'object':
      return true;
    case 'union':
      return true;
    default:
      return false;
  }
}

function lost(path: FieldPath): AnnotationProblem {
  return {
    path,
    message:
      'this union branch carries a format the JSON Schema of a union of plain values cannot hold; give the branch a bound (e.g. minLength: 0) or write the union as an object',
  };
}
