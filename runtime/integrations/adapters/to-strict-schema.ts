/**
 * Project a tool's input schema onto a provider's strict subset (see `strict-schema-dialects.ts`),
 * or say exactly why it cannot be.
 */
import type { JsonSchema } from '../../core/contract.js';
import { safeHoistLocalRefs } from '../../core/json-schema/hoist-local-refs.js';
import {
  formatJsonPointer,
  localRefPointer,
  parseJsonPointer,
} from '../../core/json-schema/json-pointer.js';
import { makeNullable } from '../../core/json-schema/nullable-schema.js';
import { schemaProblem, type SchemaProblem } from '../../core/json-schema/schema-problem.js';
import { typeList } from '../../core/json-schema/type-list.js';
import { isJsonObject, type JsonObject } from '../../core/support/is-json-object.js';
import type { StrictSchemaDialect } from './strict-schema-dialects.js';
import { foldConstraints } from './describe-constraints.js';

export type StrictSchemaResult =
  | { readonly representable: true; readonly schema: JsonSchema }
  | { readonly representable: false; readonly problems: readonly SchemaProblem[] };

/** Annotations that constrain nothing; strict endpoints may refuse them, so they are dropped. */
const DROPPED_ANNOTATIONS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/**
 * Keywords both dialects understand as they are (unions and objects get more care below).
 * `default` is kept unless the dialect folds it (OpenAI refuses it; Anthropic accepts it).
 */
const KEPT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'const',
  'title',
  'description',
  '$ref',
  'default',
]);

interface Walk {
  readonly dialect: StrictSchemaDialect;
  readonly problems: SchemaProblem[];
  properties: number;
  enumValues: number;
  characters: number;
  /** `$defs` names each owner (`''` = root, else a `$defs` name) refers to. */
  readonly refs: Map<string, Set<string>>;
  owner: string;
}

/**
 * Project `schema` onto `dialect`:
 * - local refs are first hoisted to `#/$defs/<name>`; only the definitions the root reaches are kept;
 * - `oneOf` becomes `anyOf` (the generator only emits `oneOf` over branches that cannot accept
 *   the same value, so both mean the same there);
 * - objects must already be closed (`additionalProperties: false`): closing an open object would
 *   take away what the tool accepts, so an open one is reported, not rewritten;
 * - with `requireAllProperties`, `required` lists every property and the optional ones become
 *   nullable;
 * - the dialect's unsupported constraint keywords are folded into the node's description
 *   (`Constraints: at least 1 character; format uri.`), annotations are dropped, and any other
 *   keyword the subset cannot express is a problem.
 * Every problem of the schema is reported, each with its JSON pointer (into the schema after ref
 * hoisting, which is the given one unless refs were rewritten).
 */
