import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { isDistFresh } from '../../bin/dist-freshness.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dist-freshness-'));
  await mkdir(path.join(root, 'dist'));
  await mkdir(path.join(root, 'runtime'));
  // A git checkout (a worktree's .git is a file), where write times decide.
  await writeFile(path.join(root, '.git'), 'gitdir: elsewhere\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const BUILT_AT = Date.parse('2026-01-02T03:04:05Z');

/** Writes `runtime/<name>.ts` last modified at `at` (ms). */
async function source(name: string, at: number): Promise<string> {
  const file = path.join(root, 'runtime', `${name}.ts`);
  await writeFile(file, 'export {};\n');
  await utimes(file, new Date(at), new Date(at));
  return `runtime/${name}.ts`;
}

async function stamp(text: string): Promise<void> {
  await writeFile(path.join(root, 'dist', 'build-stamp.json'), text);
}

test.each([
  ['every source written before the build started', [-60_000, -1], true],
  ['a source written in the very millisecond the build started', [-60_000, 0], true],
  ['a source written after the build started', [-60_000, 1], false],
  ['the only source written long after', [86_400_000], false],
])('%s: fresh = %s', async (_label, offsets, fresh) => {
  const sources = await Promise.all(
    offsets.map((offset, index) => source(`m${index}`, BUILT_AT + offset)),
  );
  await stamp(JSON.stringify({ startedAt: BUILT_AT, sources }));
  expect(isDistFresh(root)).toBe(fresh);
});

test('a source the build compiled that is gone makes it stale', async () => {
  const kept = await source('kept', BUILT_AT - 1);
  await stamp(JSON.stringify({ startedAt: BUILT_AT, sources: [kept, 'runtime/removed.ts'] }));
  expect(isDistFresh(root)).toBe(false);
});

test.each([
  ['no stamp (never built, or a build that failed before the swap)', undefined],
  ['a stamp that is not JSON', '{"startedAt": 1'],
  ['a stamp without startedAt', JSON.stringify({ sources: [] })],
  ['a stamp whose startedAt is a string', JSON.stringify({ startedAt: '1', sources: [] })],
  ['a stamp without sources', JSON.stringify({ startedAt: BUILT_AT })],
  ['a stamp with a non-string source', JSON.stringify({ startedAt: BUILT_AT, sources: [1] })],
  ['a stamp that is null', 'null'],
])('%s: stale', async (_label, text) => {
  if (text !== undefined) await stamp(text);
  expect(isDistFresh(root)).toBe(false);
});

test('an installed package (no .git): fresh although npm wrote every source after the build, stale when one is gone', async () => {
  await rm(path.join(root, '.git'));
  const late = await source('late', BUILT_AT + 86_400_000);
  await stamp(JSON.stringify({ startedAt: BUILT_AT, sources: [late] }));
  expect(isDistFresh(root)).toBe(true);
  await stamp(JSON.stringify({ startedAt: BUILT_AT, sources: [late, 'runtime/removed.ts'] }));
  expect(isDistFresh(root)).toBe(false);
});

test.each([
  ['a full build (declarations: true)', true, { js: true, declarations: true }],
  [
    'a build that kept old declarations (declarations: false)',
    false,
    { js: true, declarations: false },
  ],
  ['a stamp from before the field (no declarations)', undefined, { js: true, declarations: true }],
])('%s: fresh for the JavaScript %o', async (_label, declarations, expected) => {
  const built = await source('built', BUILT_AT - 1);
  await stamp(JSON.stringify({ startedAt: BUILT_AT, declarations, sources: [built] }));
  expect({
    js: isDistFresh(root),
    declarations: isDistFresh(root, { declarations: true }),
  }).toEqual(expected);
});

test.each([
  ['every declaration source written before the build', -1, { js: true, declarations: true }],
  ['a declaration source written after the build', 1, { js: true, declarations: false }],
])(
  '%s: only a caller that asks for declarations checks them, %o',
  async (_label, offset, expected) => {
    const built = await source('built', BUILT_AT - 1);
    const types = await source('types-only', BUILT_AT + offset);
    await stamp(
      JSON.stringify({ startedAt: BUILT_AT, sources: [built], declarationSources: [types] }),
    );
    expect({
      js: isDistFresh(root),
      declarations: isDistFresh(root, { declarations: true }),
    }).toEqual(expected);
  },
);

test.each([
  ['a gone declaration source', ['runtime/removed.ts']],
  ['declarationSources that is no list', 'runtime/built.ts'],
  ['a non-string declaration source', [1]],
])('%s: stale for declarations, fresh for the JavaScript', async (_label, declarationSources) => {
  const built = await source('built', BUILT_AT - 1);
  await stamp(JSON.stringify({ startedAt: BUILT_AT, sources: [built], declarationSources }));
  expect({
    js: isDistFresh(root),
    declarations: isDistFresh(root, { declarations: true }),
  }).toEqual({ js: true, declarations: false });
});
