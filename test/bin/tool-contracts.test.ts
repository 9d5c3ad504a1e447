/**
 * The bin as users start it: from a fresh build in dist/, every command runs compiled
 * JavaScript without tsx (`generate` writing what the sources write), and listing imports no
 * handler module. Each run records every module
 * Node resolves (an ESM resolve hook writing to a file), so the test sees what was loaded.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDistFresh } from '../../bin/dist-freshness.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import { linkInstalledPackages } from '../support/link-installed-packages.js';
import { RECORD_MODULES } from '../support/record-modules.js';

const run = promisify(execFile);
const bin = path.join(REPO_ROOT, 'bin/tool-contracts.js');
let directory: string;

/** Runs `node [args]` in the repository; its stdout and the modules it resolved (repo-relative). */
async function loading(
  args: string[],
  cwd = REPO_ROOT,
): Promise<{ stdout: string; modules: string[] }> {
  const log = path.join(directory, `modules-${Math.random().toString(36).slice(2)}.txt`);
  const { stdout } = await run(process.execPath, ['--import', RECORD_MODULES, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', LOADED_MODULES: log },
    maxBuffer: 64 * 1024 * 1024,
  });
  const root = pathToFileURL(REPO_ROOT).href + '/';
  const modules = [...new Set((await readFile(log, 'utf8')).split('\n').filter(Boolean))].map(
    (url) => (url.startsWith(root) ? url.slice(root.length) : url),
  );
  return { stdout, modules };
}

const tsx = (modules: string[]) => modules.filter((url) => url.includes('node_modules/tsx/'));
/** The built dist/ folders: the CLI's, and the packages' it imports (node_modules links to them). */
const DIST_FOLDERS = ['dist', 'packages/runtime/dist', 'packages/tools/dist'];
const inDist = (url: string) => DIST_FOLDERS.some((folder) => url.startsWith(`${folder}/`));
/** zod itself and the generated zod modules (`generated/zod/<kebab>.js` of the build). */
const zodModules = (modules: string[]) =>
  modules.filter((url) => /node_modules\/zod\/|dist\/generated\/zod\//.test(url));
/** The files of the dist/ folders loaded, sorted, each chunk's hash written `<hash>`. */
const distFiles = (modules: string[]) =>
  modules
    .filter(inDist)
    .map((url) => url.replace(/-[\w-]{8}\.js$/, '-<hash>.js'))
    .sort();
/** Handler modules: `runtime/tools/<name>.js` of the tools' build (each an entry point of its own). */
const handlerModules = (modules: string[]) =>
  modules.filter((url) => /^packages\/tools\/dist\/runtime\/tools\/[^/]+\.js$/.test(url));

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'tool-contracts-bin-'));
  // CI has built dist/ through `npm ci` (prepare); a working copy may have changed since.
  if (!isDistFresh(REPO_ROOT))
    await run(process.execPath, [path.join(REPO_ROOT, 'bin/build-dist.js')], { cwd: REPO_ROOT });
}, 600_000);
afterAll(() => rm(directory, { recursive: true, force: true }));

