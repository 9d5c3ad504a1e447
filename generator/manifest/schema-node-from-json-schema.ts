/**
 * A JSON Schema (what an MCP server lists as `inputSchema` / `outputSchema`) → a node of the
 * manifest's schema language that accepts exactly the same values, with a warning at the JSON
 * pointer of everything it cannot carry exactly (and what it does instead).
 *
 * Exact: types and type lists, `nullable`, `enum` / `const`, string, number and array bounds,
 * `pattern`, `format`, objects (JSON Schema leaves them open: `additionalProperties: true`
 * unless the schema closes them; a schema as typed map), `propertyNames`, `required` (a required
 * name without a property gets `{ type: any }`), `anyOf` (a union with `exclusive: false`),
 * `oneOf` (an exclusive union), `allOf` of objects (merged), local `$ref` / `$defs` (inlined),
 * `{}` / `true` (`{ type: any }`), `default`, `description`.
 * With a warning: recursive references (`{ type: any }` at the recursion), tuples, `uniqueItems`,
 * `patternProperties`, `if`/`then`/`else`, `not`, `dependentRequired`, conditional `anyOf` of
 * `required` lists, and annotation-only keywords (`title`, `examples`, …) — each dropped.
 */
import type { SchemaNode } from './manifest-schema.js';

export interface ConversionWarning {
  /** JSON pointer into the converted JSON Schema. */
  readonly pointer: string;
  readonly message: string;
}

type Json = Record<string, unknown>;

/** Keywords that only annotate: dropped, with one warning listing them. */
const ANNOTATIONS = new Set([
  'title',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  '$schema',
  '$id',
  '$anchor',
]);
const HANDLED = new Set([
  'type',
  'description',
  'default',
  'nullable',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
]);

