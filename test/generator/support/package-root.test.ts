/**
 * The generator runs from its sources and from the compiled bundle in dist/, whose chunks sit
 * elsewhere: every file it reads of its own package is named package-relative and resolved from
 * the package root. Each such name in the sources must exist and be shipped by the package.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { packagePath, packageRoot } from '../../../generator/support/package-root.js';
import { REPO_ROOT } from '../generate-fixture.js';

/** Every `packagePath(…)` call of the generator's and the CLI's sources: its file, its argument. */
function packagePathCalls(): { file: string; argument: string }[] {
  const calls: { file: string; argument: string }[] = [];
  for (const folder of ['generator', 'cli'])
    for (const file of readdirSync(path.join(REPO_ROOT, folder), { recursive: true })) {
      if (typeof file !== 'string' || !file.endsWith('.ts')) continue;
      const text = readFileSync(path.join(REPO_ROOT, folder, file), 'utf8');
      for (const [, argument] of text.matchAll(/\bpackagePath\(([^)]*)\)/g))
        calls.push({ file: `${folder}/${file}`, argument: argument!.trim() });
    }
  return calls.filter((call) => call.file !== 'generator/support/package-root.ts');
}

const shipped = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] }
).files;

describe('packageRoot', () => {
  test('is the folder of the tool-contracts package.json, from the sources', () => {
    expect(packageRoot()).toBe(REPO_ROOT);
    expect(packagePath('generator/templates/tools.md.hbs')).toBe(
      path.join(REPO_ROOT, 'generator', 'templates', 'tools.md.hbs'),
    );
  });

  test('every packagePath call names a literal package-relative path (what an install can check)', () => {
    const calls = packagePathCalls();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => !/^'[\w@./-]+'$/.test(call.argument))).toEqual([]);
  });

  test("every file the generator reads of its own package exists and is in package.json's files", () => {
    const named = packagePathCalls()
      .map((call) => call.argument.slice(1, -1))
      // Looked up optionally (the package's own type roots, when an install has them).
      .filter((relative) => !relative.startsWith('node_modules/'));
    const missing = named.filter(
      (relative) =>
        !existsSync(packagePath(relative)) &&
        // An import specifier: TypeScript resolves `x.js` to `x.ts`.
        !existsSync(packagePath(relative.replace(/\.js$/, '.ts'))),
    );
    expect(missing).toEqual([]);
    const unshipped = named.filter(
      (relative) => !shipped.some((entry) => relative === entry || relative.startsWith(entry)),
    );
    expect(unshipped).toEqual([]);
  });
});
