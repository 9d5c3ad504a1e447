/**
 * Each projection against its provider's documented rules, for every built-in and every tool of
 * the held-in MCP fixtures: names, keywords, the root object, refs, nullable forms, `strict`.
 */
import { describe, expect, test } from 'vitest';
import { isJsonObject as isSchemaObject } from '../../../../runtime/core/support/is-json-object.js';
import type { ModelToolContract } from '../../../../runtime/core/contract.js';
import { GEMINI_FUNCTION_NAME } from '../../../../runtime/integrations/providers/gemini-function-names.js';
import { projectProviderRequest } from '../../../../runtime/integrations/providers/project-provider-request.js';
import type { ProviderRequest } from '../../../../runtime/integrations/providers/provider-request.js';
import { TOOL_SEARCH_NAME } from '../../../../runtime/core/visibility/deferred-tools.js';
import { builtInContracts, mcpContracts, model } from './provider-fixtures.js';

const ANTHROPIC_OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const LISTS: readonly [string, () => readonly ModelToolContract[]][] = [
  ['the built-ins', builtInContracts],
  ['the MCP fixtures', () => mcpContracts()],
];

/** Every schema node under `schema`, with its JSON pointer. */
function nodes(schema: unknown, pointer = ''): [string, Record<string, unknown>][] {
  if (!isSchemaObject(schema)) return [];
  const found: [string, Record<string, unknown>][] = [[pointer, schema as Record<string, unknown>]];
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties' || keyword === '$defs') {
      for (const [name, child] of Object.entries(value as object))
        found.push(...nodes(child, `${pointer}/${keyword}/${name}`));
    } else if (keyword === 'items' || keyword === 'additionalProperties') {
      found.push(...nodes(value, `${pointer}/${keyword}`));
    } else if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') {
      (value as unknown[]).forEach((child, index) =>
        found.push(...nodes(child, `${pointer}/${keyword}/${index}`)),
      );
    }
  }
  return found;
}

function project(
  provider: Parameters<typeof projectProviderRequest>[0],
  tools: readonly ModelToolContract[],
  geminiSchema?: 'openapi',
): ProviderRequest<Record<string, unknown>> {
  return projectProviderRequest(provider, tools, {
    model,
    ...(geminiSchema ? { geminiSchema } : {}),
  }) as unknown as ProviderRequest<Record<string, unknown>>;
}

