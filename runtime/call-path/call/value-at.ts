/**
 * Look-ups by issue path in the value a tool was called with: whether something is there, and
 * what.
 */
import { isJsonObject } from '../../core/support/is-json-object.js';
import type { IssuePath } from './zod4-issue.js';

/** Whether `path` names a place in `value` that holds something (an own property or an index). */
export function hasValueAt(value: unknown, path: IssuePath): boolean {
  let current: unknown = value;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return false;
      current = current[segment];
    } else {
      if (!isJsonObject(current) || !Object.hasOwn(current, segment)) return false;
      current = current[segment];
    }
  }
  return current !== undefined;
}

/** The value at `path` in `value`, or `undefined`. */
export function valueAt(value: unknown, path: IssuePath): unknown {
  let current: unknown = value;
  for (const segment of path) {
    if (typeof segment === 'number') {
      current = Array.isArray(current) ? current[segment] : undefined;
    } else {
      current =
        isJsonObject(current) && Object.hasOwn(current, segment) ? current[segment] : undefined;
    }
  }
  return current;
}
