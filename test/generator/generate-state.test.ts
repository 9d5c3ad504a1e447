import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  emissionBase,
  hashInputs,
  hashOutputsOnDisk,
  hashText,
  optionsInput,
  readState,
  reusableEmission,
  type GenerateState,
} from '../../generator/generate-state.js';
import { REPOSITORY_PATHS } from '../../generator/support/project-paths.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the committed generate state', () => {
  // A fresh clone's first `generate` is a no-op only if the committed state describes the
  // committed inputs and outputs: an edit of the generator or the runtime that was not followed
  // by `npm run generate` (and a commit of the state) makes every clone's first run a full one.
  it('describes the inputs and outputs of this checkout (run `npm run generate` and commit it)', async () => {
    const state = await readState(ROOT);
    expect(state, 'generated/.generate-state.json is missing or of an older version').toBeDefined();
    const inputs = { ...(await hashInputs(ROOT)), ...optionsInput({}) };
    const outputs = await hashOutputsOnDisk(ROOT);
    const differing = (recorded: Readonly<Record<string, string>>, now: Record<string, string>) =>
      [...new Set([...Object.keys(recorded), ...Object.keys(now)])].filter(
        (file) => recorded[file] !== now[file],
      );
    expect(differing(state!.inputs, inputs)).toEqual([]);
    expect(differing(state!.outputs, outputs)).toEqual([]);
  });
});

describe('emissionBase', () => {
  const inputs = {
    'manifest/tools/a.yaml': 'm1',
    'generator/emit/x.ts': 'g1',
    'runtime/core/contract.ts': 'r1',
  };
  const normalized = { 'runtime/core/contract.ts': 'n1' };
  const base = emissionBase(inputs, normalized, REPOSITORY_PATHS);

  it.each([
    ['a manifest changes', true, { ...inputs, 'manifest/tools/a.yaml': 'm2' }, normalized],
    ['a manifest is added', true, { ...inputs, 'manifest/tools/b.yaml': 'm3' }, normalized],
    [
      'a runtime file changes in comments only',
      true,
      { ...inputs, 'runtime/core/contract.ts': 'r2' },
      normalized,
    ],
    [
      'a runtime file changes in code',
      false,
      { ...inputs, 'runtime/core/contract.ts': 'r2' },
      { 'runtime/core/contract.ts': 'n2' },
    ],
    ['the generator changes', false, { ...inputs, 'generator/emit/x.ts': 'g2' }, normalized],
    ['a generator file is added', false, { ...inputs, 'generator/emit/y.ts': 'g3' }, normalized],
  ])('when %s, the base stays the same: %s', (_, same, changedInputs, changedNormalized) => {
    expect(emissionBase(changedInputs, changedNormalized, REPOSITORY_PATHS) === base).toBe(same);
  });
});

describe('reusableEmission takes only what a tool’s emission makes, intact', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'reusable-emission-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  const required = [
    'generated/tools/a.ts',
    'generated/zod/a.ts',
    'generated/schemas/A.input.json',
    'generated/schemas/A.output.json',
  ];
  const allowed = [...required, 'generated/descriptions/a.js', 'generated/descriptions/a.d.ts'];
  for (const file of [...required, 'generated/descriptions/a.js', 'secret.txt'])
    write(file, `text of ${file}`);
  const outputs = Object.fromEntries(
    [...required, 'generated/descriptions/a.js', 'secret.txt'].map((file) => [
      file,
      hashText(`text of ${file}`),
    ]),
  );
  const stateWith = (files: unknown, key = 'k', recorded = outputs): GenerateState => ({
    version: 4,
    tools: 1,
    inputs: {},
    outputs: recorded,
    normalized: {},
    warnings: [],
    emissions: { A: { key, files: files as string[] } },
  });
  const reuse = (state: GenerateState, key = 'k') =>
    reusableEmission(root, state, 'A', key, required, allowed);

  it('reads the files of the same key, as they are on disk', () => {
    expect([...(reuse(stateWith(required)) ?? new Map()).keys()]).toEqual(required);
    expect(reuse(stateWith([...required, 'generated/descriptions/a.js']))?.size).toBe(5);
  });

  it.each([
    ['another key', stateWith(required), 'other'],
    ['no entry for the tool', { ...stateWith(required), emissions: {} }, 'k'],
    ['a required file left out', stateWith(required.slice(1)), 'k'],
    ['a file no emission makes (outside generated/)', stateWith([...required, 'secret.txt']), 'k'],
    ['a path that climbs out', stateWith([...required, 'generated/../secret.txt']), 'k'],
    ['a file listed twice', stateWith([...required, required[0]]), 'k'],
    ['files that are not a list', stateWith('generated/tools/a.ts'), 'k'],
    ['a file name that is not text', stateWith([...required, 7]), 'k'],
    [
      'a file changed on disk since',
      stateWith(required, 'k', { ...outputs, [required[0]!]: hashText('older') }),
      'k',
    ],
    [
      'a listed file with no recorded hash',
      stateWith([...required, 'generated/descriptions/a.d.ts']),
      'k',
    ],
  ])('refuses %s', (_, state, key) => {
    expect(reuse(state as GenerateState, key)).toBeUndefined();
  });
});