describe.each(LISTS)('projections of %s', (_title, list) => {
  const tools = list();

  test('every tool is sent, in the given order, under a unique name (ToolSearch only while something is deferred)', () => {
    const sent = tools.filter((tool) => tool.name !== TOOL_SEARCH_NAME);
    for (const provider of [
      'anthropic',
      'openai',
      'openai-responses',
      'gemini',
      'ai-sdk',
    ] as const) {
      const request = project(provider, tools);
      expect(request.tools.map((tool) => tool.name)).toEqual(sent.map((tool) => tool.name));
      expect(new Set(request.tools.map((tool) => tool.sentName)).size).toBe(sent.length);
    }
  });

  test('Anthropic: names match ^[a-zA-Z0-9_-]{1,64}$, input_schema is a closed-form object root without $schema or a top-level union, strict only when decided', () => {
    const request = project('anthropic', tools);
    const entries = request.request['tools'] as Record<string, unknown>[];
    entries.forEach((entry, index) => {
      expect(
        Object.keys(entry).filter(
          (key) => !['name', 'description', 'input_schema', 'strict'].includes(key),
        ),
      ).toEqual([]);
      expect(entry['name']).toMatch(ANTHROPIC_OPENAI_NAME);
      const schema = entry['input_schema'] as Record<string, unknown>;
      expect(schema['type']).toBe('object');
      expect(schema).not.toHaveProperty('$schema');
      for (const keyword of ['oneOf', 'anyOf', 'allOf']) expect(schema).not.toHaveProperty(keyword);
      expect(entry['strict'] === true).toBe(request.strict[index]!.strict);
    });
  });

  test.each(['openai', 'openai-responses'] as const)(
    '%s: names match, strict is always sent, strict tools have every object closed and every property required',
    (provider) => {
      const request = project(provider, tools);
      const entries = request.request['tools'] as Record<string, unknown>[];
      entries.forEach((entry) => {
        const fn = (provider === 'openai' ? entry['function'] : entry) as Record<string, unknown>;
        expect(entry['type']).toBe('function');
        expect(fn['name']).toMatch(ANTHROPIC_OPENAI_NAME);
        expect(typeof fn['strict']).toBe('boolean');
        const parameters = fn['parameters'] as Record<string, unknown>;
        expect(parameters['type']).toBe('object');
        expect(parameters).not.toHaveProperty('$schema');
        if (fn['strict'] === true) {
          for (const [pointer, node] of nodes(parameters)) {
            if (!isSchemaObject(node['properties'])) continue;
            expect({ pointer, closed: node['additionalProperties'] }).toEqual({
              pointer,
              closed: false,
            });
            expect(node['required']).toEqual(Object.keys(node['properties']));
          }
        }
      });
      // Parallel calls stay on: the provider's default, nothing sent.
      expect(request.request).not.toHaveProperty('parallel_tool_calls');
    },
  );

  test('Gemini (parametersJsonSchema): names match ^[a-zA-Z_][a-zA-Z0-9_\\-.:]{0,63}$, never both parameter forms, no $schema', () => {
    const request = project('gemini', tools);
    const [group] = request.request['tools'] as {
      functionDeclarations: Record<string, unknown>[];
    }[];
    for (const declaration of group!.functionDeclarations) {
      expect(declaration['name']).toMatch(GEMINI_FUNCTION_NAME);
      expect('parameters' in declaration && 'parametersJsonSchema' in declaration).toBe(false);
      expect(declaration['parametersJsonSchema'] ?? {}).not.toHaveProperty('$schema');
    }
  });

  test("Gemini (OpenAPI subset): only the subset's keywords, upper-case single types, string enums, non-empty properties, int64 counts as strings", () => {
    const request = project('gemini', tools, 'openapi');
    expect(request.notes.filter((note) => note.code === 'omitted')).toEqual([]);
    const [group] = request.request['tools'] as {
      functionDeclarations: Record<string, unknown>[];
    }[];
    const allowed = new Set([
      'type',
      'format',
      'title',
      'description',
      'nullable',
      'enum',
      'maxItems',
      'minItems',
      'properties',
      'required',
      'minProperties',
      'maxProperties',
      'minLength',
      'maxLength',
      'pattern',
      'example',
      'anyOf',
      'propertyOrdering',
      'default',
      'items',
      'minimum',
      'maximum',
    ]);
    for (const declaration of group!.functionDeclarations) {
      expect(declaration['name']).toMatch(GEMINI_FUNCTION_NAME);
      expect(declaration).not.toHaveProperty('parametersJsonSchema');
      for (const [pointer, node] of nodes(declaration['parameters'])) {
        const where = `${String(declaration['name'])}${pointer}`;
        expect({ where, unknown: Object.keys(node).filter((key) => !allowed.has(key)) }).toEqual({
          where,
          unknown: [],
        });
        if ('type' in node)
          expect(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT']).toContain(
            node['type'],
          );
        if ('enum' in node)
          expect((node['enum'] as unknown[]).every((value) => typeof value === 'string')).toBe(
            true,
          );
        if ('properties' in node)
          expect(Object.keys(node['properties'] as object).length).toBeGreaterThan(0);
        for (const keyword of ['minLength', 'maxLength', 'minItems', 'maxItems'])
          if (keyword in node) expect(typeof node[keyword]).toBe('string');
      }
    }
  });
});

describe('Gemini OpenAPI subset: how each JSON Schema form is said', () => {
  const request = project('gemini', mcpContracts(['edge-cases']), 'openapi');
  const [group] = request.request['tools'] as { functionDeclarations: Record<string, any>[] }[];
  const byName = new Map(
    group!.functionDeclarations.map((declaration) => [declaration['name'] as string, declaration]),
  );
  const issues = byName.get('mcp__edge-cases__search_issues')!['parameters'].properties;

  test.each([
    {
      form: 'type list with null and an enum with null',
      property: 'state',
      want: { type: 'STRING', enum: ['open', 'closed'], nullable: true },
    },
    {
      form: 'anyOf with a null branch',
      property: 'labels',
      want: { type: 'ARRAY', items: { type: 'STRING' }, nullable: true },
    },
    {
      form: 'oneOf of two types',
      property: 'limit',
      want: { anyOf: [{ type: 'INTEGER' }, { type: 'STRING', pattern: '^[0-9]+$' }] },
    },
    { form: 'a string const', property: 'kind', want: { type: 'STRING', enum: ['issue'] } },
    {
      form: 'a numeric enum (said in the description)',
      property: 'priority',
      want: { type: 'INTEGER', description: 'Constraints: one of 1, 2, 3.' },
    },
    {
      form: 'propertyNames (dropped)',
      property: 'meta',
      want: { type: 'OBJECT', properties: { sort: { type: 'STRING' } } },
    },
  ])('$form', ({ property, want }) => {
    expect(issues[property]).toEqual(want);
  });

  test('exclusive bounds and unsupported formats move into the description; lengths are strings', () => {
    expect(byName.get('mcp__edge-cases__2fa-code')!['parameters'].properties).toEqual({
      account: { type: 'STRING', minLength: '1', description: 'Constraints: format email.' },
      digits: { type: 'INTEGER', maximum: 10, description: 'Constraints: > 3.' },
    });
  });

  test('a tool without parameters has no parameters field', () => {
    expect(byName.get('mcp__edge-cases__ping')).toEqual({
      name: 'mcp__edge-cases__ping',
      description: 'Checks the server is up (no parameters).',
    });
  });
});
