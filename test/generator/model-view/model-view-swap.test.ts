/**
 * generated/model-view/ is part of the one atomic swap of generated/: rendered (by the project's
 * own renderer, in a child process) from the staged modules before the swap, so a killed or
 * failed run never leaves generated/ and its model view out of step. And the generate-time
 * warnings (a `strict: true` no provider can take) come with every run: full, no-op, check.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate as generateWith, type GenerateOptions } from '../../../generator/generate.js';
import { formatGenerateIssue } from '../../../generator/generate-issue.js';
import {
  fixtureProject,
  manifestYaml,
  removeFixtureProjects,
  snapshotDirectory,
  toolIndexYaml,
} from '../generate-fixture.js';

afterAll(removeFixtureProjects);

function generate(options: GenerateOptions) {
  return generateWith({ audit: false, ...options });
}

/** A renderer that lists the names of the tools it was given, from the modules it imported. */
const NAMES_RENDERER = `export function renderModelViews(
  tools: readonly { readonly metadata: { readonly name: string } }[],
): Map<string, string> {
  const names = tools.map((tool) => tool.metadata.name);
  return new Map([['generated/model-view/names.json', JSON.stringify(names) + '\\n']]);
}
`;

const BROKEN_RENDERER = `export function renderModelViews(): Map<string, string> {
  throw new Error('renderer broke');
}
`;

async function projectWithRenderer(): Promise<string> {
  return fixtureProject([{ name: 'Alpha' }, { name: 'Beta' }], {
    'runtime/integrations/providers/model-view.ts': NAMES_RENDERER,
  });
}

async function addGamma(root: string): Promise<void> {
  await writeFile(path.join(root, 'manifest/tools/gamma.yaml'), manifestYaml('Gamma'));
  await writeFile(
    path.join(root, 'runtime/tools/gamma.ts'),
    await readFile(path.join(root, 'runtime/tools/beta.ts'), 'utf8').then((text) =>
      text.replace('generated/tools/beta.js', 'generated/tools/gamma.js'),
    ),
  );
  await writeFile(
    path.join(root, 'manifest/tools.yaml'),
    toolIndexYaml(['Alpha', 'Beta', 'Gamma']),
  );
}

/**
 * The command lines of renderer processes still running for `root` once a killed one has had up
 * to five seconds to exit (Linux `/proc`).
 */
