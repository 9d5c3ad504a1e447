/**
 * One `input` / `output` schema of a manifest → zod code, the live zod schema evaluated from that
 * code, and the normalised JSON Schema the model sees; plus the problems that make the schema
 * unusable (union branches that overlap, defaults the schema itself refuses).
 */
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { FieldPath } from '../manifest/field-path.js';
import type { SchemaNode } from '../manifest/manifest-schema.js';
import { annotateJsonSchema } from './annotate-json-schema.js';
import { findUnionOverlaps, type UnionOverlap } from './find-union-overlaps.js';
import { liveZodSchema } from './live-zod-schema.js';
import type { JsonObject } from '../../runtime/core/support/is-json-object.js';
import { parseJsonPointer } from '../../runtime/core/json-schema/json-pointer.js';
import { normalizeJsonSchema } from './normalize-json-schema.js';
import { zodCode } from './zod-code.js';

/** A problem in one schema, located by its path below `input` / `output`. */
export interface SchemaProblem {
  readonly code:
    'union_overlap' | 'invalid_default' | 'unsupported_property_name' | 'unsupported_annotation';
  readonly path: FieldPath;
  readonly message: string;
}

export interface CompiledSchema {
  /** zod source, as printed into the generated module. */
  readonly zodCode: string;
  /** After the normalisation of SPEC §4 (`$schema` draft 2020-12, `oneOf`, no `$ref`). */
  readonly jsonSchema: JsonObject;
  readonly problems: readonly SchemaProblem[];
}

export function compileSchema(node: SchemaNode): CompiledSchema {
  const code = zodCode(node);
  const raw = zodToJsonSchema(liveZodSchema(code), {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
  }) as JsonObject;
  const annotationProblems = annotateJsonSchema(node, raw).map((problem): SchemaProblem => ({
    code: 'unsupported_annotation',
    ...problem,
  }));
  const problems: SchemaProblem[] = [
    ...annotationProblems,
    ...findUnionOverlaps(raw).map((overlap) => overlapProblem(node, overlap)),
    ...defaultProblems(node, []),
    ...propertyNameProblems(node, []),
  ];
  return { zodCode: code, jsonSchema: normalizeJsonSchema(raw), problems };
}

function overlapProblem(root: SchemaNode, overlap: UnionOverlap): SchemaProblem {
  const { node, path, nullableWrapper } = manifestNodeAt(root, overlap.pointer);
  const [left, right] = overlap.branches;
  const [leftSummary, rightSummary] = overlap.summaries;
  const ownBranches = !nullableWrapper && node?.type === 'union' && node.anyOf.length > right;
  return {
    code: 'union_overlap',
    path: ownBranches ? [...path, 'anyOf', right] : path,
    message:
      `union branches ${left} (${leftSummary}) and ${right} (${rightSummary}${nullableWrapper ? ', added by nullable: true' : ''}) ` +
      'can accept the same value; the model-facing schema uses oneOf, which rejects a value matching two branches. ' +
      overlapAdvice(node, nullableWrapper),
  };
}

/**
 * What fits the case: a union whose branches may overlap by design (a catch-all object branch,
 * two shapes that share a value) is written `exclusive: false` (sent as anyOf, same meaning as
 * JSON Schema's anyOf); object branches meant to be told apart get a distinct const property;
 * a nullable union whose branch accepts null drops `nullable`.
 */
function overlapAdvice(node: SchemaNode | undefined, nullableWrapper: boolean): string {
  if (nullableWrapper)
    return 'A branch already accepts null: drop `nullable: true`, or set `exclusive: false` on the union';
  const objects = node?.type === 'union' && node.anyOf.every((branch) => branch.type === 'object');
  return objects
    ? 'If a value may match several branches (as JSON Schema anyOf allows), set `exclusive: false` on the union (sent as anyOf); to tell the branches apart instead, give each object branch a distinct const property (e.g. `kind: { type: const, value: file }`)'
    : 'If a value may match several branches (as JSON Schema anyOf allows), set `exclusive: false` on the union (sent as anyOf); otherwise make the branches disjoint (distinct types, const or enum values, or bounds that do not meet)';
}

