/**
 * Generated hostile MCP tool descriptors — arbitrary JSON where a schema, annotations or a
 * description belong, values nested thousands of levels deep, huge strings — registered and
 * listed as `list` does: never a crash or an unbounded warning, and the model always gets an
 * object schema. The hand-picked cases are in bound-mcp-descriptor.test.ts. Long variants
 * (deeper, larger, many more descriptors): `npm run test:long`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { listMcpTools } from '../../fixtures/list-mcp-tools.js';
import { ADVERSARIAL_TIMEOUT_MS, variant } from '../../../support/long-variants.js';

/** `{k: {k: … leaf …}}` or `[[… leaf …]]`, `levels` deep, built without recursion. */
function nested(levels: number, key: string | undefined, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level += 1)
    value = key === undefined ? [value] : { [key]: value };
  return value;
}

const json = fc.jsonValue({ maxDepth: variant(5, 10) });
const deep = fc
  .tuple(
    fc.integer({ min: 0, max: variant(5_000, 200_000) }),
    fc.constantFrom(undefined, 'properties', 'items', 'a', '__proto__'),
    json,
  )
  .map(([levels, key, leaf]) => nested(levels, key, leaf));
const hostile = fc.oneof(json, deep, fc.string({ maxLength: variant(2_000, 2_000_000) }));
const descriptor = fc.record(
  {
    description: fc.oneof(
      hostile,
      fc.string({ minLength: 10_001, maxLength: variant(20_000, 5_000_000) }),
    ),
    title: hostile,
    inputSchema: fc.oneof(
      hostile,
      fc.record({ type: fc.constant('object'), properties: fc.dictionary(fc.string(), hostile) }),
    ),
    outputSchema: hostile,
    annotations: hostile,
  },
  { requiredKeys: [] },
);

let listed = 0;
let registered = 0;
describe('hostile MCP descriptors', () => {
  test(
    'register and list: no crash, bounded warnings, an object schema for the model',
    () => {
      fc.assert(
        fc.property(fc.array(descriptor, { minLength: 1, maxLength: 4 }), (descriptors) => {
          const { warnings, tools } = listMcpTools(
            descriptors.map((fields, index) => ({ ...fields, name: `t${index}` })),
          );
          listed += tools.length;
          registered += descriptors.length;
          for (const tool of tools) {
            expect(tool.inputSchema).toMatchObject({ type: 'object' });
            expect(JSON.stringify(tool).length).toBeLessThan(200_000);
          }
          for (const warning of warnings) expect(warning.length).toBeLessThan(2_000);
        }),
        { numRuns: variant(60, 3_000) },
      );
      // Most hostile descriptors still become tools (with a fallback schema): the property
      // above is about tools that reach the model, not about a registry that refused them all.
      expect(listed).toBeGreaterThan(variant(60, 3_000) / 2);
      // "Most" of the descriptors, not just of the runs: each run registers up to four.
      expect(listed).toBeGreaterThan(registered / 2);
    },
    ADVERSARIAL_TIMEOUT_MS,
  );
});
