/** A JSON object: string keys to any values (what `JSON.parse` makes of `{…}`). */
export type JsonObject = { [key: string]: unknown };

/** Whether `value` is an object that is neither `null` nor an array. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