export function toStrictSchema(
  schema: JsonSchema,
  dialect: StrictSchemaDialect,
): StrictSchemaResult {
  const hoisted = safeHoistLocalRefs(schema);
  if (!hoisted.success) return { representable: false, problems: hoisted.problems };
  const source = hoisted.schema;
  const walk: Walk = {
    dialect,
    problems: [],
    properties: 0,
    enumValues: 0,
    characters: 0,
    refs: new Map(),
    owner: '',
  };

  if (source['type'] !== 'object') walk.problems.push(schemaProblem('root-not-object', ''));
  const { $defs: definitions, ...rootWithoutDefs } = source;
  const root = projectNode(rootWithoutDefs, [], 0, walk) as Record<string, unknown>;

  // Project the definitions the root reaches, in the order they are first reached.
  const available = isJsonObject(definitions) ? definitions : {};
  const projectedDefs: [string, unknown][] = [];
  const queue = [...(walk.refs.get('') ?? [])];
  const seen = new Set(queue);
  while (queue.length > 0) {
    const name = queue.shift()!;
    walk.owner = name;
    walk.characters += name.length;
    projectedDefs.push([name, projectNode(available[name], ['$defs', name], 0, walk)]);
    for (const next of walk.refs.get(name) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }

  if (!dialect.allowsRecursion) reportCycles(walk);
  if (dialect.maxProperties !== undefined && walk.properties > dialect.maxProperties) {
    walk.problems.push(
      schemaProblem('too-many-properties', '', `${walk.properties} > ${dialect.maxProperties}`),
    );
  }
  if (dialect.maxEnumValues !== undefined && walk.enumValues > dialect.maxEnumValues) {
    walk.problems.push(
      schemaProblem('too-many-enum-values', '', `${walk.enumValues} > ${dialect.maxEnumValues}`),
    );
  }
  if (dialect.maxCharacters !== undefined && walk.characters > dialect.maxCharacters) {
    walk.problems.push(
      schemaProblem('too-many-characters', '', `${walk.characters} > ${dialect.maxCharacters}`),
    );
  }
  if (walk.problems.length > 0) return { representable: false, problems: walk.problems };
  const projected =
    projectedDefs.length > 0 ? { ...root, $defs: Object.fromEntries(projectedDefs) } : root;
  return { representable: true, schema: projected };
}

function projectNode(node: unknown, tokens: readonly string[], depth: number, walk: Walk): unknown {
  const pointer = formatJsonPointer(tokens);
  if (node === false) {
    walk.problems.push(
      schemaProblem('unsupported-keyword', pointer, 'false (a schema that accepts nothing)'),
    );
    return node;
  }
  if (!isJsonObject(node)) {
    walk.problems.push(schemaProblem('untyped', pointer));
    return node;
  }
  const { dialect } = walk;
  const types = typeList(node['type']);
  const isObject = types.includes('object') || 'properties' in node;
  const isArray = types.includes('array') || 'items' in node;
  const objectDepth = depth + (isObject ? 1 : 0);
  if (dialect.maxObjectDepth !== undefined && objectDepth > dialect.maxObjectDepth) {
    // Everything below is deeper still: one problem, at the first node over the limit.
    walk.problems.push(
      schemaProblem('too-deep', pointer, `${objectDepth} > ${dialect.maxObjectDepth}`),
    );
    return node;
  }
  const typed =
    types.length > 0 ||
    isObject ||
    isArray ||
    ['enum', 'const', 'anyOf', 'oneOf', '$ref'].some((key) => key in node);
  const problemsBefore = walk.problems.length;
  if ('anyOf' in node && 'oneOf' in node)
    walk.problems.push(schemaProblem('unsupported-keyword', pointer, 'oneOf'));

  const entries: [string, unknown][] = [];
  const folded: [string, unknown][] = [];
  for (const [keyword, value] of Object.entries(node)) {
    const child = (more: readonly string[]) => [...tokens, ...more];
    if (DROPPED_ANNOTATIONS.has(keyword)) continue;
    if (
      dialect.foldedKeywords.includes(keyword) &&
      !(dialect.keepsValue?.(keyword, value) ?? false)
    ) {
      folded.push([keyword, value]);
    } else if (dialect.foldedKeywords.includes(keyword) || KEPT_KEYWORDS.has(keyword)) {
      if (keyword === '$ref') recordRef(value, pointer, walk);
      if (keyword === 'const') walk.characters += valueCharacters(value);
      entries.push([keyword, value]);
    } else if (keyword === 'enum') {
      const values = Array.isArray(value) ? value : [];
      walk.enumValues += values.length;
      walk.characters += values.reduce<number>((sum, item) => sum + valueCharacters(item), 0);
      if (
        dialect.scalarEnumsOnly &&
        values.some((item) => typeof item === 'object' && item !== null)
      ) {
        walk.problems.push(
          schemaProblem('unsupported-keyword', pointer, 'enum with object or array values'),
        );
      }
      entries.push([keyword, value]);
    } else if (keyword === 'properties' && isJsonObject(value)) {
      walk.properties += Object.keys(value).length;
      walk.characters += Object.keys(value).reduce((sum, name) => sum + name.length, 0);
      entries.push([
        keyword,
        Object.fromEntries(
          Object.entries(value).map(([name, item]) => [
            name,
            projectNode(item, child([keyword, name]), objectDepth, walk),
          ]),
        ),
      ]);
    } else if (keyword === 'required' && Array.isArray(value)) {
      entries.push([keyword, value]);
    } else if (keyword === 'additionalProperties') {
      if (value !== false) walk.problems.push(schemaProblem('open-object', pointer));
      entries.push([keyword, false]);
    } else if (keyword === 'items' && !Array.isArray(value)) {
      entries.push([keyword, projectNode(value, child([keyword]), objectDepth, walk)]);
    } else if ((keyword === 'anyOf' || keyword === 'oneOf') && Array.isArray(value)) {
      entries.push([
        'anyOf',
        value.map((branch, index) =>
          projectNode(branch, child([keyword, String(index)]), objectDepth, walk),
        ),
      ]);
    } else {
      walk.problems.push(
        schemaProblem(
          'unsupported-keyword',
          pointer,
          keyword === 'items' ? 'items (array form)' : keyword,
        ),
      );
    }
  }

  // An unsupported keyword (`allOf`, `not` …) is the reason such a node has no type; say only that.
  const ownProblem = walk.problems
    .slice(problemsBefore)
    .some((problem) => problem.pointer === pointer);
  if (!typed && !ownProblem) walk.problems.push(schemaProblem('untyped', pointer));
  if (isObject && !('additionalProperties' in node))
    walk.problems.push(schemaProblem('open-object', pointer));
  if (isArray && !('items' in node)) walk.problems.push(schemaProblem('open-array', pointer));
  let projected: Record<string, unknown> = Object.fromEntries(entries);
  // `properties` / `items` alone also let other types through; strict mode wants the type said.
  // Saying it only narrows what the model may send, so every input stays valid for the original.
  if (types.length === 0 && !('anyOf' in node) && !('oneOf' in node) && !('$ref' in node)) {
    if (isObject) projected = { type: 'object', ...projected };
    else if (isArray) projected = { type: 'array', ...projected };
  }
  if (isObject && dialect.requireAllProperties) projected = requireEveryProperty(projected, node);
  // Said in the dialect's order, so the text does not depend on how the input ordered its keys.
  if (folded.length > 0) {
    const description = foldConstraints(node['description'], folded, dialect.foldedKeywords);
    if (description !== undefined) projected = { ...projected, description };
  }
  return projected;
}

/** Characters a value adds to the size limit (strings by length, other values as JSON). */
function valueCharacters(value: unknown): number {
  return typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0);
}

