/**
 * Local references in a manifest's `input` / `output`: a schema may keep named subschemas in
 * `$defs` (or `definitions`) at its root and use them anywhere below as `{ $ref: '#/$defs/Name' }`
 * (sibling keys such as `description` override the definition's). Before the manifest language
 * sees the schema, every reference is replaced by a copy of its definition (exact: a reference
 * means its target) and the definitions are removed. What cannot be inlined is refused with the
 * reason: a reference to a definition that does not exist, one outside the schema (`http://…`,
 * another file), and a definition that refers to itself (the language has no recursive schemas).
 *
 * Works on the raw (merged) value; the result is a new value, the argument is left alone.
 */
import type { FieldPath } from './field-path.js';
import type { UnlocatedIssue } from './translate-zod-issue.js';

const DEFINITION_KEYS = ['$defs', 'definitions'] as const;
const LOCAL_REF = /^#\/(\$defs|definitions)\/(.+)$/;

export function inlineSchemaRefs(manifest: unknown): {
  readonly value: unknown;
  readonly issues: UnlocatedIssue[];
} {
  if (!isRecord(manifest)) return { value: manifest, issues: [] };
  const issues: UnlocatedIssue[] = [];
  let value: Record<string, unknown> = manifest;
  for (const side of ['input', 'output'] as const) {
    const schema = manifest[side];
    if (!isRecord(schema) || !containsRef(schema)) continue;
    const definitions = new Map<string, { node: unknown; path: FieldPath }>();
    for (const key of DEFINITION_KEYS) {
      const block = schema[key];
      if (!isRecord(block)) continue;
      for (const [name, node] of Object.entries(block))
        definitions.set(`${key}/${name}`, { node, path: [side, key, name] });
    }
    const expand = (node: unknown, path: FieldPath, active: readonly string[]): unknown => {
      if (Array.isArray(node))
        return node.map((item, index) => expand(item, [...path, index], active));
      if (!isRecord(node)) return node;
      const ref = node['$ref'];
      if (ref !== undefined) {
        const target = typeof ref === 'string' ? LOCAL_REF.exec(ref) : null;
        const key = target ? `${target[1]}/${decodePointer(target[2]!)}` : undefined;
        const definition = key === undefined ? undefined : definitions.get(key);
        const problem =
          typeof ref !== 'string' || target === null
            ? `only local references into this schema's $defs are supported (e.g. "#/$defs/Name"), found ${JSON.stringify(ref)}; copy the schema here or into $defs`
            : definition === undefined
              ? `no definition ${JSON.stringify(ref)}; define it under ${target[1]} at the root of ${side} (known: ${[...definitions.keys()].map((name) => `#/${name}`).join(', ') || 'none'})`
              : active.includes(key!)
                ? `${JSON.stringify(ref)} refers to itself (through ${[...active.slice(active.indexOf(key!)), key!].map((name) => `#/${name}`).join(' → ')}); the manifest language has no recursive schemas: bound the depth by writing the levels out, or use { type: any } for the recursive part`
                : undefined;
        if (problem !== undefined) {
          issues.push({
            code: 'invalid_value',
            path: [...path, '$ref'],
            anchor: 'value',
            message: problem,
          });
          return { type: 'any' };
        }
        const { $ref: _ref, ...siblings } = node;
        const inlined = expand(definition!.node, definition!.path, [...active, key!]);
        return isRecord(inlined)
          ? { ...inlined, ...expandEntries(siblings, path, active) }
          : inlined;
      }
      return expandEntries(node, path, active);
    };
    const expandEntries = (
      node: Record<string, unknown>,
      path: FieldPath,
      active: readonly string[],
    ): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(node))
        Object.defineProperty(out, key, {
          value: expand(child, [...path, key], active),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    };
    const withoutDefinitions = Object.fromEntries(
      Object.entries(schema).filter(
        ([key]) => !(DEFINITION_KEYS as readonly string[]).includes(key),
      ),
    );
    value = { ...value, [side]: expand(withoutDefinitions, [side], []) };
  }
  return { value, issues };
}

function containsRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsRef);
  if (!isRecord(node)) return false;
  return (
    '$ref' in node ||
    Object.values(node).some(containsRef) ||
    DEFINITION_KEYS.some((key) => key in node)
  );
}

function decodePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