describe('bin/tool-contracts.js with a fresh dist/', () => {
  test('the build stamp lists every module of bin/ that shapes the build: an edit to one makes dist/ stale', async () => {
    const build = await readFile(path.join(REPO_ROOT, 'bin/build-dist.js'), 'utf8');
    const imported = [...build.matchAll(/^import .* from '\.\/([\w-]+\.js)';$/gm)]
      .map(([, file]) => `bin/${file}`)
      // It decides whether to build and names the stamp; what it decides is no output.
      .filter((file) => file !== 'bin/dist-freshness.js');
    expect(imported).toContain('bin/json-parse-literals.js');
    const stamp = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'dist/build-stamp.json'), 'utf8'),
    ) as { sources: string[] };
    expect(imported.filter((file) => !stamp.sources.includes(file))).toEqual([]);
  });

  test('the build stamp lists every source module the bundle holds: the bin checks those before it runs dist/', async () => {
    const stamp = JSON.parse(
      await readFile(path.join(REPO_ROOT, 'dist/build-stamp.json'), 'utf8'),
    ) as { sources: string[]; declarationSources: string[] };
    // The bundler marks each source module's code in a chunk with a comment naming its path.
    const bundled = new Set<string>();
    for (const folder of DIST_FOLDERS)
      for (const file of await readdir(path.join(REPO_ROOT, folder), { recursive: true })) {
        if (!file.endsWith('.js')) continue;
        const code = await readFile(path.join(REPO_ROOT, folder, file), 'utf8');
        for (const [, source] of code.matchAll(
          /^\/\/ ((?:runtime|generated|cli|generator)\/\S+)$/gm,
        ))
          bundled.add(source!);
      }
    expect(bundled.size).toBeGreaterThan(300);
    expect([...bundled].filter((source) => !stamp.sources.includes(source))).toEqual([]);
    // A module of types only is no module of the bundle: it shapes the declarations alone.
    expect(stamp.declarationSources).toContain('runtime/integrations/mcp/mcp-tool-descriptor.ts');
    expect(stamp.sources).not.toContain('runtime/integrations/mcp/mcp-tool-descriptor.ts');
  });

  test('list --json loads no tsx, no TypeScript source or compiler, no handler module, and prints what the sources print', async () => {
    const { stdout, modules } = await loading([bin, 'list', '--json']);
    expect(tsx(modules)).toEqual([]);
    expect(modules.filter((url) => url.endsWith('.ts'))).toEqual([]);
    expect(modules.filter((url) => /node_modules\/(ts-morph|typescript)\//.test(url))).toEqual([]);
    // Without a config file, the config parser (yaml, zod-to-json-schema) is not needed.
    expect(
      modules.filter((url) => /node_modules\/(yaml|zod-to-json-schema)\/|project-config/.test(url)),
    ).toEqual([]);
    expect(handlerModules(modules)).toEqual([]);
    // The JSON Schemas list the tools: zod loads with a tool's implementation, on a call.
    expect(zodModules(modules)).toEqual([]);
    // The bundles: the bin's entry and its chunk (bin/build-dist.js CHUNK_GROUPS), the runtime's
    // list chunk and the runtime modules the CLI imports (each a small entry re-exporting from
    // it), the two generated entries of the tools, not the dozens automatic splitting makes. The
    // CLI bundle has a second entry point (the model-view renderer), so the commands main.ts
    // loads on demand are each reached through a one-line chunk re-exporting from cli-list.
    expect(distFiles(modules)).toEqual([
      'dist/chunks/cli-list-<hash>.js',
      'dist/chunks/list-command-<hash>.js',
      'dist/chunks/project-tools-<hash>.js',
      'dist/chunks/rolldown-runtime-<hash>.js',
      'dist/cli/main.js',
      'packages/runtime/dist/chunks/list-<hash>.js',
      'packages/runtime/dist/chunks/mcp-definition-lock-<hash>.js',
      'packages/runtime/dist/chunks/rolldown-runtime-<hash>.js',
      'packages/runtime/dist/chunks/shared-<hash>.js',
      'packages/runtime/dist/runtime/contract.js',
      'packages/runtime/dist/runtime/core/cap-echo.js',
      'packages/runtime/dist/runtime/core/contract.js',
      'packages/runtime/dist/runtime/core/rules/parse-permission-rule.js',
      'packages/runtime/dist/runtime/core/support/compare-code-units.js',
      'packages/runtime/dist/runtime/core/support/is-json-object.js',
      'packages/runtime/dist/runtime/core/tool-runtime.js',
      'packages/runtime/dist/runtime/core/visibility/tools-fingerprint.js',
      'packages/runtime/dist/runtime/core/visibility/turn-filter.js',
      'packages/runtime/dist/runtime/integrations/mcp/mcp-definition-lock.js',
      'packages/runtime/dist/runtime/integrations/providers/provider-name.js',
      'packages/tools/dist/chunks/read-eager-hooks-<hash>.js',
      'packages/tools/dist/chunks/rolldown-runtime-<hash>.js',
      'packages/tools/dist/generated/index.js',
      'packages/tools/dist/generated/provider-order.js',
    ]);
    // handlebars and picomatch are bundled, not loaded from node_modules as CommonJS.
    expect(modules.filter((url) => /node_modules\/(handlebars|picomatch)\//.test(url))).toEqual([]);
    // No module imports node:crypto at its top (runtime/core/support/lazy-crypto.ts loads it when a
    // hash or an id is first asked for).
    expect(modules.filter((url) => url === 'node:crypto' || url === 'crypto')).toEqual([]);
    // Nor node:fs: its ESM facade loads Node's file streams (cli/sync-fs.ts requires it instead).
    expect(modules.filter((url) => url === 'node:fs' || url === 'fs')).toEqual([]);
    // The same contracts as the TypeScript sources give, byte for byte.
    const fromSources = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "const { main } = await import('./cli/main.ts'); process.exitCode = await main(['list', '--json']);",
      ],
      { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toBe(fromSources.stdout);
  });

  test('call Read imports the Read handler module, and no other', async () => {
    const file = path.join(directory, 'three.txt');
    await writeFile(file, 'a\nb\nc\n');
    const { stdout, modules } = await loading([
      bin,
      'call',
      'Read',
      JSON.stringify({ file_path: file }),
      '--json',
    ]);
    expect(JSON.parse(stdout)).toMatchObject({
      tool: 'Read',
      isError: false,
      content: '     1\ta\n     2\tb\n     3\tc',
    });
    expect(tsx(modules)).toEqual([]);
    expect(handlerModules(modules)).toEqual(['packages/tools/dist/runtime/tools/read.js']);
    expect(zodModules(modules).filter(inDist)).toEqual([
      'packages/tools/dist/generated/zod/read.js',
    ]);
  });

  test('a host that imports the package by name and lists tools loads no zod, no call path and no handler module', async () => {
    const { stdout, modules } = await loading([
      '--input-type=module',
      '-e',
      `const { createToolRuntime } = await import('@tool-contracts/runtime');
       const { builtInTools } = await import('@tool-contracts/tools');
       const { SORTED_PROVIDER_TOOL_NAMES } = await import('@tool-contracts/tools/provider-order');
       const runtime = createToolRuntime({ builtInTools, sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES, gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' }, logger: { warn: () => {} } });
       process.stdout.write(String(runtime.getTools({ model: { id: 'm', provider: 'anthropic' } }).length));`,
    ]);
    expect(Number(stdout)).toBeGreaterThan(10);
    expect(modules.filter((url) => url.endsWith('.ts'))).toEqual([]);
    expect(zodModules(modules)).toEqual([]);
    expect(handlerModules(modules)).toEqual([]);
    // The three entries and what they import statically: one list chunk (bin/build-dist.js
    // CHUNK_GROUPS), the contract module the generated tools import, and the bundler's helpers.
    expect(distFiles(modules)).toEqual([
      'packages/runtime/dist/chunks/list-<hash>.js',
      'packages/runtime/dist/chunks/rolldown-runtime-<hash>.js',
      'packages/runtime/dist/runtime/contract.js',
      'packages/runtime/dist/runtime/index.js',
      'packages/tools/dist/chunks/read-eager-hooks-<hash>.js',
      'packages/tools/dist/chunks/rolldown-runtime-<hash>.js',
      'packages/tools/dist/generated/index.js',
      'packages/tools/dist/generated/provider-order.js',
    ]);
    // The bundler marks each source module's code in a chunk with a comment naming its path.
    const withCallPath = [];
    const notAscii = [];
    for (const url of modules.filter(inDist)) {
      const code = await readFile(path.join(REPO_ROOT, url), 'utf8');
      if (code.includes('// runtime/call-path/call/call-tool.ts')) withCallPath.push(url);
      // bin/build-dist.js: ASCII only, so that V8 holds each as a one-byte string.
      if (/[^\x00-\x7f]/.test(code)) notAscii.push(url);
    }
    expect(withCallPath).toEqual([]);
    expect(notAscii).toEqual([]);
  });

  test('every entry point of the exports maps shares one instance of each module: an export two entries both have is the same value', async () => {
    const specifiers: string[] = [];
    for (const folder of ['packages/runtime', 'packages/tools']) {
      const manifest = JSON.parse(
        await readFile(path.join(REPO_ROOT, folder, 'package.json'), 'utf8'),
      ) as { name: string; exports: Record<string, string | { default: string }> };
      specifiers.push(
        ...Object.entries(manifest.exports)
          .filter(([, target]) => typeof target !== 'string' && target.default.endsWith('.js'))
          .map(([subpath]) => `${manifest.name}${subpath.slice(1)}`),
      );
    }
    expect(specifiers).toContain('@tool-contracts/runtime/contract');
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const specifiers = ${JSON.stringify(specifiers)};
         const owners = new Map();
         for (const specifier of specifiers)
           for (const [name, value] of Object.entries(await import(specifier))) {
             const seen = owners.get(name);
             if (seen === undefined) owners.set(name, { value, in: [specifier], same: true });
             else { seen.in.push(specifier); seen.same &&= seen.value === value; }
           }
         const shared = [...owners].filter(([, o]) => o.in.length > 1);
         console.log(JSON.stringify({ shared: shared.map(([n]) => n).sort(), different: shared.filter(([, o]) => !o.same).map(([n]) => n) }));`,
      ],
      { cwd: REPO_ROOT },
    );
    const { shared, different } = JSON.parse(stdout) as { shared: string[]; different: string[] };
    // runtime/core/contract.ts (its frozen-data WeakSet behind deepFreeze) is re-exported by `.`.
    expect(shared).toEqual(expect.arrayContaining(['deepFreeze', 'lazyImplementation']));
    expect(different).toEqual([]);
  });

  test('generate in a user project runs the compiled generator, without tsx, and writes what the sources write', async () => {
    // Two projects made by `tool-contracts init`, the package linked into each as an install
    // puts it: one generated by the bin (dist/), one by the sources through tsx.
    const projects = await Promise.all(
      ['compiled', 'sources'].map(async (name) => {
        const project = path.join(directory, name);
        await run(process.execPath, [bin, 'init', project], { cwd: directory });
        await linkInstalledPackages(project, ['@types', 'typescript']);
        return project;
      }),
    );
    const [compiled, sources] = projects as [string, string];
    const { stdout, modules } = await loading([bin, 'generate'], compiled);
    expect(stdout).toMatch(/^Generated 1 tool in /);
    // Not even resolved: the model-view renderer runs compiled too, and registers tsx in its own
    // process for the project's modules.
    expect(tsx(modules)).toEqual([]);
    expect(modules.filter((url) => url.endsWith('.ts'))).toEqual([]);
    expect(modules).toContain('dist/cli/main.js');
    // Required, not imported: the recorder sees CommonJS loads too.
    expect(modules.some((url) => url.startsWith('node_modules/ts-morph/'))).toBe(true);
    await run(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        '--input-type=module',
        '-e',
        `const { main } = await import(${JSON.stringify(pathToFileURL(path.join(REPO_ROOT, 'cli/main.ts')).href)}); process.exitCode = await main(['generate']);`,
      ],
      { cwd: sources, env: { ...process.env, NO_COLOR: '1' } },
    );
    const tree = async (project: string) => {
      const files: Record<string, string> = {};
      for (const file of await readdir(path.join(project, 'generated'), { recursive: true })) {
        const text = await readFile(path.join(project, 'generated', file), 'utf8').catch(
          () => undefined,
        );
        if (text !== undefined) files[file] = text;
      }
      return files;
    };
    const fromBin = await tree(compiled);
    expect(Object.keys(fromBin)).toContain('TOOLS.md');
    expect(fromBin).toEqual(await tree(sources));
  });
});
