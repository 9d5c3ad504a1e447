/**
 * The input schema as a provider gets it. `$schema` is dropped: every provider reads the schema in
 * its own dialect whatever it says (Anthropic and OpenAI: JSON Schema 2020-12 / their strict
 * subsets; Gemini's OpenAPI subset rejects the keyword), so it only costs prompt bytes
 * (~50 bytes per tool). Nothing else changes.
 */
import type { JsonSchema } from '../../core/contract.js';

/** `schema` without its root `$schema`. */
export function toSentSchema(schema: JsonSchema): JsonSchema {
  if (!('$schema' in schema)) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest as JsonSchema;
}
