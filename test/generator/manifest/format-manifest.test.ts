/**
 * `tool-contracts format`'s canonical form: key order of the manifest language, comments and the
 * modeline kept, idempotent, and never a change in what the generator makes of a manifest.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { emitGeneratedFiles } from '../../../generator/emit/emit-generated-files.js';
import { formatManifestText } from '../../../generator/manifest/format-manifest.js';
import { formatManifestIssue } from '../../../generator/manifest/manifest-issue.js';
import {
  loadManifestSources,
  type SourceText,
} from '../../../generator/manifest/load-manifest-sources.js';
import { REPO_ROOT } from '../generate-fixture.js';

function formatted(text: string, kind: 'manifest' | 'index' = 'manifest'): string {
  const result = formatManifestText(text, kind);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.text;
}

const MODELINE = '# yaml-language-server: $schema=../manifest.schema.json';

describe('formatManifestText', () => {
  test.each([
    {
      name: 'top-level keys follow the manifest language',
      input: [MODELINE, 'capability: x', 'purpose: y', 'name: Foo', ''],
      want: [MODELINE, 'name: Foo', 'capability: x', 'purpose: y', ''],
    },
    {
      name: 'nested keys follow their section, unknown keys go last in their order',
      input: [
        MODELINE,
        'name: Foo',
        'flags:',
        '  zeta: 1',
        '  riskLevel: low',
        '  alpha: 2',
        '  readOnly: true',
        '',
      ],
      want: [
        MODELINE,
        'name: Foo',
        'flags:',
        '  readOnly: true',
        '  riskLevel: low',
        '  zeta: 1',
        '  alpha: 2',
        '',
      ],
    },
    {
      name: 'the timeout branch the kind selects decides the order',
      input: [
        MODELINE,
        'timeout: { maxMs: 5, cleanupGraceMs: 1, kind: bounded, defaultMs: 2 }',
        '',
      ],
      want: [MODELINE, 'timeout: { kind: bounded, defaultMs: 2, maxMs: 5, cleanupGraceMs: 1 }', ''],
    },
    {
      name: 'schema nodes are ordered, the property names keep their order',
      input: [
        MODELINE,
        'input:',
        '  required: [b]',
        '  properties:',
        '    b: { minLength: 1, type: string }',
        '    a: { description: A., type: integer }',
        '  type: object',
        '',
      ],
      want: [
        MODELINE,
        'input:',
        '  type: object',
        '  properties:',
        '    b: { type: string, minLength: 1 }',
        '    a: { type: integer, description: A. }',
        '  required: [ b ]',
        '',
      ],
    },
    {
      name: 'comments move with their key; the modeline stays first',
      input: [
        MODELINE,
        '# the capability',
        'capability: x # trailing',
        'flags:',
        '  # about risk',
        '  riskLevel: low',
        '  readOnly: true',
        '# the name',
        'name: Foo',
        '',
      ],
      want: [
        MODELINE,
        '# the name',
        'name: Foo',
        '# the capability',
        'capability: x # trailing',
        'flags:',
        '  readOnly: true',
        '  # about risk',
        '  riskLevel: low',
        '',
      ],
    },
    {
      name: 'block scalars and quoting stay as written',
      input: [
        MODELINE,
        'description: |-',
        '  Two',
        '  lines.',
        "purpose: 'Quoted: yes'",
        'name: Foo',
        '',
      ],
      want: [
        MODELINE,
        'name: Foo',
        "purpose: 'Quoted: yes'",
        'description: |-',
        '  Two',
        '  lines.',
        '',
      ],
    },
    {
      name: 'long lines are never folded',
      input: [MODELINE, `purpose: ${'word '.repeat(40).trim()}`, 'name: Foo', ''],
      want: [MODELINE, 'name: Foo', `purpose: ${'word '.repeat(40).trim()}`, ''],
    },
  ])('$name', ({ input, want }) => {
    const result = formatManifestText(input.join('\n'));
    expect(result).toEqual({ ok: true, text: want.join('\n'), changed: true });
  });

  test('the index is ordered by its own language', () => {
    const text =
      '# yaml-language-server: $schema=./tools.schema.json\nreservedReferenceNames: []\nregistrationOrder:\n  - A\n';
    expect(formatted(text, 'index')).toBe(
      '# yaml-language-server: $schema=./tools.schema.json\nregistrationOrder:\n  - A\nreservedReferenceNames: []\n',
    );
  });

  test('a canonical file is unchanged', () => {
    const text = [MODELINE, 'name: Foo', 'capability: x', ''].join('\n');
    expect(formatManifestText(text)).toEqual({ ok: true, text, changed: false });
  });

  test.each([
    [
      'name: [unclosed\n',
      'x.yaml:2:1 YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ],
    [
      'name: a\nname: b\n',
      'x.yaml:2:1 name: duplicate key (each key may appear once in a mapping)',
    ],
  ])('YAML the loader refuses (%j) is its located problem, and is not formatted', (text, want) => {
    const result = formatManifestText(text, 'manifest', 'x.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map(formatManifestIssue)).toEqual([want]);
  });

  it('is idempotent and keeps the value for any map of known and unknown keys', async () => {
    const { parse } = await import('yaml');
    const keys = fc.constantFrom(
      'name',
      'flags',
      'hooks',
      'timeout',
      'zzz',
      'aliases',
      'input',
      'x-y',
    );
    await fc.assert(
      fc.property(
        fc.uniqueArray(keys, { minLength: 1 }),
        fc.array(fc.string()),
        (names, values) => {
          const text = [
            MODELINE,
            ...names.map((name, index) => `${name}: ${JSON.stringify(values[index] ?? index)}`),
            '',
          ].join('\n');
          const once = formatted(text);
          expect(formatted(once)).toBe(once);
          expect(parse(once)).toEqual(parse(text));
          expect(once.split('\n')[0]).toBe(MODELINE);
        },
      ),
    );
  });
});

describe('the 41 built-in manifests', () => {
  it('generate byte-identical output before and after formatting, and format idempotently', async () => {
    const directory = path.join(REPO_ROOT, 'manifest/tools');
    const names = (await readdir(directory)).filter((name) => name.endsWith('.yaml')).sort();
    expect(names).toHaveLength(41);
    const read = async (file: string): Promise<SourceText> => ({
      file,
      text: await readFile(path.join(REPO_ROOT, file), 'utf8'),
    });
    const index = await read('manifest/tools.yaml');
    const manifests = await Promise.all(names.map((name) => read(`manifest/tools/${name}`)));
    const format = (source: SourceText, kind: 'manifest' | 'index'): SourceText => {
      if (!('text' in source)) throw new Error(source.readError);
      const text = formatted(source.text, kind);
      expect(formatted(text, kind)).toBe(text);
      return { file: source.file, text };
    };
    const emit = (sources: { index: SourceText; manifests: SourceText[] }) => {
      const loaded = loadManifestSources(sources);
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
      const emitted = emitGeneratedFiles(loaded.set);
      if (!emitted.ok) throw new Error(JSON.stringify(emitted.issues));
      return emitted.files;
    };
    const before = emit({ index, manifests });
    const after = emit({
      index: format(index, 'index'),
      manifests: manifests.map((source) => format(source, 'manifest')),
    });
    expect(after.size).toBeGreaterThan(41);
    expect([...after]).toEqual([...before]);
  });
});
