/**
 * Local-ref hoisting: some models accept a `$ref` only in the form `#/$defs/<name>` (the article's
 * `requiresMfjsToolSchema` models). MCP servers send `#/definitions/x` (draft-07), nested
 * `#/properties/a/items` pointers and `#` for the root; this rewrites them all.
 */
import type { JsonSchema } from '../contract.js';
import { isJsonObject, type JsonObject } from '../support/is-json-object.js';
import { directSubschemas } from './direct-subschemas.js';
import {
  defsRef,
  formatJsonPointer,
  localRefPointer,
  parseJsonPointer,
  resolveJsonPointer,
} from './json-pointer.js';
import { mapSubschemas } from './map-subschemas.js';
import { SchemaProblemsError, schemaProblem, type SchemaProblem } from './schema-problem.js';
import { DEFINITION_KEYWORDS, subschemaKind } from './subschema-keywords.js';

export type HoistLocalRefsResult =
  | { readonly success: true; readonly schema: JsonSchema }
  | { readonly success: false; readonly problems: readonly SchemaProblem[] };

/** `$defs` names we emit: safe in a URI fragment and a JSON pointer without escaping. */
const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

interface Target {
  /** JSON pointer of the target in the input: the key targets are known by. */
  readonly pointer: string;
  readonly tokens: readonly string[];
  readonly schema: unknown;
  /** Naming precedence: existing `$defs` entries keep their names first, then `definitions`, root, others. */
  readonly rank: number;
  readonly discovered: number;
}

/**
 * Rewrite every local `$ref` into `#/$defs/<name>` and hoist what it points at into the root
 * `$defs`.
 *
 * - A schema without local refs, or whose every reachable ref already names an entry of the root
 *   `$defs` by a plain name, is returned as it is (the same object).
 * - Otherwise the result is a new schema: the root `$defs` holds exactly the targets reachable from
 *   the root, each rewritten the same way; `$defs`/`definitions` blocks elsewhere are dropped (an
 *   entry nobody refers to validates nothing). A ref to the root (`#`) hoists a copy of the root.
 * - Names: an existing `$defs/<n>` keeps `n`, a `definitions/<n>` becomes `n`, the root `root`,
 *   any other pointer its path (`properties_a_items`). Characters outside `[A-Za-z0-9_.-]` become
 *   `_`; a name already taken gets `_2`, `_3` … Same input, same output.
 * - Refs to other documents are left alone. Anchors (`#foo`), refs that resolve to nothing and
 *   refs below a subschema's own `$id` are reported as problems.
 */
export function safeHoistLocalRefs(schema: JsonSchema): HoistLocalRefsResult {
  const problems: SchemaProblem[] = [];
  const targets = new Map<string, Target>();

  // What validation can reach: the root without its definition blocks, then each target in the
  // order first referred to (breadth-first, so problems come in document order, root first).
  const queue: { readonly node: unknown; readonly tokens: readonly string[] }[] = [
    { node: schema, tokens: [] },
  ];
  const visit = (node: unknown, tokens: readonly string[]): void => {
    if (!isJsonObject(node)) return;
    if (tokens.length > 0 && typeof node['$id'] === 'string') {
      // Below its own `$id`, `#…` is relative to that resource; harmless only without local refs.
      if (containsLocalRef(node))
        problems.push(schemaProblem('embedded-resource', formatJsonPointer(tokens), node['$id']));
      return;
    }
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const target = lookUpTarget(schema, ref, tokens, problems);
      if (target !== undefined && !targets.has(target.pointer)) {
        targets.set(target.pointer, {
          ...target,
          rank: rankOf(target.tokens),
          discovered: targets.size,
        });
        queue.push({ node: target.schema, tokens: target.tokens });
      }
    }
    for (const child of directSubschemas(node)) {
      if (!DEFINITION_KEYWORDS.has(child.tokens[0]!))
        visit(child.schema, [...tokens, ...child.tokens]);
    }
  };
  for (let next = queue.shift(); next !== undefined; next = queue.shift())
    visit(next.node, next.tokens);

  // A node reached both inside the root and as a ref target is walked twice: report it once.
  if (problems.length > 0)
    return {
      success: false,
      problems: [...new Map(problems.map((problem) => [problem.message, problem])).values()],
    };
  if (allLocalRefsInPlace(schema)) return { success: true, schema };

  const names = assignNames([...targets.values()]);
  const rewrite = (node: unknown): unknown => {
    if (!isJsonObject(node)) return node;
    const withoutContainers: JsonObject = Object.fromEntries(
      Object.entries(node).filter(([keyword]) => !DEFINITION_KEYWORDS.has(keyword)),
    );
    const rewritten = mapSubschemas(withoutContainers, rewrite);
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const pointer = localRefPointer(ref);
      if (pointer !== undefined) rewritten['$ref'] = defsRef(names.get(pointer)!);
    }
    return rewritten;
  };

  const hoisted = rewrite(schema) as Record<string, unknown>;
  const defs = [...targets.values()]
    .sort(byNamingPrecedence)
    .map((target) => [names.get(target.pointer)!, rewrite(target.schema)] as const);
  return { success: true, schema: { ...hoisted, $defs: Object.fromEntries(defs) } };
}

