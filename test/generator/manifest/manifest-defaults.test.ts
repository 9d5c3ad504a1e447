/**
 * Defaults instead of boilerplate: project defaults from manifest/tools.yaml, flags derived from
 * readOnly, permission from capability and purpose, `output` optional, abstract templates for
 * `extends` with availability and visibility not inherited, local `$ref`s inlined, and the
 * warnings for what is carried in a weaker form than written.
 */
import { describe, expect, test } from 'vitest';
import { loadManifestSources } from '../../../generator/manifest/load-manifest-sources.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';

const HEAD = '# yaml-language-server: $schema=../manifest.schema.json\n';
const INDEX_HEAD = '# yaml-language-server: $schema=./tools.schema.json\n';
const DEFAULTS = `defaults:
  resultBudget: { maxModelBytes: 50000 }
  timeout: { kind: bounded, defaultMs: 30000, maxMs: 120000 }
  cancellation: { supported: true, cleanup: abortSignal }
`;

function load(manifests: Record<string, string>, index: string) {
  return loadManifestSources({
    index: { file: 'manifest/tools.yaml', text: INDEX_HEAD + index },
    manifests: Object.entries(manifests).map(([file, text]) => ({
      file: `manifest/tools/${file}`,
      text: HEAD + text,
    })),
  });
}

function loaded(manifests: Record<string, string>, index: string) {
  const result = load(manifests, index);
  if (!result.ok) throw new Error(result.issues.map(formatManifestIssue).join('\n'));
  return result;
}

const SEARCH = `name: Search
capability: docs.search
purpose: Search the docs
description: Searches the documentation.
flags:
  readOnly: true
input:
  type: object
  properties:
    query: { type: string }
  required: [ query ]
`;

describe('a read-only tool with project defaults', () => {
  const result = loaded({ 'search.yaml': SEARCH }, `${DEFAULTS}registrationOrder: [ Search ]\n`);
  const manifest = result.set.tools[0]!.manifest;

  test('fits in at most 8 lines besides its description and input schema', () => {
    const lines = (HEAD + SEARCH).split('\n').filter((line) => line !== '');
    const inputStart = lines.indexOf('input:');
    const other = lines.filter(
      (line, index) => index < inputStart && !line.startsWith('description'),
    );
    expect(other.length).toBeLessThanOrEqual(8);
  });

  test('gets every flag derived from readOnly', () => {
    expect(manifest.flags).toEqual({
      readOnly: true,
      destructive: false,
      concurrentSafe: true,
      sideEffectScope: 'none',
      riskLevel: 'low',
      needsApproval: false,
      requiresUserInteraction: false,
      allowedInPlanMode: false,
      stopTurnOnSuccess: false,
      providerVisible: true,
      idempotent: false,
      recovery: 'none',
    });
  });

  test('takes budget, timeout and cancellation from the project, permission from capability and purpose', () => {
    expect(manifest.resultBudget.maxModelBytes).toBe(50000);
    expect(manifest.timeout).toEqual({
      kind: 'bounded',
      defaultMs: 30000,
      maxMs: 120000,
      allowCallOverride: false,
      cleanupGraceMs: 0,
    });
    expect(manifest.cancellation.cleanup).toBe('abortSignal');
    expect(manifest.permission.permission).toBe('docs.search');
    expect(manifest.permission.reason).toBe('Search the docs');
    expect(manifest.output).toEqual({ type: 'any' });
  });

  test('counts every defaulted value as set, so the audit shows it', () => {
    const paths = result.set.tools[0]!.explicitPaths;
    for (const path of ['flags.concurrentSafe', 'resultBudget.maxModelBytes', 'timeout.defaultMs'])
      expect([...paths]).toContain(path);
  });
});

test.each([
  {
    name: 'a tool that writes states its scope: derivations do not guess it',
    text: SEARCH.replace('readOnly: true', 'readOnly: false'),
    want: [
      "manifest/tools/search.yaml:7:3 flags.sideEffectScope: missing required field (expected 'none' | 'workspace' | 'git' | 'network' | 'system' | 'session' | 'userInteraction')",
    ],
  },
  {
    name: 'a manifest value overrides the derived one and the project default',
    text: `${SEARCH}flags:\n  readOnly: true\n  needsApproval: true\n`.replace(
      'flags:\n  readOnly: true\ninput',
      'input',
    ),
    want: [],
  },
])('$name', ({ text, want }) => {
  const result = load({ 'search.yaml': text }, `${DEFAULTS}registrationOrder: [ Search ]\n`);
  expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual(want);
});

test('a project default the index cannot use is reported in tools.yaml', () => {
  const result = load(
    { 'search.yaml': SEARCH },
    'defaults:\n  timeout: { kind: bounded }\nregistrationOrder: [ Search ]\n',
  );
  expect(result.ok).toBe(false);
  if (!result.ok)
    expect(result.issues.map(formatManifestIssue)).toContain(
      'manifest/tools.yaml:3:12 defaults.timeout.defaultMs: missing required field (expected a number)',
    );
});

