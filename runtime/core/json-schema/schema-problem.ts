/**
 * What is wrong with a tool's JSON Schema for an adapter. Problems are data; the message is
 * worded from the fields once, here, so every caller prints the same text.
 */

/**
 * - `malformed-ref`: a local `$ref` whose fragment is not a JSON pointer (`#foo` anchors included).
 * - `unresolvable-ref`: a local `$ref` that points at nothing, or at something that is not a schema.
 * - `embedded-resource`: a subschema with its own `$id` changes what `#…` means below it.
 * - `root-not-object`: strict function calling needs an object at the root.
 * - `open-object`: an object that accepts properties it does not list.
 * - `open-array`: an array without an `items` schema.
 * - `untyped`: a schema that accepts any value (no `type`, `enum`, `const`, union or `$ref`).
 * - `unsupported-keyword`: a keyword the strict subset cannot express and that cannot be folded
 *   into a description without changing what is accepted (`allOf`, `not`, `patternProperties` …).
 * - `recursive-ref`: a schema that refers to itself, for a dialect without recursion.
 * - `too-deep`, `too-many-properties`, `too-many-enum-values`, `too-many-characters`: the
 *   dialect's size limits.
 */
export type SchemaProblemCode =
  | 'malformed-ref'
  | 'unresolvable-ref'
  | 'embedded-resource'
  | 'root-not-object'
  | 'open-object'
  | 'open-array'
  | 'untyped'
  | 'unsupported-keyword'
  | 'recursive-ref'
  | 'too-deep'
  | 'too-many-properties'
  | 'too-many-enum-values'
  | 'too-many-characters';

export interface SchemaProblem {
  readonly code: SchemaProblemCode;
  /** JSON pointer of the offending node in the schema as given (`''` is the root). */
  readonly pointer: string;
  /** The offending value, when one value says it (the `$ref`, the keyword, the limit). */
  readonly detail?: string;
  /** One line: where, what. */
  readonly message: string;
}

const EXPLANATIONS: Readonly<Record<SchemaProblemCode, string>> = {
  'malformed-ref': 'the $ref fragment is not a JSON pointer',
  'unresolvable-ref': 'the $ref does not point at a schema in this document',
  'embedded-resource': 'a subschema with its own $id changes what local refs mean; not supported',
  'root-not-object': 'the root must be a schema of type object',
  'open-object':
    'the object accepts properties it does not list (additionalProperties is not false)',
  'open-array': 'the array has no items schema',
  untyped: 'the schema accepts any value (no type, enum, const, anyOf or $ref)',
  'unsupported-keyword': 'the keyword cannot be expressed in the strict subset',
  'recursive-ref': 'the schema refers to itself; recursion is not supported',
  'too-deep': 'objects are nested deeper than the limit',
  'too-many-properties': 'more object properties in total than the limit',
  'too-many-enum-values': 'more enum values in total than the limit',
  'too-many-characters':
    'property names, definition names, enum and const values are longer in total than the limit',
};

export function schemaProblem(
  code: SchemaProblemCode,
  pointer: string,
  detail?: string,
): SchemaProblem {
  const where = pointer === '' ? '(root)' : pointer;
  const what = detail === undefined ? EXPLANATIONS[code] : `${detail}: ${EXPLANATIONS[code]}`;
  return detail === undefined
    ? { code, pointer, message: `${where}: ${what}` }
    : { code, pointer, detail, message: `${where}: ${what}` };
}

/** Thrown by the throwing variants (`hoistLocalRefs`); carries every problem found. */
export class SchemaProblemsError extends Error {
  readonly problems: readonly SchemaProblem[];

  constructor(problems: readonly SchemaProblem[], subject = 'schema') {
    super(
      `${subject} has ${problems.length} problem(s):\n${problems.map((problem) => `  ${problem.message}`).join('\n')}`,
    );
    this.name = 'SchemaProblemsError';
    this.problems = problems;
  }
}
