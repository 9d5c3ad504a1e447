import type { JsonObject } from '../support/is-json-object.js';

/**
 * `schema` with `note` appended to its `description` (after a space), or as the description when
 * it has none. Used to say in words what a projection had to leave out of the schema.
 */
export function withDescriptionNote(schema: JsonObject, note: string): JsonObject {
  const description =
    typeof schema['description'] === 'string' && schema['description'] !== ''
      ? `${schema['description']} ${note}`
      : note;
  return { ...schema, description };
}
