/**
 * Some adapters and hook paths hand over a call's input as JSON text instead of an object. A
 * top-level string that parses to a JSON object is replaced by that object; anything else is
 * left as it is, so the model is told what it really sent ("expected object, received string").
 */
import { isJsonObject } from '../../core/support/is-json-object.js';

export function parseToolInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    const parsed: unknown = JSON.parse(input);
    return isJsonObject(parsed) ? parsed : input;
  } catch {
    return input;
  }
}
