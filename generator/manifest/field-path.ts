/** A path into a manifest: mapping keys and list indexes, as zod reports them. */
export type FieldPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/**
 * Words a field path the way a tool author reads it: `permission.riskLevel`, `aliases[1]`,
 * `input.properties["a.b"]` (keys that would be ambiguous after a dot are quoted).
 */
export function formatFieldPath(path: FieldPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
