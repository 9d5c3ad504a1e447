import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: projectRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|js|mjs)$/.test(file) && !file.endsWith('.d.ts'));
const known = new Set(files);
const isTest = (file: string) => file.startsWith('test/') || /\.test\.ts$/.test(file);

/** The project files `file` imports (static, dynamic and type-only imports; relative ones only). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(projectRoot, file), 'utf8');
  const found: string[] = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName));
    const candidate = [target.replace(/\.js$/, '.ts'), target, `${target}.ts`].find((name) =>
      known.has(name),
    );
    if (candidate !== undefined) found.push(candidate);
  }
  return found;
}

/** The workspace folders of package.json. */
function workspaces(): string[] {
  return (
    (
      JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
        workspaces?: string[];
      }
    ).workspaces ?? []
  );
}

const graph = new Map(files.map((file) => [file, importsOf(file)]));

/**
 * The files the packages' `exports` name (this folder's package.json and the workspaces'), as
 * project paths (the source a dist/ file is built from).
 */
function packageEntryPoints(): string[] {
  const manifests = ['.', ...workspaces()].map(
    (directory) =>
      JSON.parse(readFileSync(path.join(projectRoot, directory, 'package.json'), 'utf8')) as {
        exports?: Record<string, string | { readonly default: string }>;
      },
  );
  return manifests
    .flatMap((manifest) => Object.values(manifest.exports ?? {}))
    .map((target) =>
      path.posix
        .normalize(typeof target === 'string' ? target : target.default)
        .replace(/^dist\/(.*)\.js$/, '$1.ts'),
    )
    .filter((target) => known.has(target));
}

describe('runtime/ imports', () => {
  test('runtime/ never imports generator/, cli/ or bench/', () => {
    const crossings = [...graph]
      .filter(([file]) => file.startsWith('runtime/'))
      .flatMap(([file, imported]) =>
        imported
          .filter((target) => /^(generator|cli|bench)\//.test(target))
          .map((target) => `${file} → ${target}`),
      );
    expect(crossings).toEqual([]);
  });

  test('every runtime module is used by something other than a test', () => {
    // What a user runs or builds on: the CLI, the generator, the generated modules, benchmarks,
    // and the package's entry points (package.json `exports`).
    const reachable = new Set<string>();
    const pending = [
      ...files.filter((file) => !isTest(file) && !file.startsWith('runtime/')),
      ...packageEntryPoints(),
    ];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (reachable.has(file)) continue;
      reachable.add(file);
      pending.push(...(graph.get(file) ?? []));
    }
    // A `-reference.ts` module is the plain definition a fast path is tested against (beside it
    // on purpose, and used by its tests alone).
    const testOnly = files.filter(
      (file) =>
        file.startsWith('runtime/') && !reachable.has(file) && !file.endsWith('-reference.ts'),
    );
    expect(testOnly).toEqual([]);
  });
});