/** As {@link safeHoistLocalRefs}, throwing a {@link SchemaProblemsError} listing every problem. */
export function hoistLocalRefs(schema: JsonSchema): JsonSchema {
  const result = safeHoistLocalRefs(schema);
  if (!result.success) throw new SchemaProblemsError(result.problems);
  return result.schema;
}

function lookUpTarget(
  root: JsonSchema,
  ref: string,
  at: readonly string[],
  problems: SchemaProblem[],
): { pointer: string; tokens: readonly string[]; schema: unknown } | undefined {
  let pointer: string | undefined;
  let tokens: string[];
  try {
    pointer = localRefPointer(ref);
    if (pointer === undefined) return undefined; // another document: not ours to rewrite
    tokens = parseJsonPointer(pointer);
  } catch {
    problems.push(schemaProblem('malformed-ref', formatJsonPointer(at), ref));
    return undefined;
  }
  const schema = resolveJsonPointer(root, tokens);
  if (!isJsonObject(schema) && typeof schema !== 'boolean') {
    problems.push(schemaProblem('unresolvable-ref', formatJsonPointer(at), ref));
    return undefined;
  }
  return { pointer, tokens, schema };
}

function rankOf(tokens: readonly string[]): number {
  if (tokens.length === 2 && tokens[0] === '$defs') return 0;
  if (tokens.length === 2 && tokens[0] === 'definitions') return 1;
  if (tokens.length === 0) return 2;
  return 3;
}

function byNamingPrecedence(left: Target, right: Target): number {
  return left.rank - right.rank || left.discovered - right.discovered;
}

function assignNames(targets: readonly Target[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const target of [...targets].sort(byNamingPrecedence)) {
    const base = preferredName(target.tokens);
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}_${suffix}`;
    taken.add(name);
    names.set(target.pointer, name);
  }
  return names;
}

function preferredName(tokens: readonly string[]): string {
  if (tokens.length === 0) return 'root';
  if (tokens.length === 2 && DEFINITION_KEYWORDS.has(tokens[0]!)) return sanitize(tokens[1]!);
  return readableParts(tokens).map(sanitize).join('_');
}

/** The path's names without the definition-container keywords: `/definitions/a/properties/b` → `a, properties, b`. */
function readableParts(tokens: readonly string[]): string[] {
  const parts: string[] = [];
  let position: 'keyword' | 'name' = 'keyword';
  for (const token of tokens) {
    if (position === 'name') {
      parts.push(token);
      position = 'keyword';
    } else if (subschemaKind(token) === 'schema-map' || subschemaKind(token) === 'schema-list') {
      if (!DEFINITION_KEYWORDS.has(token)) parts.push(token);
      position = 'name';
    } else {
      // A single-schema keyword, `items` (an index follows only in its array form, and is kept
      // as a part like a keyword), or that index.
      parts.push(token);
    }
  }
  return parts.length > 0 ? parts : ['root'];
}

/**
 * Every local ref anywhere (unreferenced definitions included: a provider parses those too)
 * already names an entry of the root `$defs` by a plain name.
 */
function allLocalRefsInPlace(schema: JsonSchema): boolean {
  const rootDefs = isJsonObject(schema['$defs']) ? schema['$defs'] : {};
  const inPlace = (node: unknown): boolean => {
    if (!isJsonObject(node)) return true;
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const name = ref.slice('#/$defs/'.length);
      if (!ref.startsWith('#/$defs/') || !SAFE_NAME.test(name) || !Object.hasOwn(rootDefs, name))
        return false;
    }
    return directSubschemas(node).every((child) => inPlace(child.schema));
  };
  return inPlace(schema);
}

function containsLocalRef(node: unknown): boolean {
  if (!isJsonObject(node)) return false;
  if (typeof node['$ref'] === 'string' && node['$ref'].startsWith('#')) return true;
  return directSubschemas(node).some((child) => containsLocalRef(child.schema));
}

function sanitize(part: string): string {
  const cleaned = part.replace(/[^A-Za-z0-9_.-]/g, '_');
  return cleaned === '' ? '_' : cleaned;
}
