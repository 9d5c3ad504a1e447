/**
 * The subsets of JSON Schema that providers accept for strict (constrained-decoding) tool calls.
 * A dialect is data; `toStrictSchema` is the one walk that applies it.
 */

/** What one provider's strict mode accepts. */
export interface StrictSchemaDialect {
  /** Provider name, as in `ModelProfile.provider` and `toAiSdkTools({ provider })`. */
  readonly provider: string;
  /**
   * Every property must be listed in `required`; an optional property is kept by making it
   * nullable (and the `null` the model then sends is removed again by `restoreOptionalProperties`).
   */
  readonly requireAllProperties: boolean;
  /** Refs that lead back to themselves are allowed. */
  readonly allowsRecursion: boolean;
  /**
   * Constraint keywords the subset cannot enforce: removed and said in the description instead,
   * in this order. (What the model is told still holds; the runtime validates every call anyway.)
   */
  readonly foldedKeywords: readonly string[];
  /** Keep a keyword the dialect folds in general when this says its value is supported. */
  readonly keepsValue?: (keyword: string, value: unknown) => boolean;
  /** Most levels of nested objects (root object = 1). */
  readonly maxObjectDepth?: number;
  /** Most object properties in the whole schema. */
  readonly maxProperties?: number;
  /** Most enum values in the whole schema. */
  readonly maxEnumValues?: number;
  /**
   * Most characters of property names, definition names, enum values and const values in the
   * whole schema.
   */
  readonly maxCharacters?: number;
  /** Enum values may only be strings, numbers, booleans and null. */
  readonly scalarEnumsOnly: boolean;
}

/** Value constraints neither provider's strict subset enforces in general (each dialect may keep some). */
const CONSTRAINT_KEYWORDS: readonly string[] = [
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'contentEncoding',
  'contentMediaType',
];

/**
 * OpenAI strict function calling (Structured Outputs). Documented rules: the root is an object,
 * every object sets `additionalProperties: false` and lists every property in `required`
 * (optional = nullable), unions are `anyOf`, `$defs`/`$ref` and recursion are allowed; limits of
 * 10 nesting levels, 5 000 properties, 1 000 enum values and 120 000 characters of names and
 * enum/const values. The string, number, array and object
 * constraint keywords (`pattern`, `format`, `minLength`, `minimum`, `minItems` …) and `default` are
 * folded: OpenAI lists them as unsupported for part of its strict-capable models (fine-tuned ones),
 * so folding is the projection every such model accepts.
 */
export const OPENAI_STRICT_DIALECT: StrictSchemaDialect = {
  provider: 'openai',
  requireAllProperties: true,
  allowsRecursion: true,
  foldedKeywords: [...CONSTRAINT_KEYWORDS, 'default'],
  maxObjectDepth: 10,
  maxProperties: 5_000,
  maxEnumValues: 1_000,
  maxCharacters: 120_000,
  scalarEnumsOnly: false,
};

/** String formats Anthropic's strict tool use enforces. */
const ANTHROPIC_FORMATS: ReadonlySet<string> = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Regex features Anthropic's strict mode rejects: backreferences, lookaround, word boundaries. */
const UNSUPPORTED_PATTERN_FEATURES = /\\[1-9bBk]|\(\?<?[=!]/;

/**
 * Anthropic strict tool use (`strict: true`). Documented limits: `additionalProperties` must be
 * false, no recursive schemas, no numeric (`minimum`, `maximum`, `multipleOf` …) or string length
 * constraints, `minItems` only 0 or 1, the formats above only, regex without backreferences,
 * lookaround or word boundaries, enum values scalar. Optional properties, `default`, `const`,
 * `anyOf` and `$ref`/`$defs` are accepted as they are.
 */
export const ANTHROPIC_STRICT_DIALECT: StrictSchemaDialect = {
  provider: 'anthropic',
  requireAllProperties: false,
  allowsRecursion: false,
  foldedKeywords: CONSTRAINT_KEYWORDS,
  keepsValue: (keyword, value) =>
    (keyword === 'format' && typeof value === 'string' && ANTHROPIC_FORMATS.has(value)) ||
    (keyword === 'pattern' &&
      typeof value === 'string' &&
      !UNSUPPORTED_PATTERN_FEATURES.test(value)) ||
    (keyword === 'minItems' && (value === 0 || value === 1)),
  scalarEnumsOnly: true,
};
