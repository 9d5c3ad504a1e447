/**
 * A bundled render gives the bytes a render through tsx gives: for this repository's own tools,
 * for a project that selects the package's built-ins (the Read tool's eager hooks included), and
 * for a renderer that reads its own `import.meta`, a file beside it and a name the bundle would
 * otherwise rename. A renderer the bundle cannot be made of is a located error, or, by default, a
 * render through tsx. Which way a render takes follows the tool count.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generate } from '../../../generator/generate.js';
import {
  BUNDLE_FROM_TOOLS,
  ModelViewRenderError,
  renderModelViews,
  type ModelViewOptions,
} from '../../../generator/model-view/render-model-views.js';
import { bundleGeneratedModules } from '../../../generator/model-view/bundle-model-views.js';
import type { BuiltInSelection } from '../../../generator/config/select-built-ins.js';
import {
  REPO_ROOT,
  fixtureProject,
  implementationSource,
  removeFixtureProjects,
} from '../generate-fixture.js';

afterAll(removeFixtureProjects);

const BUNDLED: ModelViewOptions = { bundleFromTools: 0, bundleFallback: false };
const THROUGH_TSX: ModelViewOptions = { bundleFromTools: Number.POSITIVE_INFINITY };

/** The views of `directory` rendered both ways. */
async function bothWays(root: string, directory: string, options: ModelViewOptions = {}) {
  const [bundled, throughTsx] = await Promise.all([
    renderModelViews(root, directory, { ...options, ...BUNDLED }, 1),
    renderModelViews(root, directory, { ...options, ...THROUGH_TSX }, 1),
  ]);
  return { bundled, throughTsx };
}

describe('the bundled render gives the same bytes', { timeout: 120_000 }, () => {
  test("this repository's generated/", async () => {
    const { bundled, throughTsx } = await bothWays(REPO_ROOT, path.join(REPO_ROOT, 'generated'));
    expect(throughTsx?.size).toBeGreaterThan(0);
    expect(bundled).toEqual(throughTsx);
  });

  test("a project's own tools after the package's built-ins, each selection", async () => {
    const root = await fixtureProject([{ name: 'Alpha' }]);
    const written = await generate({ projectRoot: root, write: true, audit: false });
    expect(written.issues).toEqual([]);
    for (const packageBuiltIns of ['all', 'none', ['Read', 'Grep']] as BuiltInSelection[]) {
      const { bundled, throughTsx } = await bothWays(root, path.join(root, 'generated'), {
        packageBuiltIns,
      });
      const files = [...(throughTsx?.keys() ?? [])];
      expect(files.length).toBeGreaterThan(0);
      expect(bundled).toEqual(throughTsx);
      // The views name the built-ins selected, from the package's own modules.
      const view = [...throughTsx!.values()].join('\n');
      expect(view.includes('"Read"')).toBe(packageBuiltIns !== 'none');
    }
  });
});

/** Reads what a module sees of itself, and names the bundle would rename. */
const WHERE_RENDERER = `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { renderModelViews as helperNamedTheSame } from './same-name.js';

const note = readFileSync(new URL('./note.txt', import.meta.url), 'utf8');
class Probe {}

export function renderModelViews(tools: readonly { metadata: { name: string } }[]) {
  const seen = {
    url: import.meta.url,
    filename: import.meta.filename,
    dirname: import.meta.dirname,
    note,
    zod: createRequire(import.meta.url).resolve('zod'),
    literal: 'import.meta.url',
    names: [renderModelViews.name, helperNamedTheSame.name, Probe.name],
    tools: tools.map((tool) => tool.metadata.name),
  };
  return new Map([['generated/model-view/where.json', JSON.stringify(seen) + '\\n']]);
}
`;
const SAME_NAME = `export function renderModelViews() {
  return new Map();
}
`;

