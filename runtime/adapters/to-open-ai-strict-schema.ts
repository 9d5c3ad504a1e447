import type { JsonSchema } from '../contract.js';
import { OPENAI_STRICT_DIALECT } from './strict-schema-dialects.js';
import { toStrictSchema, type StrictSchemaResult } from './to-strict-schema.js';

/**
 * The schema OpenAI's strict function calling accepts (every object closed, every property
 * required, optional ones nullable, unsupported keywords folded into descriptions), or the
 * problems that make `schema` not representable there (an open object, `allOf`, …).
 * Inputs the model produces for it go through `restoreOptionalProperties` before validation.
 */
export function toOpenAiStrictSchema(schema: JsonSchema): StrictSchemaResult {
  return toStrictSchema(schema, OPENAI_STRICT_DIALECT);
}
