import { ignoreOverride, zodToJsonSchema } from 'zod-to-json-schema';
import { mapSchemaNodes } from '../../runtime/core/json-schema/map-schema-nodes.js';
import type { JsonObject } from '../../runtime/core/support/is-json-object.js';
import {
  ManifestSchema,
  SCHEMA_NODE_FIELD_DESCRIPTIONS,
  SchemaNodeSchema,
  ToolIndexSchema,
} from './manifest-schema.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const SCHEMA_NODE_REF = '#/definitions/SchemaNode';

/**
 * The manifest language as a JSON Schema (draft-07, what yaml-language-server understands best),
 * written by the generator to `manifest/manifest.schema.json` for editor completion and checks.
 *
 * Derived from {@link ManifestSchema} (input side: fields with defaults are optional). The
 * recursive `input`/`output` node is one definition referenced with `$ref`. A manifest with
 * `extends` only overrides its base, so it is checked against a deep-partial copy (no `required`
 * anywhere, unknown fields still rejected); the loader validates the merged result in full.
 */
export function manifestJsonSchema(): object {
  const generated = zodToJsonSchema(ManifestSchema, {
    target: 'jsonSchema7',
    // Inline every reused schema (zod-to-json-schema's `root` strategy would point repeated parts at
    // their first use and carry that use's description along), except the recursive node.
    $refStrategy: 'none',
    definitionPath: 'definitions',
    definitions: { SchemaNode: SchemaNodeSchema },
    override: (definition, _refs, _seen, forceResolution) =>
      definition === SchemaNodeSchema._def && !forceResolution
        ? { $ref: SCHEMA_NODE_REF }
        : ignoreOverride,
    effectStrategy: 'input',
    pipeStrategy: 'input',
    removeAdditionalStrategy: 'strict',
  }) as JsonObject;
  const { $schema: _schema, definitions, ...full } = withMarkdown(generated) as JsonObject;
  const complete = withDerivedFieldsOptional(full);
  const schemaNode = withTypeConstants((definitions as JsonObject).SchemaNode as JsonObject);
  const partial = withoutRequired(
    renameRef(complete, SCHEMA_NODE_REF, '#/definitions/PartialSchemaNode'),
  ) as JsonObject;
  return {
    $schema: DRAFT_07,
    title: 'tool-contracts manifest',
    description:
      'One tool of an LLM coding agent: its contract, validated by the tool-contracts generator.',
    definitions: {
      SchemaNode: schemaNode,
      PartialSchemaNode: withoutRequired(
        renameRef(schemaNode, SCHEMA_NODE_REF, '#/definitions/PartialSchemaNode'),
      ),
      Manifest: complete,
      PartialManifest: { ...partial, required: ['name', 'extends'] },
    },
    // A manifest that extends another, and an abstract template, only state part of a tool.
    if: {
      type: 'object',
      anyOf: [
        { properties: { extends: { type: 'string' } }, required: ['extends'] },
        { properties: { abstract: { const: true } }, required: ['abstract'] },
      ],
    },
    then: { $ref: '#/definitions/PartialManifest' },
    else: { $ref: '#/definitions/Manifest' },
  };
}

/**
 * Fields the loader fills in when a manifest leaves them out (`apply-manifest-defaults.ts`):
 * project defaults, flags derived from `readOnly`, permission from capability and purpose, and
 * `output`. The zod language requires them after that step; an editor must not.
 */
const DERIVED_TOP_LEVEL = new Set([
  'output',
  'permission',
  'resultBudget',
  'timeout',
  'cancellation',
]);

function withDerivedFieldsOptional(manifest: JsonObject): JsonObject {
  const properties = manifest.properties as Record<string, JsonObject>;
  const optional = (node: JsonObject, keep: (name: string) => boolean): JsonObject => {
    const required = (node.required as string[] | undefined)?.filter(keep);
    const { required: _required, ...rest } = node;
    return required === undefined || required.length === 0 ? rest : { ...rest, required };
  };
  return optional(
    {
      ...manifest,
      properties: {
        ...properties,
        flags: optional(properties.flags!, (name) => name === 'readOnly'),
        permission: optional(properties.permission!, () => false),
      },
    },
    (name) => !DERIVED_TOP_LEVEL.has(name),
  );
}

/** `manifest/tools.yaml` as a JSON Schema (draft-07), written to `manifest/tools.schema.json`. */
export function toolIndexJsonSchema(): object {
  const { $schema: _schema, ...schema } = zodToJsonSchema(ToolIndexSchema, {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
  }) as JsonObject;
  return {
    $schema: DRAFT_07,
    title: 'tool-contracts tool index',
    description:
      'The registration order of the built-in tools and the reserved names of the sorted-name table.',
    ...schema,
  };
}

/**
 * yaml-language-server shows `markdownDescription` on hover (and in completion) and only the
 * title without it: every `description` gets its Markdown twin, with the default value when the
 * schema has one and the text does not say it.
 */
function withMarkdown(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withMarkdown);
  if (typeof value !== 'object' || value === null) return value;
  const result: JsonObject = {};
  for (const [key, item] of Object.entries(value))
    result[key] =
      key === 'properties' && typeof item === 'object' && item !== null
        ? Object.fromEntries(
            Object.entries(item).map(([name, schema]) => [name, withMarkdown(schema)]),
          )
        : withMarkdown(item);
  const properties = result.properties as JsonObject | undefined;
  if (properties !== undefined && typeof properties === 'object')
    for (const [name, text] of Object.entries(SCHEMA_NODE_FIELD_DESCRIPTIONS)) {
      const property = properties[name] as JsonObject | undefined;
      if (property?.$ref !== undefined && property.description === undefined)
        properties[name] = { description: text, markdownDescription: text, allOf: [property] };
    }
  if (typeof result.description === 'string') {
    const text = result.description;
    const defaultNote =
      'default' in result && !/Default:/.test(text)
        ? ` Default: \`${JSON.stringify(result.default)}\`.`
        : '';
    result.markdownDescription = `${text}${defaultNote}`;
  }
  return result;
}

/**
 * The number branch of a schema node accepts `type: number` and `type: integer` (one zod enum);
 * yaml-language-server lists a wrong `type`'s allowed values from `const`s only, so the branch is
 * published as two, one per value.
 */
function withTypeConstants(node: JsonObject): JsonObject {
  const branches = node.anyOf as JsonObject[] | undefined;
  if (!Array.isArray(branches)) return node;
  return {
    ...node,
    anyOf: branches.flatMap((branch) => {
      const properties = branch.properties as JsonObject | undefined;
      const type = properties?.type as JsonObject | undefined;
      const values = type?.enum;
      if (!Array.isArray(values)) return [branch];
      return values.map((value) => {
        const { enum: _values, ...rest } = type!;
        return { ...branch, properties: { ...properties, type: { ...rest, const: value } } };
      });
    }),
  };
}

/** `schema` with every `$ref` to `from` pointing at `to` instead. */
function renameRef(schema: unknown, from: string, to: string): unknown {
  return mapSchemaNodes(schema, (node) => (node['$ref'] === from ? { ...node, $ref: to } : node));
}

/** `schema` without any `required` list (a property may still be called "required"). */
function withoutRequired(schema: unknown): unknown {
  return mapSchemaNodes(schema, (node) => {
    if (!Array.isArray(node['required'])) return node;
    const { required: _required, ...rest } = node;
    return rest;
  });
}