describe('a bundled module keeps what it sees of itself', { timeout: 120_000 }, () => {
  let root: string;
  beforeAll(async () => {
    root = await fixtureProject([{ name: 'Alpha' }, { name: 'Beta' }], {
      'runtime/integrations/providers/model-view.ts': WHERE_RENDERER,
      'runtime/integrations/providers/same-name.ts': SAME_NAME,
      'runtime/integrations/providers/note.txt': 'beside the renderer\n',
      // A render never calls a handler: what Alpha's module imports is neither bundled nor loaded.
      'runtime/tools/alpha.ts': `import 'not-installed-handler-dependency';\n${implementationSource('alpha')}`,
    });
    expect((await generate({ projectRoot: root, write: true, audit: false })).issues).toEqual([]);
  });

  test('import.meta, a file beside it, createRequire, names; no handler loaded', async () => {
    const { bundled, throughTsx } = await bothWays(root, path.join(root, 'generated'));
    expect(bundled).toEqual(throughTsx);
    const renderer = path.join(root, 'runtime/integrations/providers/model-view.ts');
    expect(JSON.parse(bundled!.get('generated/model-view/where.json')!)).toEqual({
      url: pathToFileURL(renderer).href,
      filename: renderer,
      dirname: path.dirname(renderer),
      note: 'beside the renderer\n',
      zod: expect.stringMatching(/\/node_modules\/zod\//),
      literal: 'import.meta.url',
      names: ['renderModelViews', 'renderModelViews', 'Probe'],
      tools: ['Alpha', 'Beta'],
    });
  });
});

describe('a renderer the bundle cannot be made of', { timeout: 120_000 }, () => {
  let root: string;
  beforeAll(async () => {
    root = await fixtureProject([{ name: 'Alpha' }], {
      'runtime/integrations/providers/model-view.ts': `export function renderModelViews() {
  return new Map([['generated/model-view/ok.json', '{}\\n']]);
}
`,
    });
    expect((await generate({ projectRoot: root, write: true, audit: false })).issues).toEqual([]);
    // An import only a later install would satisfy: neither esbuild nor Node can resolve it.
    const renderer = path.join(root, 'runtime/integrations/providers/model-view.ts');
    await writeFile(renderer, `import 'not-installed-x';\n${await readFile(renderer, 'utf8')}`);
  });

  test('is an error located at the import, with the fallback off', async () => {
    const failure = await renderModelViews(root, path.join(root, 'generated'), BUNDLED, 1).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ModelViewRenderError);
    expect((failure as ModelViewRenderError).detail).toBe(
      'the renderer could not be bundled: runtime/integrations/providers/model-view.ts:1:8: Could not resolve "not-installed-x"',
    );
  });

  test('is rendered through tsx by default, which says what it says, and the step tells', async () => {
    const told: string[] = [];
    const failure = await renderModelViews(
      root,
      path.join(root, 'generated'),
      { bundleFromTools: 0, progress: (step) => told.push(step) },
      1,
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(told).toEqual([
      'rendering generated/model-view/ from the generated modules…',
      'the bundled render failed (the renderer could not be bundled: runtime/integrations/providers/model-view.ts:1:8: Could not resolve "not-installed-x"); rendering module by module…',
    ]);
    expect((failure as ModelViewRenderError).detail).toMatch(
      /^Error \[ERR_MODULE_NOT_FOUND\]: Cannot find package 'not-installed-x'/,
    );
  });

  test.each([
    [1, 2, false],
    [2, 2, true],
    [BUNDLE_FROM_TOOLS - 1, undefined, false],
    [BUNDLE_FROM_TOOLS, undefined, true],
  ])('%i tools, bundled from %s on: bundled %s', async (toolCount, bundleFromTools, bundled) => {
    const told: string[] = [];
    await renderModelViews(
      root,
      path.join(root, 'generated'),
      {
        ...(bundleFromTools === undefined ? {} : { bundleFromTools }),
        progress: (step) => told.push(step),
      },
      toolCount,
    ).catch(() => undefined);
    expect(told.some((step) => step.startsWith('the bundled render failed'))).toBe(bundled);
  });
});

describe('the generated modules of this repository, bundled against the compiled runtime', () => {
  test('import each runtime module from packages/runtime/dist/ and hold no runtime source but the hooks', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tool-contracts-bundle-'));
    try {
      const outfile = path.join(folder, 'generated-modules.mjs');
      await bundleGeneratedModules(REPO_ROOT, path.join(REPO_ROOT, 'generated'), outfile, {
        compiledRuntime: true,
      });
      const text = await readFile(outfile, 'utf8');
      // esbuild names each bundled file in a comment line before its code.
      const bundled = [...text.matchAll(/^\/\/ (runtime\/\S+)$/gm)].map((match) => match[1]);
      expect(bundled.length).toBeGreaterThan(0);
      expect(bundled.filter((file) => !file!.startsWith('runtime/tools/'))).toEqual([]);
      const runtimeImports = [...text.matchAll(/ from "([^"]*\/runtime\/[^"]*)";$/gm)].map(
        (match) => match[1],
      );
      expect(new Set(runtimeImports)).toEqual(
        new Set([
          pathToFileURL(path.join(REPO_ROOT, 'packages/runtime/dist/runtime/contract.js')).href,
        ]),
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
