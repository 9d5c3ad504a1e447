/** How `diff` classifies changes of the new schema forms: typed maps, `any`, "any of" unions. */
import { expect, test } from 'vitest';
import { schemaChanges, type SchemaSide } from '../../../generator/diff/schema-changes.js';
import { SchemaNodeSchema, type SchemaNode } from '../../../generator/manifest/manifest-schema.js';

const node = (value: unknown): SchemaNode => SchemaNodeSchema.parse(value);
const union = (exclusive: boolean) => ({
  type: 'union',
  exclusive,
  anyOf: [{ type: 'string' }, { type: 'integer' }],
});

test.each([
  {
    name: 'an open object becomes a typed map (input)',
    side: 'input',
    before: { type: 'object', additionalProperties: true },
    after: { type: 'object', additionalProperties: { type: 'string' } },
    want: ['breaking object-closed input.additionalProperties'],
  },
  {
    name: 'a closed object becomes a typed map (input)',
    side: 'input',
    before: { type: 'object' },
    after: { type: 'object', additionalProperties: { type: 'string' } },
    want: ['compatible field-changed input.additionalProperties'],
  },
  {
    name: 'a typed map narrows its values (input)',
    side: 'input',
    before: { type: 'object', additionalProperties: { type: 'string' } },
    after: { type: 'object', additionalProperties: { type: 'string', maxLength: 5 } },
    want: ['breaking type-narrowed input.additionalProperties.maxLength'],
  },
  {
    name: 'a string becomes any value (input)',
    side: 'input',
    before: { type: 'string' },
    after: { type: 'any' },
    want: ['compatible field-changed input'],
  },
  {
    name: 'an "any of" union becomes exclusive (input)',
    side: 'input',
    before: union(false),
    after: union(true),
    want: ['breaking type-narrowed input'],
  },
  {
    name: 'an exclusive union becomes "any of" (output)',
    side: 'output',
    before: union(true),
    after: union(false),
    want: ['breaking output-changed output'],
  },
])('$name', ({ side, before, after, want }) => {
  const changes = schemaChanges(side as SchemaSide, node(before), node(after));
  expect(changes.map((change) => `${change.class} ${change.kind} ${change.path}`)).toEqual(want);
});