/** List every property in `required`; the ones the schema left optional become nullable. */
function requireEveryProperty(
  projected: Record<string, unknown>,
  original: JsonObject,
): Record<string, unknown> {
  const properties = isJsonObject(projected['properties']) ? projected['properties'] : {};
  const required = new Set(Array.isArray(original['required']) ? original['required'] : []);
  const entries: [string, unknown][] = Object.entries(properties).map(([name, schema]) => [
    name,
    required.has(name) ? schema : makeNullable(schema),
  ]);
  return {
    ...projected,
    properties: Object.fromEntries(entries),
    required: entries.map(([name]) => name),
  };
}

function recordRef(ref: unknown, pointer: string, walk: Walk): void {
  const target = typeof ref === 'string' ? localRefPointer(ref) : undefined;
  const tokens = target === undefined ? undefined : parseJsonPointer(target);
  // After hoisting every local ref has the form `#/$defs/<name>`; anything else is another document.
  if (tokens?.length !== 2 || tokens[0] !== '$defs') {
    walk.problems.push(schemaProblem('unresolvable-ref', pointer, String(ref)));
    return;
  }
  const refs = walk.refs.get(walk.owner) ?? new Set<string>();
  refs.add(tokens[1]!);
  walk.refs.set(walk.owner, refs);
}

/** Report every definition that can reach itself (depth-first, in the order definitions were reached). */
function reportCycles(walk: Walk): void {
  const state = new Map<string, 'active' | 'done'>();
  const reported = new Set<string>();
  const visit = (name: string): void => {
    state.set(name, 'active');
    for (const next of walk.refs.get(name) ?? []) {
      if (state.get(next) === 'active') {
        if (!reported.has(next)) {
          reported.add(next);
          walk.problems.push(
            schemaProblem('recursive-ref', formatJsonPointer(['$defs', next]), `#/$defs/${next}`),
          );
        }
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    state.set(name, 'done');
  };
  visit('');
}