export function schemaNodeFromJsonSchema(schema: unknown): {
  readonly node: SchemaNode;
  readonly warnings: ConversionWarning[];
} {
  const warnings: ConversionWarning[] = [];
  const root = isObject(schema) ? schema : {};
  const definitions = new Map<string, unknown>();
  for (const key of ['$defs', 'definitions'])
    if (isObject(root[key]))
      for (const [name, value] of Object.entries(root[key] as Json))
        definitions.set(`#/${key}/${escapePointer(name)}`, value);
  const warn = (pointer: string, message: string) => warnings.push({ pointer, message });

  const convert = (value: unknown, pointer: string, active: readonly string[]): SchemaNode => {
    if (
      value === true ||
      (isObject(value) &&
        Object.keys(value).every(
          (key) =>
            ANNOTATIONS.has(key) ||
            key === 'description' ||
            key === '$defs' ||
            key === 'definitions',
        ))
    )
      return withCommon({ type: 'any' }, isObject(value) ? value : {}, pointer);
    if (value === false) {
      warn(pointer, 'false (no value allowed) has no manifest form; written as { type: any }');
      return { type: 'any' };
    }
    if (!isObject(value)) {
      warn(pointer, `not a schema (${JSON.stringify(value)}); written as { type: any }`);
      return { type: 'any' };
    }
    const node = value;
    const dropped = Object.keys(node).filter((key) => !HANDLED.has(key));
    const annotations = dropped.filter(
      (key) => ANNOTATIONS.has(key) && !(pointer === '' && (key === '$schema' || key === '$id')),
    );
    const unknown = dropped.filter((key) => !ANNOTATIONS.has(key));
    if (annotations.length > 0)
      warn(
        pointer,
        `annotation${annotations.length === 1 ? '' : 's'} ${annotations.join(', ')} dropped (the manifest has no field for ${annotations.length === 1 ? 'it' : 'them'}; validation is unchanged)`,
      );
    if (unknown.length > 0)
      warn(
        pointer,
        `${unknown.join(', ')} not carried (the manifest language cannot state ${unknown.length === 1 ? 'it' : 'them'}): the converted schema accepts values ${unknown.length === 1 ? 'it' : 'they'} would refuse`,
      );

    if (typeof node['$ref'] === 'string') {
      const ref = node['$ref'];
      const target = definitions.get(ref);
      if (target === undefined) {
        warn(
          `${pointer}/$ref`,
          `reference ${JSON.stringify(ref)} is not a definition of this schema; written as { type: any }`,
        );
        return withCommon({ type: 'any' }, node, pointer);
      }
      if (active.includes(ref)) {
        warn(
          `${pointer}/$ref`,
          `recursive reference ${JSON.stringify(ref)}: the manifest language has no recursive schemas; the recursion is written as { type: any }`,
        );
        return withCommon({ type: 'any' }, node, pointer);
      }
      const inlined = convert(target, ref.slice(1), [...active, ref]);
      return withCommon(inlined, node, pointer);
    }
    if (Array.isArray(node['allOf'])) {
      const parts = node['allOf'] as unknown[];
      const objects = parts.every(
        (part) =>
          isObject(part) &&
          (part['type'] === 'object' || 'properties' in part || 'required' in part),
      );
      if (objects) {
        const merged: Json = { type: 'object', properties: {}, required: [] };
        for (const part of parts as Json[]) {
          Object.assign(merged['properties'] as Json, part['properties'] ?? {});
          (merged['required'] as unknown[]).push(...((part['required'] as unknown[]) ?? []));
          if (part['additionalProperties'] !== undefined)
            merged['additionalProperties'] = part['additionalProperties'];
        }
        const { allOf: _allOf, ...rest } = node;
        return convert(
          {
            ...merged,
            ...rest,
            properties: {
              ...(merged['properties'] as Json),
              ...((rest['properties'] as Json) ?? {}),
            },
            required: [
              ...(merged['required'] as unknown[]),
              ...((rest['required'] as unknown[]) ?? []),
            ],
          },
          pointer,
          active,
        );
      }
      warn(
        `${pointer}/allOf`,
        'allOf of schemas other than objects is not carried; only the other keywords of this node are',
      );
    }
    const branchesKey = Array.isArray(node['oneOf'])
      ? 'oneOf'
      : Array.isArray(node['anyOf'])
        ? 'anyOf'
        : undefined;
    if (branchesKey !== undefined) {
      const branches = node[branchesKey] as unknown[];
      const conditional = branches.every(
        (branch) => isObject(branch) && Object.keys(branch).every((key) => key === 'required'),
      );
      if (conditional) {
        warn(
          `${pointer}/${branchesKey}`,
          `${branchesKey} of required lists (at least one of these keys) is not carried: every key stays optional`,
        );
      } else {
        const { [branchesKey]: _branches, ...shared } = node;
        const sharedKeys = Object.keys(shared).filter(
          (key) => key !== 'description' && key !== 'default' && !ANNOTATIONS.has(key),
        );
        if (sharedKeys.length > 0)
          warn(
            pointer,
            `keywords beside ${branchesKey} (${sharedKeys.join(', ')}) are applied to every branch`,
          );
        const nonNull = branches.filter(
          (branch) =>
            !(isObject(branch) && branch['type'] === 'null' && Object.keys(branch).length === 1),
        );
        const nullable = nonNull.length < branches.length;
        const converted = nonNull.map((branch, index) => {
          const own = isObject(branch) ? { ...pick(shared, sharedKeys), ...branch } : branch;
          return convert(
            own,
            `${pointer}/${branchesKey}/${branches.indexOf(branch) >= 0 ? branches.indexOf(branch) : index}`,
            active,
          );
        });
        const base: SchemaNode =
          converted.length === 1
            ? converted[0]!
            : converted.length === 0
              ? { type: 'const', value: null }
              : {
                  type: 'union',
                  anyOf: converted,
                  ...(branchesKey === 'anyOf' ? { exclusive: false } : {}),
                };
        return withCommon(nullable ? { ...base, nullable: true } : base, node, pointer);
      }
    }
    let types = Array.isArray(node['type'])
      ? (node['type'] as unknown[])
      : node['type'] === undefined
        ? undefined
        : [node['type']];
    const nullable = node['nullable'] === true || (types?.includes('null') ?? false);
    if (types !== undefined) types = types.filter((type) => type !== 'null');
    if ('enum' in node && Array.isArray(node['enum'])) {
      const values = (node['enum'] as unknown[]).filter((item) => item !== null);
      const scalar = values.every((item) => ['string', 'number', 'boolean'].includes(typeof item));
      if (!scalar || values.length === 0) {
        warn(
          `${pointer}/enum`,
          'an enum of objects or arrays has no manifest form; written as { type: any }',
        );
        return withCommon({ type: 'any' }, node, pointer);
      }
      const hasNull = (node['enum'] as unknown[]).includes(null);
      return withCommon(
        {
          type: 'enum',
          values: values as (string | number | boolean)[],
          ...(hasNull ? { nullable: true } : {}),
        },
        node,
        pointer,
      );
    }
    if ('const' in node) {
      const constant = node['const'];
      if (constant !== null && typeof constant === 'object') {
        warn(
          `${pointer}/const`,
          'a const object or array has no manifest form; written as { type: any }',
        );
        return withCommon({ type: 'any' }, node, pointer);
      }
      return withCommon(
        { type: 'const', value: constant as string | number | boolean | null },
        node,
        pointer,
      );
    }
    if (types === undefined) {
      if ('properties' in node || 'additionalProperties' in node || 'required' in node)
        types = ['object'];
      else if ('items' in node) types = ['array'];
      else types = [];
    }
    if (types.length === 0)
      return withCommon(nullable ? { type: 'any' } : { type: 'any' }, node, pointer);
    if (types.length > 1) {
      const branches = types.map((type) =>
        convert({ ...node, type, nullable: undefined }, pointer, active),
      );
      return withCommon(
        { type: 'union', anyOf: branches, ...(nullable ? { nullable: true } : {}) },
        { description: node['description'], default: node['default'] },
        pointer,
      );
    }
    const type = types[0];
    let out: SchemaNode;
    switch (type) {
      case 'string':
        out = { type: 'string', ...pick(node, ['minLength', 'maxLength', 'pattern', 'format']) };
        break;
      case 'number':
      case 'integer': {
        const bounds = pick(node, ['minimum', 'maximum']);
        // Draft 4: `exclusiveMinimum: true` makes `minimum` exclusive.
        for (const [flag, bound] of [
          ['exclusiveMinimum', 'minimum'],
          ['exclusiveMaximum', 'maximum'],
        ] as const) {
          const given = node[flag];
          if (typeof given === 'number') bounds[flag] = given;
          else if (given === true && typeof node[bound] === 'number') {
            bounds[flag] = node[bound];
            delete bounds[bound];
          }
        }
        out = { type, ...bounds } as SchemaNode;
        break;
      }
      case 'boolean':
        out = { type: 'boolean' };
        break;
      case 'array': {
        const items = node['items'];
        let itemNode: SchemaNode;
        if (Array.isArray(items)) {
          warn(
            `${pointer}/items`,
            'tuple items (a schema per position) have no manifest form; every item is written as { type: any }',
          );
          itemNode = { type: 'any' };
        } else
          itemNode =
            items === undefined ? { type: 'any' } : convert(items, `${pointer}/items`, active);
        if (node['uniqueItems'] === true)
          warn(`${pointer}/uniqueItems`, 'uniqueItems is not carried: repeated items are accepted');
        out = { type: 'array', items: itemNode, ...pick(node, ['minItems', 'maxItems']) };
        break;
      }
      case 'object': {
        const properties: Record<string, SchemaNode> = {};
        const given = isObject(node['properties']) ? (node['properties'] as Json) : {};
        for (const [name, child] of Object.entries(given))
          Object.defineProperty(properties, name, {
            value: convert(child, `${pointer}/properties/${escapePointer(name)}`, active),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        const required = Array.isArray(node['required'])
          ? [
              ...new Set(
                (node['required'] as unknown[]).filter(
                  (name): name is string => typeof name === 'string',
                ),
              ),
            ]
          : [];
        for (const name of required)
          if (!Object.hasOwn(properties, name))
            Object.defineProperty(properties, name, {
              value: { type: 'any' },
              enumerable: true,
              writable: true,
              configurable: true,
            });
        const extra = node['additionalProperties'];
        const additionalProperties: boolean | SchemaNode =
          extra === undefined || extra === true
            ? true
            : extra === false
              ? false
              : convert(extra, `${pointer}/additionalProperties`, active);
        const object: SchemaNode = { type: 'object', properties, required, additionalProperties };
        const names = node['propertyNames'];
        if (isObject(names)) {
          const { type: _type, ...checks } = names;
          const kept = pick(checks, ['minLength', 'maxLength', 'pattern']);
          if (
            Object.keys(checks).some((key) => !['minLength', 'maxLength', 'pattern'].includes(key))
          )
            warn(
              `${pointer}/propertyNames`,
              'only minLength, maxLength and pattern of propertyNames are carried',
            );
          if (Object.keys(kept).length > 0) object.propertyNames = kept;
        }
        out = object;
        break;
      }
      default:
        warn(`${pointer}/type`, `unknown type ${JSON.stringify(type)}; written as { type: any }`);
        out = { type: 'any' };
    }
    if (nullable) out.nullable = true;
    return withCommon(out, node, pointer);
  };

  const withCommon = (out: SchemaNode, node: Json, pointer: string): SchemaNode => {
    const result: SchemaNode = { ...out };
    if (typeof node['description'] === 'string' && node['description'] !== '')
      result.description = node['description'];
    if ('default' in node && node['default'] !== undefined) result.default = node['default'];
    return result;
  };

  const node = convert(root, '', []);
  return { node, warnings };
}

function pick(node: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (node[key] !== undefined) out[key] = node[key];
  return out;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
