/**
 * The installable units and the entry points of their bundles: each package's exports targets,
 * the CLI's own (cli/main.ts, the model-view renderer), one per module a generated tool loads lazily (its zod schemas, its
 * handler), and every file of a package that another package imports as a value.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { CLI_ENTRY_POINTS, distEntryPoints, ownerOf } from '../../bin/dist-packages.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

async function tree(files: Record<string, string>): Promise<string> {
  const root = await temporaryDirectory('dist-packages-');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const exportsOf = (exports: unknown) => JSON.stringify({ exports });

test.each([
  ['runtime/core/contract.ts', 'runtime'],
  ['runtime/integrations/mcp/index.ts', 'runtime'],
  ['runtime/index.ts', 'runtime'],
  ['runtime/tools/read.ts', 'tools'],
  ['runtime/tools/bash-classifier/parse-bash.ts', 'tools'],
  ['generated/index.ts', 'tools'],
  ['cli/main.ts', 'cli'],
  ['generator/generate.ts', 'cli'],
  ['bin/build-dist.js', undefined],
  ['test/runtime/core/contract.test.ts', undefined],
])('%s belongs to %s', (file, key) => {
  expect(ownerOf(file)?.key).toBe(key);
});

test('exports targets, the CLI entry points, the lazily imported handlers and what other packages import; type imports and strings left out', async () => {
  const root = await tree({
    'packages/runtime/package.json': exportsOf({
      '.': { types: './dist/runtime/index.d.ts', default: './dist/runtime/index.js' },
      './internal/*': './dist/*',
      './package.json': './package.json',
    }),
    'packages/tools/package.json': exportsOf({
      '.': { types: './dist/generated/index.d.ts', default: './dist/generated/index.js' },
    }),
    'runtime/index.ts': "export * from './core/contract.js';\n",
    'runtime/core/contract.ts': 'export const x = 1;\n',
    'runtime/core/cap-echo.ts': 'export const capEcho = 1;\n',
    'runtime/core/types-only.ts': 'export type T = 1;\n',
    'generated/index.ts': "export { tool } from './tools/read.js';\n",
    'generated/tools/read.ts': `import { x } from '../../runtime/core/contract.js';\nimport type { T } from '../../runtime/core/types-only.js';\nconst implementation = lazyImplementation("Read", () => import("../../runtime/tools/read.js"));\n`,
    'generated/tools/notes.md': `import("../../runtime/tools/ignored.js")\n`,
    'runtime/tools/read.ts': "import { capEcho } from '../core/cap-echo.js';\n",
    'cli/main.ts':
      "const project = await import('../generated/index.js');\nconst text = `import { tool } from '../generated/tools/greet.js';`;\n",
    'generator/generate.ts': '',
  });
  expect(Object.fromEntries(distEntryPoints(root))).toEqual({
    runtime: ['runtime/core/cap-echo.ts', 'runtime/core/contract.ts', 'runtime/index.ts'],
    tools: ['generated/index.ts', 'runtime/tools/read.ts'],
    cli: CLI_ENTRY_POINTS,
  });
});

test('an exports target outside ./dist/ is an error naming the package and the subpath', async () => {
  const root = await tree({
    'packages/runtime/package.json': exportsOf({ './x': { default: './lib/x.js' } }),
    'packages/tools/package.json': exportsOf({}),
    'generated/tools/.keep': '',
    'runtime/.keep': '',
    'cli/.keep': '',
    'generator/.keep': '',
  });
  expect(() => distEntryPoints(root)).toThrow(
    'packages/runtime: exports["./x"]: ./lib/x.js is not a ./dist/ file',
  );
});

test('this repository: each package exports its entries, and each generated tool has its zod module and its handler in the tools package', async () => {
  const tools = (await readdir(path.join(REPO_ROOT, 'manifest/tools'))).filter((file) =>
    file.endsWith('.yaml'),
  );
  const entries = distEntryPoints(REPO_ROOT);
  const toolEntries = entries.get('tools')!;
  expect(toolEntries.filter((entry) => entry.startsWith('generated/zod/'))).toHaveLength(
    tools.length,
  );
  expect(toolEntries).toContain('generated/zod/read.ts');
  expect(toolEntries).toContain('runtime/tools/read.ts');
  expect(toolEntries).toEqual(
    expect.arrayContaining(['generated/index.ts', 'generated/provider-order.ts']),
  );
  expect(toolEntries.filter((entry) => entry.endsWith('-eager-hooks.ts'))).toEqual([]);
  expect(entries.get('runtime')).toEqual(
    expect.arrayContaining([
      'runtime/index.ts',
      'runtime/core/contract.ts',
      'runtime/integrations/adapters/index.ts',
      'runtime/integrations/mcp/index.ts',
      'runtime/integrations/providers/index.ts',
    ]),
  );
  expect(entries.get('cli')).toEqual(CLI_ENTRY_POINTS);
  for (const [key, files] of entries)
    for (const file of files) expect(ownerOf(file)?.key, file).toBe(key);
});
