/**
 * Text of a generated JSON file: 2-space indentation and a final newline. `JSON.stringify`
 * escapes lone surrogates, so the text is always valid UTF-8.
 */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
