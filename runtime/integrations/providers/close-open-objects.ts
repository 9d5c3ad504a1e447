/**
 * The opt-in `closeOpenObjects` policy for OpenAI strict mode: OpenAI's strict subset needs
 * `additionalProperties: false` on every object, and an open object makes the whole tool
 * non-strict. With the policy, an object that lists properties and leaves the rest open (no
 * `additionalProperties`, or `true`) is closed, so the model may send only the listed ones.
 *
 * That narrows what the model may send, never what the tool accepts (the runtime still validates
 * against the tool's own schema). Left open, and so still a reason against strict: an object with
 * no listed properties (closing it would accept only `{}`) and one whose extra properties have
 * their own schema (a map: closing it would drop every entry).
 */
import { mapSubschemas } from '../../core/json-schema/map-subschemas.js';
import { isJsonObject as isSchemaObject } from '../../core/support/is-json-object.js';
import type { JsonSchema } from '../../core/contract.js';

/** `schema` with every open object that lists properties closed (see the module comment). */
export function closeOpenObjects(schema: JsonSchema): JsonSchema {
  return closeNode(schema) as JsonSchema;
}

function closeNode(node: unknown): unknown {
  if (!isSchemaObject(node)) return node;
  const mapped = mapSubschemas(node, (child, tokens) =>
    // The value of an `additionalProperties` schema is kept: it is the map case, left open.
    tokens[0] === 'additionalProperties' ? child : closeNode(child),
  );
  const properties = mapped['properties'];
  const open = !('additionalProperties' in mapped) || mapped['additionalProperties'] === true;
  if (open && isSchemaObject(properties) && Object.keys(properties).length > 0)
    return { ...mapped, additionalProperties: false };
  return mapped;
}
