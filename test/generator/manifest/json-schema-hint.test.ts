/** JSON Schema pasted into a manifest: each error names the construct and the manifest form to use. */
import { expect, test } from 'vitest';
import { loadManifestSources } from '../../../generator/manifest/load-manifest-sources.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';

const manifest = (property: string) => `# yaml-language-server: $schema=../manifest.schema.json
name: Probe
capability: probe.read
purpose: Reads a probe.
description: Reads a probe value.
flags: { readOnly: true }
permission: { permission: probe, reason: Reads probes. }
resultBudget: { maxModelBytes: 1000 }
timeout: { kind: none }
cancellation: { supported: false, cleanup: none }
input:
  type: object
  properties:
    value: ${property}
`;

function messages(property: string): string[] {
  const result = loadManifestSources({
    index: {
      file: 'manifest/tools.yaml',
      text: '# yaml-language-server: $schema=./tools.schema.json\nregistrationOrder: [ Probe ]\n',
    },
    manifests: [{ file: 'manifest/tools/probe.yaml', text: manifest(property) }],
  });
  return result.ok ? [] : result.issues.map(formatManifestIssue);
}

test.each([
  {
    pasted: '{ type: string, enum: [a, b] }',
    want: 'JSON Schema\'s enum is written `type: enum, values: ["a", "b"]`',
  },
  { pasted: '{ enum: [a, b] }', want: "JSON Schema's enum is written `type: enum, values: [...]`" },
  { pasted: '{ const: x }', want: "JSON Schema's const is written `type: const, value: ...`" },
  { pasted: '{}', want: 'an empty schema `{}` (any value) is written `type: any`' },
  {
    pasted: '{ oneOf: [ { type: string }, { type: integer } ] }',
    want: "JSON Schema's oneOf is written `type: union, anyOf: [...]` (exclusive)",
  },
  {
    pasted: '{ anyOf: [ { type: string }, { type: integer } ] }',
    want: "JSON Schema's anyOf is written `type: union, exclusive: false, anyOf: [...]`",
  },
  {
    pasted: "{ $ref: '#/definitions/Other', type: string }",
    want: 'no definition "#/definitions/Other"',
  },
  {
    pasted: '{ type: [ string, "null" ] }',
    want: "JSON Schema's type list [string, null] is written `type: string, nullable: true`",
  },
  {
    pasted: '{ type: string, propertyNames: { pattern: "^a" } }',
    want: '`propertyNames: { pattern, minLength, maxLength }` is allowed on `type: object` only',
  },
  {
    pasted: '{ type: object, patternProperties: { "^a": { type: string } } }',
    want: 'patternProperties is written `additionalProperties: <schema>` with `propertyNames: { pattern }`',
  },
  {
    pasted: '{ type: integer, minimum: 1, exclusiveMinimum: true }',
    want: "draft-4's boolean exclusiveMinimum is written as the bound itself",
  },
])('$pasted: the error names the manifest form', ({ pasted, want }) => {
  const found = messages(pasted);
  expect(found.length).toBeGreaterThan(0);
  expect(found.join('\n')).toContain(want);
  for (const line of found) expect(line).toMatch(/^manifest\/tools\/probe\.yaml:\d+:\d+ /);
});
