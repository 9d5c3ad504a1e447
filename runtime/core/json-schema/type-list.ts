/** The JSON types a schema's `type` names, as a list (`'string'` → `['string']`; none → `[]`). */
export function typeList(type: unknown): string[] {
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === 'string');
  return [];
}