describe('abstract templates', () => {
  const TEMPLATE = `name: UpstreamTool
abstract: true
capability: upstream.call
flags:
  readOnly: false
  sideEffectScope: network
  providerVisible: false
availability: { features: [ mcp ] }
resultBudget: { maxModelBytes: 1000 }
timeout: { kind: none }
cancellation: { supported: false, cleanup: none }
`;
  const CHILD = `name: Fetch
extends: UpstreamTool
purpose: Fetch a page
description: Fetches a page.
input: { type: object }
`;

  test('is never registered, needs no registrationOrder entry, and lends its fields', () => {
    const result = loaded(
      { 'upstream-tool.yaml': TEMPLATE, 'fetch.yaml': CHILD },
      'registrationOrder: [ Fetch ]\n',
    );
    expect(result.set.tools.map((tool) => tool.manifest.name)).toEqual(['Fetch']);
    const tool = result.set.tools[0]!;
    expect(tool.implementation).toBe('fetch');
    expect(tool.manifest.flags.sideEffectScope).toBe('network');
    expect(tool.manifest.flags.needsApproval).toBe(true);
    // Fields about the template itself are not inherited.
    expect(tool.manifest.flags.providerVisible).toBe(true);
    expect(tool.manifest.availability.features).toEqual([]);
  });

  test('listed in registrationOrder is an error', () => {
    const result = load(
      { 'upstream-tool.yaml': TEMPLATE, 'fetch.yaml': CHILD },
      'registrationOrder: [ Fetch, UpstreamTool ]\n',
    );
    expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual([
      'manifest/tools.yaml:2:29 registrationOrder[1]: "UpstreamTool" is an abstract template (abstract: true): it is never registered, so it is not listed here',
    ]);
  });
});

describe('local $ref / $defs', () => {
  const withInput = (input: string) => SEARCH.replace(/input:[\s\S]*$/, input);

  test('are inlined exactly, sibling keys overriding the definition', () => {
    const result = loaded(
      {
        'search.yaml': withInput(`input:
  type: object
  $defs:
    Range: { type: object, properties: { from: { type: integer } }, required: [ from ] }
  properties:
    first: { $ref: '#/$defs/Range', description: The first range. }
    rest: { type: array, items: { $ref: '#/$defs/Range' } }
`),
      },
      `${DEFAULTS}registrationOrder: [ Search ]\n`,
    );
    const input = result.set.tools[0]!.manifest.input;
    expect(input).toEqual({
      type: 'object',
      properties: {
        first: {
          type: 'object',
          properties: { from: { type: 'integer' } },
          required: ['from'],
          additionalProperties: false,
          description: 'The first range.',
        },
        rest: {
          type: 'array',
          items: {
            type: 'object',
            properties: { from: { type: 'integer' } },
            required: ['from'],
            additionalProperties: false,
          },
        },
      },
      required: [],
      additionalProperties: false,
    });
  });

  test.each([
    {
      name: 'a recursive definition',
      input: `input:
  type: object
  $defs:
    Node: { type: object, properties: { child: { $ref: '#/$defs/Node' } } }
  properties:
    root: { $ref: '#/$defs/Node' }
`,
      want: 'refers to itself (through #/$defs/Node → #/$defs/Node); the manifest language has no recursive schemas',
    },
    {
      name: 'an unknown definition',
      input: `input:
  type: object
  properties:
    root: { $ref: '#/$defs/Missing' }
`,
      want: 'no definition "#/$defs/Missing"; define it under $defs at the root of input (known: none)',
    },
    {
      name: 'a remote reference',
      input: `input:
  type: object
  properties:
    root: { $ref: 'https://example.com/schema.json' }
`,
      want: 'only local references into this schema\'s $defs are supported (e.g. "#/$defs/Name"), found "https://example.com/schema.json"',
    },
  ])('refuse $name with the reason, located at the reference', ({ input, want }) => {
    const result = load(
      { 'search.yaml': withInput(input) },
      `${DEFAULTS}registrationOrder: [ Search ]\n`,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      const line = result.issues.map(formatManifestIssue).find((text) => text.includes('$ref'));
      expect(line).toContain('manifest/tools/search.yaml:');
      expect(line).toContain(want);
    }
  });
});

test.each([
  {
    name: 'a format no validator knows',
    input: 'input:\n  type: object\n  properties:\n    count: { type: string, format: json }\n',
    want: 'manifest/tools/search.yaml:11:36 input.properties.count.format: no validator knows the format "json": it is carried as a note in the description ("(Format: json.)") and not checked; use pattern to check it',
  },
  {
    name: 'a default on a required key',
    input:
      'input:\n  type: object\n  properties:\n    mode: { type: string, default: fast }\n  required: [ mode ]\n',
    want: 'manifest/tools/search.yaml:11:36 input.properties.mode.default: "mode" is required, so its default is never applied (it is shown to the model as an annotation, as in JSON Schema); remove "mode" from required to make it optional with this default',
  },
])('warns, located, about $name', ({ input, want }) => {
  const result = loaded(
    { 'search.yaml': SEARCH.replace(/input:[\s\S]*$/, input) },
    `${DEFAULTS}registrationOrder: [ Search ]\n`,
  );
  expect(result.warnings.map(formatManifestIssue)).toEqual([want]);
});