async function rendererProcessesLeft(root: string): Promise<string[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const left: string[] = [];
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const commandLine = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
      if (commandLine.includes('print-model-views') && commandLine.includes(root))
        left.push(commandLine.replaceAll('\0', ' '));
    }
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('generated/model-view/ in the atomic swap', () => {
  it('the staged directory already holds the views rendered from the staged modules', async () => {
    const root = await projectWithRenderer();
    const first = await generate({ projectRoot: root, write: true });
    expect(first.issues).toEqual([]);
    expect(await readFile(path.join(root, 'generated/model-view/names.json'), 'utf8')).toBe(
      '["Alpha","Beta"]\n',
    );

    await addGamma(root);
    let staged:
      { readonly views: string; readonly live: string; readonly state: boolean } | undefined;
    const result = await generate({
      projectRoot: root,
      write: true,
      faults: {
        pause: async (point) => {
          if (point !== 'staged') return;
          const [staging] = (await readdir(root)).filter((entry) =>
            entry.startsWith('.generated-tmp-'),
          );
          staged = {
            views: await readFile(path.join(root, staging!, 'model-view/names.json'), 'utf8'),
            live: await readFile(path.join(root, 'generated/model-view/names.json'), 'utf8'),
            state: (await readdir(path.join(root, staging!))).includes('.generate-state.json'),
          };
        },
      },
    });
    expect(result.issues).toEqual([]);
    // Before the swap: the new views are staged beside the new modules; the live ones are old.
    expect(staged).toEqual({
      views: '["Alpha","Beta","Gamma"]\n',
      live: '["Alpha","Beta"]\n',
      state: true,
    });
    expect(result.changed).toContain('generated/model-view/names.json');
    expect(await readFile(path.join(root, 'generated/model-view/names.json'), 'utf8')).toBe(
      '["Alpha","Beta","Gamma"]\n',
    );
    // The state hashes the views that were swapped in: the next run is a no-op.
    expect(await generate({ projectRoot: root, write: true })).toMatchObject({ upToDate: true });
  });

  it('a failing renderer fails the run and leaves the old generated/ byte for byte', async () => {
    const root = await projectWithRenderer();
    await generate({ projectRoot: root, write: true });
    const before = await snapshotDirectory(root, 'generated');
    await addGamma(root);
    await writeFile(
      path.join(root, 'runtime/integrations/providers/model-view.ts'),
      BROKEN_RENDERER,
    );

    const result = await generate({ projectRoot: root, write: true });
    expect(result.ok).toBe(false);
    expect(result.issues.map(formatGenerateIssue)).toEqual([
      'runtime/integrations/providers/model-view.ts:1:1 generated/model-view/ not rendered: Error: renderer broke (nothing was written)',
    ]);
    expect(await snapshotDirectory(root, 'generated')).toEqual(before);
    expect((await readdir(root)).filter((entry) => entry.startsWith('.generated'))).toEqual([]);
    // check says the same, and the next run with a working renderer writes both at once.
    // check renders the views from this run's modules staged beside generated/, as generate does.
    const checked = await generate({ projectRoot: root, write: false });
    expect(checked.issues.map(formatGenerateIssue)).toEqual(result.issues.map(formatGenerateIssue));
    expect(await snapshotDirectory(root, 'generated')).toEqual(before);
    expect((await readdir(root)).filter((entry) => entry.startsWith('.generated'))).toEqual([]);
    await writeFile(
      path.join(root, 'runtime/integrations/providers/model-view.ts'),
      NAMES_RENDERER,
    );
    const repaired = await generate({ projectRoot: root, write: true });
    expect(repaired.issues).toEqual([]);
    expect(await readFile(path.join(root, 'generated/model-view/names.json'), 'utf8')).toBe(
      '["Alpha","Beta","Gamma"]\n',
    );
  });

  it('a run that fails before it renders leaves no renderer process behind', async () => {
    const root = await projectWithRenderer();
    await generate({ projectRoot: root, write: true });
    // The renderer starts as soon as the run knows it must write; this run then fails on a manifest.
    await writeFile(path.join(root, 'manifest/tools/alpha.yaml'), 'name: [\n');
    const result = await generate({ projectRoot: root, write: true });
    expect(result.ok).toBe(false);
    expect(await rendererProcessesLeft(root)).toEqual([]);
  });

  it('check with current modules and a failing renderer is a located problem', async () => {
    const root = await projectWithRenderer();
    await generate({ projectRoot: root, write: true });
    await writeFile(
      path.join(root, 'runtime/integrations/providers/model-view.ts'),
      BROKEN_RENDERER,
    );
    const checked = await generate({ projectRoot: root, write: false });
    expect(checked.ok).toBe(false);
    expect(checked.issues.map(formatGenerateIssue)).toEqual([
      'runtime/integrations/providers/model-view.ts:1:1 generated/model-view/ not rendered: Error: renderer broke (nothing was written)',
    ]);
  });

  it('check with current modules compares the rendered views with disk', async () => {
    const root = await projectWithRenderer();
    await generate({ projectRoot: root, write: true });
    const views = path.join(root, 'generated/model-view');
    await writeFile(path.join(views, 'names.json'), '["edited"]\n');
    await writeFile(path.join(views, 'stray.json'), '{}\n');
    const edited = await generate({ projectRoot: root, write: false });
    expect(edited).toMatchObject({
      ok: true,
      changed: ['generated/model-view/names.json'],
      missing: [],
      extra: ['generated/model-view/stray.json'],
    });
    expect(edited.unchanged).not.toContain('generated/model-view/names.json');
    expect(edited.files.get('generated/model-view/names.json')).toBe('["Alpha","Beta"]\n');
    expect(edited.files.has('generated/model-view/stray.json')).toBe(false);

    await rm(path.join(views, 'names.json'));
    await rm(path.join(views, 'stray.json'));
    const removed = await generate({ projectRoot: root, write: false });
    expect(removed).toMatchObject({
      ok: true,
      changed: ['generated/model-view/names.json'],
      missing: ['generated/model-view/names.json'],
      extra: [],
    });
  });

  it('check with stale modules names the views generate would write, rendered from the staged modules', async () => {
    const root = await projectWithRenderer();
    await generate({ projectRoot: root, write: true });
    await addGamma(root);
    const checked = await generate({ projectRoot: root, write: false });
    expect(checked.ok).toBe(true);
    expect(checked.changed).toContain('generated/model-view/names.json');
    expect(checked.files.get('generated/model-view/names.json')).toBe('["Alpha","Beta","Gamma"]\n');
    expect((await readdir(root)).filter((entry) => entry.startsWith('.generated'))).toEqual([]);
    const written = await generate({ projectRoot: root, write: true });
    expect({ changed: written.changed, extra: written.extra }).toEqual({
      changed: checked.changed,
      extra: checked.extra,
    });
  });

  it('check in a checkout it cannot write names the stale modules and says the views were not compared', async () => {
    const root = await projectWithRenderer();
    await generate({ projectRoot: root, write: true });
    await addGamma(root);
    const checked = await generate({
      projectRoot: root,
      write: false,
      faults: { stagingError: 'EROFS' },
    });
    expect(checked.ok).toBe(true);
    expect(checked.changed).toContain('generated/tools/gamma.ts');
    expect(checked.changed).not.toContain('generated/model-view/names.json');
    expect(checked.warnings).toContain(
      'the model views were not compared: the new modules could not be staged beside generated/ to render them (EROFS)',
    );
  });

  it('a renderer that writes outside generated/model-view/ is refused', async () => {
    const root = await fixtureProject([{ name: 'Alpha' }], {
      'runtime/integrations/providers/model-view.ts': `export function renderModelViews(): Map<string, string> {
  return new Map([['generated/model-view/../index.ts', 'export {};\\n']]);
}
`,
    });
    const result = await generate({ projectRoot: root, write: true });
    expect(result.issues.map(formatGenerateIssue)).toEqual([
      'runtime/integrations/providers/model-view.ts:1:1 generated/model-view/ not rendered: the renderer returned generated/model-view/../index.ts, outside generated/model-view/ (nothing was written)',
    ]);
  });
});

