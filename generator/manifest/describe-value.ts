const MAX_SHOWN_CHARACTERS = 60;

/**
 * Words a YAML value for a "found …" clause: scalars as YAML would show them (strings quoted, long
 * ones cut), collections by kind, an absent value as `nothing`.
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const characters = [...value];
    const shown =
      characters.length > MAX_SHOWN_CHARACTERS
        ? `${characters.slice(0, MAX_SHOWN_CHARACTERS).join('')}…`
        : value;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value)) return 'a list';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'object') return 'a mapping';
  return typeof value;
}

/** Words a zod type name (`ZodParsedType`) as the kind of YAML value it stands for. */
export function describeExpectedType(type: string): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'number':
    case 'float':
      return 'a number';
    case 'integer':
      return 'an integer';
    case 'boolean':
      return 'a boolean';
    case 'array':
      return 'a list';
    case 'object':
      return 'a mapping';
    case 'null':
      return 'null';
    default:
      return type;
  }
}
