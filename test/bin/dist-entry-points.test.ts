/**
 * The entry points of the bundle in dist/: the exports map's JavaScript targets, the bin's
 * cli/main.ts and one per module a generated tool loads lazily (its zod schemas, its handler).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { distEntryPoints } from '../../bin/dist-entry-points.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'dist-entry-points-'));
  await mkdir(path.join(root, 'generated/tools'), { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function write(exports: unknown, tools: Record<string, string>): Promise<void> {
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ exports }));
  for (const [name, text] of Object.entries(tools))
    await writeFile(path.join(root, 'generated/tools', name), text);
}

test('exports targets, cli/main.ts and the lazily imported handlers; JSON exports and static imports left out', async () => {
  await write(
    {
      '.': { types: './dist/runtime/index.d.ts', default: './dist/runtime/index.js' },
      './tools': { types: './dist/generated/index.d.ts', default: './dist/generated/index.js' },
      './config.schema.json': './config.schema.json',
    },
    {
      'read.ts': `import { x } from '../../runtime/tools/read-eager-hooks.js';\nconst implementation = lazyImplementation("Read", () => import("../../runtime/tools/read.js"));\n`,
      'glob.ts': `lazyImplementation('Glob', () => import('../../runtime/tools/glob.js'));\n`,
      'notes.md': `import("../../runtime/tools/ignored.js")\n`,
    },
  );
  expect(distEntryPoints(root)).toEqual([
    'cli/main.ts',
    'generated/index.ts',
    'runtime/index.ts',
    'runtime/tools/glob.ts',
    'runtime/tools/read.ts',
  ]);
});

test('an exports target outside ./dist/ is an error naming the subpath', async () => {
  await write({ './x': { default: './lib/x.js' } }, {});
  expect(() => distEntryPoints(root)).toThrow('exports["./x"]: ./lib/x.js is not under ./dist/');
});

test('this repository: every JavaScript export and, per generated tool, its zod module and its handler', () => {
  const entries = distEntryPoints(REPO_ROOT);
  const zodModules = entries.filter((entry) => entry.startsWith('generated/zod/'));
  expect(zodModules).toHaveLength(41);
  expect(zodModules).toContain('generated/zod/read.ts');
  expect(
    entries.filter((entry) => !entry.startsWith('runtime/tools/') && !zodModules.includes(entry)),
  ).toEqual([
    'cli/main.ts',
    'generated/index.ts',
    'generated/provider-order.ts',
    'runtime/integrations/adapters/index.ts',
    'runtime/core/contract.ts',
    'runtime/index.ts',
    'runtime/integrations/mcp/index.ts',
    'runtime/integrations/providers/index.ts',
  ]);
  expect(entries).toContain('runtime/tools/read.ts');
  expect(entries.filter((entry) => entry.endsWith('-eager-hooks.ts'))).toEqual([]);
});