describe('the strict warning comes with every run', () => {
  /** strict: true over an open object: neither strict subset can say it. */
  const STRICT = manifestYaml('Alpha', {
    input: [
      'input:',
      '  type: object',
      '  properties:',
      '    result: { type: object, properties: {}, additionalProperties: true }',
      '  required: [result]',
    ].join('\n'),
    strict: 'strict: true',
  });
  const WARNING =
    /^manifest\/tools\/alpha\.yaml:\d+:\d+ strict: true, but no provider's strict subset can express the input schema/;

  it('full, no-op (up to date), forced and check runs all report it', async () => {
    const root = await fixtureProject([{ name: 'Alpha', yaml: STRICT }]);
    const full = await generate({ projectRoot: root, write: true });
    expect(full.issues).toEqual([]);
    expect(full.warnings).toEqual([expect.stringMatching(WARNING)]);
    const noOp = await generate({ projectRoot: root, write: true });
    expect(noOp).toMatchObject({ upToDate: true, warnings: full.warnings });
    const check = await generate({ projectRoot: root, write: false });
    expect(check).toMatchObject({ ok: true, changed: [], warnings: full.warnings });
    const forced = await generate({ projectRoot: root, write: true, force: true });
    expect(forced.warnings).toEqual(full.warnings);
  });

  it('a runtime edit of comments only (the incremental no-op) reports it too', async () => {
    const root = await fixtureProject([{ name: 'Alpha', yaml: STRICT }]);
    const full = await generate({ projectRoot: root, write: true });
    const module = path.join(root, 'runtime/tools/alpha.ts');
    await writeFile(module, `// a comment\n${await readFile(module, 'utf8')}`);
    const incremental = await generate({ projectRoot: root, write: true });
    expect(incremental).toMatchObject({ upToDate: true, warnings: full.warnings });
  });

  it('a fixed manifest clears it on the next run', async () => {
    const root = await fixtureProject([{ name: 'Alpha', yaml: STRICT }]);
    await generate({ projectRoot: root, write: true });
    await writeFile(
      path.join(root, 'manifest/tools/alpha.yaml'),
      STRICT.replace('additionalProperties: true', 'additionalProperties: false'),
    );
    expect((await generate({ projectRoot: root, write: true })).warnings).toEqual([]);
    expect((await generate({ projectRoot: root, write: true })).warnings).toEqual([]);
  });
});