/**
 * The manifest node a JSON pointer into zod-to-json-schema's output comes from. zod-to-json-schema
 * wraps a nullable non-scalar node as `anyOf: [node, {type: "null"}]`: `/anyOf/0` of such a
 * wrapper is the same manifest node, `/anyOf/1` is the added null.
 */
function manifestNodeAt(
  root: SchemaNode,
  pointer: string,
): { node: SchemaNode | undefined; path: (string | number)[]; nullableWrapper: boolean } {
  const segments = parseJsonPointer(pointer);
  let node: SchemaNode | undefined = root;
  let unwrapped = false;
  const path: (string | number)[] = [];
  for (let index = 0; index < segments.length && node !== undefined; index++) {
    const segment = segments[index]!;
    if (segment === 'properties' && node.type === 'object') {
      const name = segments[++index]!;
      node = Object.prototype.hasOwnProperty.call(node.properties, name)
        ? node.properties[name]
        : undefined;
      if (node !== undefined) path.push('properties', name);
    } else if (segment === 'items' && node.type === 'array') {
      node = node.items;
      path.push('items');
    } else if (segment === 'anyOf') {
      const branch = Number(segments[++index]);
      if (node.nullable && !unwrapped) {
        if (branch !== 0) return { node: undefined, path, nullableWrapper: false };
        unwrapped = true;
        continue;
      }
      if (node.type !== 'union' || node.anyOf[branch] === undefined)
        return { node: undefined, path, nullableWrapper: false };
      node = node.anyOf[branch];
      path.push('anyOf', branch);
    } else {
      return { node: undefined, path, nullableWrapper: false };
    }
    unwrapped = false;
  }
  // The pointer names the node itself: its `anyOf` is the nullable wrapper unless already unwrapped.
  return { node, path, nullableWrapper: node?.nullable === true && !unwrapped };
}

/** Every `default` must be a value its own node accepts; otherwise the generated code does not compile. */
function defaultProblems(node: SchemaNode, path: (string | number)[]): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  if (node.default !== undefined) {
    const result = liveZodSchema(
      zodCode({ ...node, default: undefined, description: undefined }),
    ).safeParse(node.default);
    if (!result.success) {
      const reason = result.error.issues
        .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ` : '') + issue.message)
        .join('; ');
      problems.push({
        code: 'invalid_default',
        path: [...path, 'default'],
        message: `the default is not a value of this schema: ${reason}`,
      });
    }
  }
  switch (node.type) {
    case 'object':
      for (const [name, child] of Object.entries(node.properties))
        problems.push(...defaultProblems(child, [...path, 'properties', name]));
      break;
    case 'array':
      problems.push(...defaultProblems(node.items, [...path, 'items']));
      break;
    case 'union':
      node.anyOf.forEach((branch, index) =>
        problems.push(...defaultProblems(branch, [...path, 'anyOf', index])),
      );
      break;
  }
  return problems;
}

/**
 * `__proto__` as a property name: zod accepts it, but zod-to-json-schema assigns properties with
 * `=` and loses it, so the model would never see the property. Refused rather than half-supported.
 */
function propertyNameProblems(node: SchemaNode, path: (string | number)[]): SchemaProblem[] {
  switch (node.type) {
    case 'object':
      return Object.entries(node.properties).flatMap(([name, child]) =>
        name === '__proto__'
          ? [
              {
                code: 'unsupported_property_name' as const,
                path: [...path, 'properties', name],
                message:
                  'a property cannot be named __proto__ (the JSON Schema projection cannot carry it)',
              },
            ]
          : propertyNameProblems(child, [...path, 'properties', name]),
      );
    case 'array':
      return propertyNameProblems(node.items, [...path, 'items']);
    case 'union':
      return node.anyOf.flatMap((branch, index) =>
        propertyNameProblems(branch, [...path, 'anyOf', index]),
      );
    default:
      return [];
  }
}
