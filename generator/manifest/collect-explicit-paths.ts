import type { FieldPath } from './field-path.js';
import { formatFieldPath } from './field-path.js';

/**
 * Every field path a raw manifest value writes, parents included: `{ permission: { alwaysAsk:
 * true } }` gives `permission` and `permission.alwaysAsk`. List items are paths too
 * (`aliases[0]`), so nested schema nodes are covered. The emitter uses the set to tell fields an
 * author set from zod defaults.
 */
export function collectExplicitPaths(value: unknown): Set<string> {
  const paths = new Set<string>();
  const visit = (node: unknown, path: FieldPath): void => {
    if (path.length > 0) paths.add(formatFieldPath(path));
    if (Array.isArray(node)) node.forEach((item, index) => visit(item, [...path, index]));
    else if (typeof node === 'object' && node !== null && !(node instanceof Date)) {
      for (const key of Object.keys(node))
        visit((node as Record<string, unknown>)[key], [...path, key]);
    }
  };
  visit(value, []);
  return paths;
}
