import { describe, expect, test } from 'vitest';
import type { JsonSchema } from '../../../runtime/core/contract.js';
import type { LoadedTool } from '../../../generator/manifest/manifest-set.js';
import { strictWarnings } from '../../../generator/manifest/strict-warnings.js';

function loadedTool(name: string, strict: boolean): LoadedTool {
  return {
    manifest: { name, strict } as LoadedTool['manifest'],
    file: `manifest/tools/${name.toLowerCase()}.yaml`,
    implementation: name.toLowerCase(),
    explicitPaths: new Set(['strict']),
    locate: (path) => (path[0] === 'strict' ? { line: 54, column: 9 } : { line: 1, column: 1 }),
  };
}

const closed: JsonSchema = {
  type: 'object',
  properties: { value: { type: 'string' } },
  required: ['value'],
  additionalProperties: false,
};
const openResult: JsonSchema = {
  type: 'object',
  properties: { result: { type: 'object', properties: {}, additionalProperties: true } },
  required: ['result'],
  additionalProperties: false,
};
// Recursion: OpenAI's subset allows it, Anthropic's does not — one provider is enough.
const recursive: JsonSchema = {
  type: 'object',
  $defs: {
    node: {
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } },
      required: ['children'],
      additionalProperties: false,
    },
  },
  properties: { root: { $ref: '#/$defs/node' } },
  required: ['root'],
  additionalProperties: false,
};

describe('strictWarnings: strict: true that no provider can take', () => {
  test.each([
    { title: 'an open object in the schema', strict: true, schema: openResult, warns: true },
    { title: 'a closed schema', strict: true, schema: closed, warns: false },
    { title: 'a schema only OpenAI can take', strict: true, schema: recursive, warns: false },
    { title: 'strict: false', strict: false, schema: openResult, warns: false },
  ])('$title → warns: $warns', ({ strict, schema, warns }) => {
    const warnings = strictWarnings([loadedTool('Submit', strict)], () => schema);
    expect(warnings).toHaveLength(warns ? 1 : 0);
  });

  test("says where (file:line:col of strict) and each provider's reason", () => {
    expect(strictWarnings([loadedTool('Submit', true)], () => openResult)).toEqual([
      "manifest/tools/submit.yaml:54:9 strict: true, but no provider's strict subset can express the input schema, so strict never applies (anthropic: input/properties/result: the object accepts properties it does not list (additionalProperties is not false) | openai: input/properties/result: the object accepts properties it does not list (additionalProperties is not false))",
    ]);
  });
});
