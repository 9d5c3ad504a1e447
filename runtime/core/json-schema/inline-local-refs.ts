/**
 * Local-`$ref` inlining: a schema without references, for consumers that cannot follow them (an
 * MCP server's schema shown to a model, a provider that accepts no `$ref`).
 */
import { defineEntry } from '../support/define-entry.js';
import { isJsonObject, type JsonObject } from '../support/is-json-object.js';
import { resolveLocalRef } from './json-pointer.js';
import { mapSubschemas } from './map-subschemas.js';
import { DEFINITION_KEYWORDS, isSchema } from './subschema-keywords.js';
import { withDescriptionNote } from './with-description-note.js';

export interface InlineLocalRefsOptions {
  /** How many times one reference is expanded along a path before it is stubbed. Default: 2. */
  readonly recursionLimit?: number;
  /**
   * Once this many schema objects have been written, references are no longer expanded:
   * inlining copies subtrees, and a schema with several self-references would otherwise grow
   * exponentially. Default: 2 000.
   */
  readonly maxNodes?: number;
}

export interface InlinedSchema {
  /** The schema without local `$ref`s and without `$defs` / `definitions`. */
  readonly schema: unknown;
  /** What was given up (a remote or dangling reference), for the host's log. */
  readonly warnings: readonly string[];
}

/** Default of {@link InlineLocalRefsOptions.recursionLimit}. */
export const DEFAULT_RECURSION_LIMIT = 2;
const DEFAULT_MAX_NODES = 2_000;

/**
 * Replace every `$ref` by what it points at, walking subschemas only (a `$ref` key inside a
 * `default` or `enum` value is data and stays):
 *
 * - a local ref (`#/$defs/X`, `#/definitions/X`, `#`, any JSON pointer into the document) is
 *   replaced by its target, itself inlined; keywords next to the `$ref` are kept and win over
 *   the target's (a boolean target with siblings becomes `{allOf: [target], …siblings}`);
 * - a ref that recurses is expanded `recursionLimit` times along a path, then replaced by a stub
 *   that keeps the target's `type` and says so in its description, with a warning (once per ref);
 * - a remote ref is dropped, and said in the description and a warning; a ref that points at
 *   nothing, or at something that is not a schema, is dropped with a warning;
 * - `$defs` and `definitions` are dropped.
 *
 * Returns new objects; the input is not modified. Never throws on any JSON value.
 */
export function inlineLocalRefs(
  schema: unknown,
  options: InlineLocalRefsOptions = {},
): InlinedSchema {
  const state: State = {
    root: schema,
    warnings: [],
    nodes: 0,
    stubbed: new Set(),
    recursionLimit: options.recursionLimit ?? DEFAULT_RECURSION_LIMIT,
    maxNodes: options.maxNodes ?? DEFAULT_MAX_NODES,
  };
  return { schema: inline(schema, state, []), warnings: state.warnings };
}

interface State {
  readonly root: unknown;
  readonly warnings: string[];
  nodes: number;
  /** References already reported as stubbed (each is reported once). */
  readonly stubbed: Set<string>;
  readonly recursionLimit: number;
  readonly maxNodes: number;
}

function inline(node: unknown, state: State, refStack: readonly string[]): unknown {
  if (!isJsonObject(node)) return node;
  if (typeof node['$ref'] === 'string') return inlineReference(node, node['$ref'], state, refStack);
  state.nodes += 1;
  const withoutDefinitions: JsonObject = Object.fromEntries(
    Object.entries(node).filter(([keyword]) => !DEFINITION_KEYWORDS.has(keyword)),
  );
  return mapSubschemas(withoutDefinitions, (child) => inline(child, state, refStack));
}

function inlineReference(
  node: JsonObject,
  ref: string,
  state: State,
  refStack: readonly string[],
): unknown {
  const siblings: JsonObject = {};
  for (const [key, value] of Object.entries(node))
    if (key !== '$ref') defineEntry(siblings, key, value);
  const inlinedSiblings =
    Object.keys(siblings).length === 0 ? {} : (inline(siblings, state, refStack) as JsonObject);
  if (!ref.startsWith('#')) {
    state.warnings.push(`remote reference "${ref}" is not followed; replaced by {} (any value)`);
    return withDescriptionNote(inlinedSiblings, `(Refers to ${ref}, which is not included.)`);
  }
  const target = resolveLocalRef(state.root, ref);
  if (target === undefined) {
    state.warnings.push(`reference "${ref}" points nowhere; replaced by {} (any value)`);
    return inlinedSiblings;
  }
  if (!isSchema(target)) {
    state.warnings.push(
      `reference "${ref}" points at something that is not a schema; replaced by {} (any value)`,
    );
    return inlinedSiblings;
  }
  const depth = refStack.filter((seen) => seen === ref).length;
  if (depth >= state.recursionLimit || state.nodes >= state.maxNodes) {
    if (!state.stubbed.has(ref)) {
      state.stubbed.add(ref);
      state.warnings.push(
        depth >= state.recursionLimit
          ? `reference "${ref}" recurses; expanded ${state.recursionLimit} times, then replaced by a stub that only keeps its type`
          : `reference "${ref}" not expanded: the schema reached ${state.maxNodes} nodes; replaced by a stub that only keeps its type`,
      );
    }
    const stub: JsonObject = {};
    if (isJsonObject(target) && target['type'] !== undefined)
      stub['type'] = structuredClone(target['type']);
    return {
      ...withDescriptionNote(
        stub,
        `(Same structure as the enclosing ${ref}; not expanded further.)`,
      ),
      ...inlinedSiblings,
    };
  }
  const expanded = inline(target, state, [...refStack, ref]);
  if (typeof expanded === 'boolean')
    return Object.keys(inlinedSiblings).length === 0
      ? expanded
      : { allOf: [expanded], ...inlinedSiblings };
  return { ...(expanded as JsonObject), ...inlinedSiblings };
}
