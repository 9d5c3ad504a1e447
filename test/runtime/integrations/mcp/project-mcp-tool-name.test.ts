import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  mcpNameProjections,
  mcpToolName,
  projectMcpToolNames,
  sanitizeMcpNamePart,
} from '../../../../runtime/integrations/mcp/project-mcp-tool-name.js';

const x56 = 'x'.repeat(56);
const x57 = 'x'.repeat(57);

describe('mcpToolName', () => {
  test.each([
    { server: 'github', tool: 'create_issue', want: 'mcp__github__create_issue' },
    { server: 'github', tool: 'create issue', want: 'mcp__github__create_issue' },
    { server: 'my.server', tool: 'v1.list', want: 'mcp__my_server__v1_list' },
    { server: 'données', tool: 'résumé', want: 'mcp__donn_es__r_sum_' },
    { server: 'emoji', tool: '😀smile', want: 'mcp__emoji___smile' }, // one `_` per code point, not per UTF-16 unit
    { server: 'a/b', tool: 'c:d', want: 'mcp__a_b__c_d' },
    { server: 'keep-dash_under', tool: 'Tool-1', want: 'mcp__keep-dash_under__Tool-1' },
  ])('$server / $tool → $want', ({ server, tool, want }) => {
    expect(mcpToolName(server, tool)).toBe(want);
  });
});

describe('projectMcpToolNames', () => {
  test.each([
    {
      title: 'a name of exactly 64 characters is kept',
      server: 'a',
      tools: [x56],
      taken: [],
      want: { [x56]: { ok: true, name: `mcp__a__${x56}`, shortened: false } },
    },
    {
      title: 'a name of 65 characters is shortened: 55 characters, `_`, 8 hex of sha256(original)',
      server: 'a',
      tools: [x57],
      taken: [],
      want: {
        [x57]: {
          ok: true,
          name: 'mcp__a__xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_23e33cec',
          shortened: true,
        },
      },
    },
    {
      title: 'a long real-world name',
      server: 'analytics-warehouse-production',
      tools: ['run_saved_query_with_parameters_and_wait'],
      taken: [],
      want: {
        run_saved_query_with_parameters_and_wait: {
          ok: true,
          name: 'mcp__analytics-warehouse-production__run_saved_query_wi_c0cfda82',
          shortened: true,
        },
      },
    },
    {
      title:
        'two tools that collide after sanitising both get the hashed form (hash of each original)',
      server: 'github',
      tools: ['create issue', 'create_issue'],
      taken: [],
      want: {
        'create issue': { ok: true, name: 'mcp__github__create_issue_726a20b3', shortened: true },
        create_issue: { ok: true, name: 'mcp__github__create_issue_b0c6525c', shortened: true },
      },
    },
    {
      title: 'a name already in the registry gets the hashed form',
      server: 'github',
      tools: ['create_issue'],
      taken: ['mcp__github__create_issue'],
      want: {
        create_issue: { ok: true, name: 'mcp__github__create_issue_b0c6525c', shortened: true },
      },
    },
    {
      title: 'when even the hashed form is taken the tool is refused, never overwritten',
      server: 'github',
      tools: ['create_issue'],
      taken: ['mcp__github__create_issue', 'mcp__github__create_issue_b0c6525c'],
      want: {
        create_issue: {
          ok: false,
          reason: 'nameCollision',
          name: 'mcp__github__create_issue_b0c6525c',
        },
      },
    },
  ])('$title', ({ server, tools, taken, want }) => {
    expect(Object.fromEntries(projectMcpToolNames(server, tools, new Set(taken)))).toEqual(want);
  });

  test('names are valid provider names, unique, and independent of the input order', () => {
    const toolName = fc.string({
      unit: fc.constantFrom('a', 'b', '.', ' ', '_', '-', 'é', '😀'),
      minLength: 1,
      maxLength: 70,
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(toolName, { minLength: 1, maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (tools, server) => {
          const forward = projectMcpToolNames(server, tools, new Set());
          const backward = projectMcpToolNames(server, [...tools].reverse(), new Set());
          const projected = tools.map((tool) => forward.get(tool)!);
          for (const projection of projected) {
            expect(projection.ok).toBe(true);
            expect(projection.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          }
          expect(new Set(projected.map((projection) => projection.name)).size).toBe(tools.length);
          expect(Object.fromEntries(backward)).toEqual(Object.fromEntries(forward));
        },
      ),
    );
  });

  test('sanitizeMcpNamePart keeps [A-Za-z0-9_-] and replaces the rest', () => {
    expect(sanitizeMcpNamePart('A-z_0 9.é/😀')).toBe('A-z_0_9____');
    expect(sanitizeMcpNamePart('already_clean-0')).toBe('already_clean-0');
    expect(sanitizeMcpNamePart('')).toBe('');
  });

  test('sanitizeMcpNamePart is one replacement per code point outside the set, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (part) => {
        expect(sanitizeMcpNamePart(part)).toBe(
          [...part].map((char) => (/^[A-Za-z0-9_-]$/u.test(char) ? char : '_')).join(''),
        );
      }),
    );
  });

  test('mcpNameProjections is projectMcpToolNames as a list in the order of the tools', () => {
    const tools = ['b', 'a.b', 'a_b', `${x56}1`, `${x56}2`, 'taken'];
    const taken = new Set(['mcp__srv__taken']);
    const byTool = projectMcpToolNames('srv', tools, taken);
    expect(mcpNameProjections('srv', tools, taken)).toEqual(tools.map((tool) => byTool.get(tool)));
    expect(mcpNameProjections('srv', [], taken)).toEqual([]);
  });
});
