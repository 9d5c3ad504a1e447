/**
 * Every code block of docs/authoring.md is checked: the `tools.yaml` block and the manifest
 * blocks are loaded together as one project (and must load without a problem), each schema
 * node compiles without a problem, and each command uses options the CLI has.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, test } from 'vitest';
import { IMPORT_USAGE } from '../../cli/import-command.js';
import { compileSchema } from '../../generator/emit/compile-schema.js';
import { loadManifestSources } from '../../generator/manifest/load-manifest-sources.js';
import { formatManifestIssue } from '../../generator/manifest/manifest-issue.js';
import { SchemaNodeSchema } from '../../generator/manifest/manifest-schema.js';
import { kebabCase } from '../../generator/manifest/kebab-case.js';
import { inlineSchemaRefs } from '../../generator/manifest/inline-schema-refs.js';

const text = readFileSync(new URL('../../docs/authoring.md', import.meta.url), 'utf8');
const blocks = [...text.matchAll(/<!-- (\S+) -->\n\n?```(\w+)\n([\s\S]*?)```/g)].map((match) => ({
  kind: match[1]!,
  language: match[2]!,
  body: match[3]!,
}));

test('every code block carries a kind the test checks', () => {
  const fences = [...text.matchAll(/^```\w+$/gm)].length;
  expect(blocks.length).toBe(fences);
  for (const block of blocks)
    expect(['manifest', 'tools.yaml', 'node', 'commands']).toContain(block.kind);
});

test('the index and the manifests load as one project without a problem', () => {
  const index = blocks.find((block) => block.kind === 'tools.yaml')!;
  const manifests = blocks
    .filter((block) => block.kind === 'manifest')
    .map((block) => ({
      file: `manifest/tools/${kebabCase((parse(block.body) as { name: string }).name)}.yaml`,
      text: block.body,
    }));
  const result = loadManifestSources({
    index: { file: 'manifest/tools.yaml', text: index.body },
    manifests,
  });
  expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual([]);
  if (result.ok)
    expect(result.set.tools.map((tool) => tool.manifest.name)).toEqual([
      'SearchDocs',
      'WriteNote',
      'FetchPage',
    ]);
});

test('the eight-line tool needs at most 8 lines besides its description and input', () => {
  const body = blocks
    .find((block) => block.kind === 'manifest')!
    .body.trimEnd()
    .split('\n');
  const other = body
    .slice(0, body.indexOf('input:'))
    .filter((line) => !line.startsWith('description:'));
  expect(other.length).toBeLessThanOrEqual(8);
});

test.each(
  blocks
    .filter((block) => block.kind === 'node')
    .map((block) => [block.body.split('\n')[0], block.body]),
)('the schema node starting %s compiles without a problem', (_first, body) => {
  const inlined = inlineSchemaRefs({ input: parse(body) });
  expect(inlined.issues).toEqual([]);
  const node = SchemaNodeSchema.parse((inlined.value as { input: unknown }).input);
  expect(compileSchema(node).problems).toEqual([]);
});

test('the commands use options the CLI has', () => {
  for (const block of blocks.filter((block) => block.kind === 'commands'))
    for (const line of block.body.trim().split('\n')) {
      expect(line).toMatch(/^npx tool-contracts (import|generate|diff)\b/);
      for (const option of line.match(/--[a-z-]+/g) ?? []) expect(IMPORT_USAGE).toContain(option);
    }
});
