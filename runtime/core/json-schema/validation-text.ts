/**
 * A JSON Schema as text without its annotations (`description`, `title`, `examples`, …): two
 * schemas with the same validation text accept the same values, whatever their descriptions say.
 * A per-model projection that only renders description templates keeps the validation text of
 * the schema it came from.
 */
import { isJsonObject } from '../support/is-json-object.js';
import { mapSubschemas } from './map-subschemas.js';

/** Keywords that never change which values a schema accepts. */
const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

export function validationText(schema: unknown): string {
  return JSON.stringify(withoutAnnotations(schema));
}

function withoutAnnotations(schema: unknown): unknown {
  if (!isJsonObject(schema)) return schema;
  const mapped = mapSubschemas(schema, withoutAnnotations);
  for (const keyword of ANNOTATION_KEYWORDS) delete mapped[keyword];
  return mapped;
}
