/** A path into a manifest: mapping keys and list indexes, as zod reports them. */
export type FieldPath = readonly (string | number)[];

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

/** `JSON.stringify` escapes C0 controls; this also escapes DEL, C1 and the bidi controls. */
function escapeControls(text: string): string {
  return text.replace(
    /[\u007F-\u009F\u202A-\u202E\u2066-\u2069]/gu,
    (character) => `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}

/**
 * Words a field path the way a tool author reads it: `permission.riskLevel`, `aliases[1]`,
 * `input.properties["a.b"]` (keys that would be ambiguous after a dot are quoted).
 */
export function formatFieldPath(path: FieldPath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) text += text === '' ? segment : `.${segment}`;
    else text += `[${escapeControls(JSON.stringify(segment))}]`;
  }
  return text;
}

/** Segments {@link formatShortPath} keeps from the start of a long path. */
const SHORT_PATH_HEAD = 6;

/**
 * {@link formatFieldPath} of at most the first few segments and the last one, for paths too long
 * to read (an error about 80 nested levels): `output.items.items.items.items.items….items`.
 */
export function formatShortPath(path: FieldPath): string {
  if (path.length <= SHORT_PATH_HEAD + 1) return formatFieldPath(path);
  const tail = formatFieldPath(path.slice(-1));
  return `${formatFieldPath(path.slice(0, SHORT_PATH_HEAD))}…${tail.startsWith('[') ? tail : `.${tail}`}`;
}
