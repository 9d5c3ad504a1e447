import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MAX_MCP_DESCRIPTION_CHARS,
  MAX_MCP_SCHEMA_CHARS,
  MAX_MCP_VALUE_DEPTH,
  valueDepth,
} from '../../../../runtime/integrations/mcp/bound-mcp-descriptor.js';
import { listMcpTools } from '../../fixtures/list-mcp-tools.js';

/** `{a: {a: … 1 …}}`, `levels` objects deep, built without recursion. */
function nested(levels: number, leaf: unknown = 1, key = 'a'): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1) value = { [key]: value };
  return value;
}
function nestedSchema(levels: number): unknown {
  let value: unknown = { type: 'string' };
  for (let level = 0; level < levels; level += 1)
    value = { type: 'object', properties: { p: value } };
  return value;
}

function register(descriptor: Record<string, unknown>) {
  const { warnings, tools } = listMcpTools([
    { name: 't', inputSchema: { type: 'object' }, ...descriptor },
  ]);
  return { warnings, tool: tools.find((candidate) => candidate.name === 'mcp__srv__t') };
}
const prefix = 'MCP server "srv", tool "t": ';

describe('MCP descriptors within limits', () => {
  test.each([
    [0, 1],
    [1, { a: 1 }],
    [3, [[{ a: 1 }]]],
    [8_000, nested(8_000)],
  ])('valueDepth → %d', (depth, value) => {
    expect(valueDepth(value, 10_000)).toBe(depth);
  });

  const inherited: unknown = Object.create({ deep: nested(100) });
  test.each([
    ['a scalar', 0, 1],
    ['an object', 1, { a: 1 }],
    ['arrays in arrays', 3, [[{ a: 1 }]]],
    ['a sparse array', 2, [, [1]]], // eslint-disable-line no-sparse-arrays
    ['only own values count', 1, inherited],
    ['stops one past the limit', MAX_MCP_VALUE_DEPTH + 1, nested(8_000)],
  ])('valueDepth within the default limit, %s → %d', (_label, depth, value) => {
    expect(valueDepth(value)).toBe(depth);
  });

  test('the recursive and the stack walk agree on JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        expect(valueDepth(value, 6)).toBe(Math.min(valueDepth(value, 10_000), 7));
      }),
    );
  });

  test.each([
    [
      'an 8 000-deep value in an input schema',
      { inputSchema: { type: 'object', properties: { p: { default: nested(8_000) } } } },
      `${prefix}inputSchema is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; the model is shown {"type":"object"}`,
    ],
    [
      'an 8 000-deep chain of properties',
      { inputSchema: nestedSchema(8_000) },
      `${prefix}inputSchema is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; the model is shown {"type":"object"}`,
    ],
    [
      'an 8 000-deep array in an enum',
      { inputSchema: { type: 'object', properties: { p: { enum: [nested(8_000, 1, '0')] } } } },
      `${prefix}inputSchema is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; the model is shown {"type":"object"}`,
    ],
    // The fused schema walk measures the depth for bound (registration does not measure a
    // schema it answered for): parts it drops unread count too.
    [
      'a 65-deep entry of $defs no reference uses',
      {
        inputSchema: {
          type: 'object',
          properties: { p: { $ref: '#/$defs/S' } },
          $defs: { S: { type: 'string' }, D: nested(MAX_MCP_VALUE_DEPTH - 1) },
        },
      },
      `${prefix}inputSchema is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; the model is shown {"type":"object"}`,
    ],
    [
      'a 65-deep $comment',
      {
        inputSchema: {
          type: 'object',
          properties: { p: { type: 'string' } },
          $comment: nested(MAX_MCP_VALUE_DEPTH),
        },
      },
      `${prefix}inputSchema is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; the model is shown {"type":"object"}`,
    ],
  ])('%s: list does not crash, the schema falls back', (_label, descriptor, warning) => {
    const { warnings, tool } = register(descriptor);
    expect(warnings).toEqual([warning]);
    expect(tool?.inputSchema).toMatchObject({ type: 'object' });
    expect(tool?.inputSchema).not.toHaveProperty('properties');
  });

  test('a schema exactly at the depth limit, $defs included, is kept and normalised', () => {
    const { warnings, tool } = register({
      inputSchema: {
        type: 'object',
        properties: { p: { $ref: '#/$defs/S' } },
        $defs: { S: { type: 'string' }, D: nested(MAX_MCP_VALUE_DEPTH - 2) },
      },
    });
    expect(warnings).toEqual([]);
    expect(tool?.inputSchema).toMatchObject({ properties: { p: { type: 'string' } } });
  });

  test.each([
    [
      'annotations',
      { annotations: nested(8_000) },
      `${prefix}annotations is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; ignored`,
    ],
    [
      'outputSchema',
      { outputSchema: nested(8_000) },
      `${prefix}outputSchema is nested more than ${MAX_MCP_VALUE_DEPTH} levels deep; ignored`,
    ],
  ])('an 8 000-deep %s is ignored with a warning', (_label, descriptor, warning) => {
    const { warnings, tool } = register(descriptor);
    expect(warnings).toEqual([warning]);
    expect(tool).toBeDefined();
  });

  test('a description of a megabyte is cut, with a marker and a warning', () => {
    const { warnings, tool } = register({ description: 'd'.repeat(1_000_000) });
    expect(warnings).toEqual([
      `${prefix}description is 1000000 characters long; cut to ${MAX_MCP_DESCRIPTION_CHARS}`,
    ]);
    expect(tool?.description).toContain(
      `… [${1_000_000 - MAX_MCP_DESCRIPTION_CHARS} more characters]`,
    );
    expect(tool!.description.length).toBeLessThan(MAX_MCP_DESCRIPTION_CHARS + 100);
  });

  const wide = (count: number) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, index) => [
        `p${index}`,
        { type: 'string', description: 'x'.repeat(40) },
      ]),
    ),
  });
  test('a schema above the warning size reaches the model with a warning', () => {
    const { warnings, tool } = register({ inputSchema: wide(400) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^MCP server "srv", tool "t": input schema is \d+ characters of JSON \(more than 16384\); it is sent to the model on every turn$/,
    );
    expect(Object.keys((tool?.inputSchema as { properties: object }).properties)).toHaveLength(400);
  });

  test('a schema above the maximum size is replaced by {type: object}', () => {
    const { warnings, tool } = register({ inputSchema: wide(3_000) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `input schema is \\d+ characters of JSON, more than ${MAX_MCP_SCHEMA_CHARS}; the model is shown \\{"type":"object"\\}$`,
      ),
    );
    expect(tool?.inputSchema).not.toHaveProperty('properties');
  });

  test.each([
    [
      { $ref: '#' },
      'reference "#" recurses; expanded 2 times, then replaced by a stub that only keeps its type',
    ],
    [
      {
        type: 'object',
        $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
        properties: { x: { $ref: '#/$defs/a' } },
      },
      'reference "#/$defs/a" recurses; expanded 2 times, then replaced by a stub that only keeps its type',
    ],
  ])('a $ref cycle is reported: %j', (inputSchema, warning) => {
    expect(register({ inputSchema }).warnings).toEqual([`${prefix}${warning}`]);
  });
});
