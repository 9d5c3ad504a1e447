import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { orderProviderVisibleTools } from '../../../../runtime/core/visibility/order-provider-visible-tools.js';

const mcp = (server: string, tool: string, name = `mcp__${server}__${tool}`) => ({
  name,
  mcp: { server, tool },
});
const builtIn = (name: string) => ({ name });

const options = {
  sortedNames: new Set([
    'Write',
    'Bash',
    'Read',
    'TodoWrite',
    'WebFetch',
    'Zeta',
    'alpha',
    '_under',
  ]),
  registrationOrder: [
    'Read',
    'Write',
    'Bash',
    'TodoRead',
    'WebFetch',
    'ListModels',
    'ReadSessionContext',
    'TodoWrite',
  ],
};

describe('orderProviderVisibleTools', () => {
  test.each([
    {
      title: 'reference block sorted first, then other built-ins in registration order',
      given: ['ReadSessionContext', 'Write', 'TodoRead', 'Read', 'ListModels', 'Bash'],
      want: ['Bash', 'Read', 'Write', 'TodoRead', 'ListModels', 'ReadSessionContext'],
    },
    {
      title: 'code-unit order: capitals, then `_`, then lower case',
      given: ['alpha', 'Zeta', '_under', 'Bash'],
      want: ['Bash', 'Zeta', '_under', 'alpha'],
    },
    {
      title: 'a built-in missing from the registration order goes after the known ones, stably',
      given: ['Unknown2', 'ListModels', 'Unknown1', 'TodoRead'],
      want: ['TodoRead', 'ListModels', 'Unknown2', 'Unknown1'],
    },
  ])('$title', ({ given, want }) => {
    expect(orderProviderVisibleTools(given.map(builtIn), options).map((tool) => tool.name)).toEqual(
      want,
    );
  });

  test('MCP tools come last, by server then tool name, whatever the input order', () => {
    const tools = [
      mcp('zeta', 'a'),
      builtIn('TodoRead'),
      mcp('alpha', 'b'),
      builtIn('Read'),
      mcp('alpha', 'a'),
      mcp('Beta', 'x'),
    ];
    expect(orderProviderVisibleTools(tools, options).map((tool) => tool.name)).toEqual([
      'Read',
      'TodoRead',
      'mcp__Beta__x',
      'mcp__alpha__a',
      'mcp__alpha__b',
      'mcp__zeta__a',
    ]);
  });

  test('an MCP tool whose name is in the sorted table still goes to the MCP block', () => {
    expect(
      orderProviderVisibleTools([mcp('s', 't', 'Bash2'), builtIn('Read')], {
        ...options,
        sortedNames: new Set(['Bash2', 'Read']),
      }).map((tool) => tool.name),
    ).toEqual(['Read', 'Bash2']);
  });

  test('does not change its input', () => {
    const given = [builtIn('Write'), builtIn('Read')];
    orderProviderVisibleTools(given, options);
    expect(given.map((tool) => tool.name)).toEqual(['Write', 'Read']);
  });

  test('the order is a function of the set: any permutation gives the same result', () => {
    const names = [
      'Read',
      'Write',
      'Bash',
      'TodoRead',
      'ListModels',
      'ReadSessionContext',
      'Unknown',
    ];
    const mcpTools = [mcp('a', 'x'), mcp('a', 'y'), mcp('b', 'x'), mcp('A', 'x')];
    const expected = orderProviderVisibleTools([...names.map(builtIn), ...mcpTools], options);
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...names.map(builtIn), ...mcpTools], { minLength: 11, maxLength: 11 }),
        (shuffled) => {
          expect(orderProviderVisibleTools(shuffled, options)).toEqual(expected);
        },
      ),
    );
  });
});
