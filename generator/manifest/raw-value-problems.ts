/**
 * Checks of a parsed YAML file that come before the manifest language: how deep it nests, whether
 * every number is finite and whether any text carries a control character. They run on the raw
 * value of each file, iteratively, so no input can overflow the stack here, and a file that nests
 * too deep is not handed to the recursive steps after it (extends merge, zod, the emitters).
 */
import type { FieldPath } from './field-path.js';
import { formatShortPath } from './field-path.js';
import type { ManifestIssue } from './manifest-issue.js';
import { MAX_YAML_DEPTH, type YamlSource } from './parse-yaml-source.js';

/**
 * Control characters no manifest text may hold: C0 (U+0000–U+001F) but tab and line feed, DEL,
 * C1 (U+0080–U+009F), and the bidirectional overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) that make text display differently from what it says. They would reach the
 * model, `generated/TOOLS.md` and terminals raw (an ESC sequence recolours or rewrites a
 * terminal; a NUL cuts C strings).
 */
export const FORBIDDEN_CONTROL_CHARACTER =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;

/** Every problem of `source`'s raw value, and whether it nests too deep to be read further. */
export function rawValueProblems(source: YamlSource): {
  readonly issues: ManifestIssue[];
  readonly tooDeep: boolean;
} {
  const issues: ManifestIssue[] = [];
  const issue = (
    code: ManifestIssue['code'],
    path: FieldPath,
    at: 'key' | 'value',
    message: string,
  ): void => {
    const position = at === 'key' ? source.locateKey(path) : source.locateValue(path);
    issues.push({ code, file: source.file, ...position, path: formatShortPath(path), message });
  };
  const checkText = (text: string, path: FieldPath, at: 'key' | 'value'): void => {
    const match = FORBIDDEN_CONTROL_CHARACTER.exec(text);
    if (match === null) return;
    const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    issue(
      'control_character',
      path,
      at,
      `${at === 'key' ? 'the key' : 'the text'} holds control character U+${code} at index ${match.index}; manifest texts may hold tab and line feed only (write the text without it)`,
    );
  };

  const pending: [unknown, FieldPath][] = [[source.value, []]];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') checkText(value, path, 'value');
    else if (typeof value === 'number' && !Number.isFinite(value))
      issue(
        'non_finite_number',
        path,
        'value',
        `expected a finite number, found ${Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf'} (JSON, JSON Schema and the model cannot carry it)`,
      );
    else if (typeof value === 'object' && value !== null) {
      if (path.length >= MAX_YAML_DEPTH) {
        issue(
          'too_deep',
          path,
          'value',
          `nests deeper than ${MAX_YAML_DEPTH} levels (the limit for a manifest file); flatten the structure`,
        );
        return { issues, tooDeep: true };
      }
      const entries: [string | number, unknown][] = Array.isArray(value)
        ? value.map((item, index) => [index, item])
        : Object.entries(value);
      for (const [key, child] of entries.reverse()) {
        if (typeof key === 'string') checkText(key, [...path, key], 'key');
        pending.push([child, [...path, key]]);
      }
    }
  }
  return { issues, tooDeep: false };
}
