import fc from 'fast-check';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadManifestSet } from '../../../generator/manifest/load-manifest-set.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import { indexFor, PROBE, removeTempProjects, writeTempProject } from './temp-project.js';

const SCHEMA_LINE = '# yaml-language-server: $schema=../manifest.schema.json';
const BASE = parse(PROBE) as Record<string, unknown>;

/** Field paths of the probe manifest (and some that do not exist yet) to mutate. */
const PATHS: readonly (readonly string[])[] = [
  ['name'],
  ['extends'],
  ['capability'],
  ['description'],
  ['flags'],
  ['flags', 'readOnly'],
  ['flags', 'destructive'],
  ['flags', 'sideEffectScope'],
  ['flags', 'riskLevel'],
  ['flags', 'recovery'],
  ['input'],
  ['input', 'type'],
  ['input', 'properties', 'id'],
  ['input', 'properties', 'id', 'type'],
  ['input', 'properties', 'id', 'pattern'],
  ['input', 'required'],
  ['output'],
  ['output', 'anyOf'],
  ['permission', 'riskLevel'],
  ['resultBudget', 'maxModelBytes'],
  ['resultBudget', 'preview'],
  ['timeout'],
  ['timeout', 'kind'],
  ['cancellation', 'cleanup'],
  ['aliases'],
  ['hooks'],
  ['trace', 'input'],
  ['availability', 'ports'],
  ['__proto__'],
  ['constructor', 'name'],
];

/** Values that are sometimes what the language wants and mostly not. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    'low',
    'object',
    'string',
    'none',
    'bounded',
    'Probe',
    'validateInput',
    '([',
    '',
    'hgih',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({ type: 'string' }),
  fc.constant({ kind: 'bounded', defaultMs: 1, maxMs: 2 }),
  fc.array(fc.constantFrom('Old', 'Probe', 'validateInput', 'x y'), { maxLength: 3 }),
  fc.dictionary(
    fc.constantFrom('type', 'kind', 'items', 'values', 'x'),
    fc.constantFrom('string', 'none', 1, true),
    { maxKeys: 3 },
  ),
);

type Mutation =
  | { readonly kind: 'set'; readonly path: readonly string[]; readonly value: unknown }
  | { readonly kind: 'delete'; readonly path: readonly string[] };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), path: fc.constantFrom(...PATHS), value }),
  fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom(...PATHS) }),
);

/** A text-level edit so the YAML itself can break (unclosed brackets, tabs, anchors, stray colons). */
const textEdit = fc.record({
  at: fc.nat(),
  insert: fc.constantFrom(
    '{',
    '[',
    ']',
    '\t',
    ': ',
    '&a ',
    '*a',
    '*b',
    '- ',
    '\n  ',
    '"',
    "'",
    '#',
    '\u2028',
    '\uFEFF',
    'name: Other\n',
  ),
});

function applyMutation(target: Record<string, unknown>, change: Mutation): void {
  let node: Record<string, unknown> = target;
  for (const key of change.path.slice(0, -1)) {
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) {
      if (change.kind === 'delete') return;
      const created: Record<string, unknown> = {};
      Object.defineProperty(node, key, {
        value: created,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      node = created;
    } else node = next as Record<string, unknown>;
  }
  const last = change.path[change.path.length - 1]!;
  if (change.kind === 'delete') delete node[last];
  else
    Object.defineProperty(node, last, {
      value: change.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
}

let root: string;
beforeAll(async () => {
  root = await writeTempProject({
    'manifest/tools.yaml': indexFor(['Probe']),
    'manifest/tools/probe.yaml': PROBE,
  });
});
afterAll(removeTempProjects);

describe('loadManifestSet under arbitrary mutations', () => {
  it('never throws: it returns the set or located issues', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(mutation, { maxLength: 6 }),
        fc.option(textEdit, { nil: undefined }),
        async (changes, edit) => {
          const manifest = structuredClone(BASE);
          for (const change of changes) applyMutation(manifest, change);
          let text = `${SCHEMA_LINE}\n${stringify(manifest)}`;
          if (edit) {
            const at = edit.at % (text.length + 1);
            text = text.slice(0, at) + edit.insert + text.slice(at);
          }
          await writeFile(path.join(root, 'manifest', 'tools', 'probe.yaml'), text);

          const result = await loadManifestSet(root);
          if (result.ok) {
            expect(result.set.tools.map((tool) => tool.manifest.name)).toEqual(['Probe']);
            return;
          }
          expect(result.issues.length).toBeGreaterThan(0);
          const lineCount = text.split(/\r\n|\r|\n|\u2028|\u2029/).length;
          for (const issue of result.issues) {
            expect(['manifest/tools.yaml', 'manifest/tools/probe.yaml']).toContain(issue.file);
            expect(issue.line).toBeGreaterThanOrEqual(1);
            expect(issue.line).toBeLessThanOrEqual(Math.max(lineCount, 6));
            expect(issue.column).toBeGreaterThanOrEqual(1);
            expect(issue.message.length).toBeGreaterThan(0);
            expect(
              formatManifestIssue(issue).startsWith(`${issue.file}:${issue.line}:${issue.column} `),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts the unmutated probe (the property above starts from a valid manifest)', async () => {
    await writeFile(path.join(root, 'manifest', 'tools', 'probe.yaml'), PROBE);
    const result = await loadManifestSet(root);
    expect(result.ok).toBe(true);
  });
});
