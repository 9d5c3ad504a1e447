/**
 * The allowed import directions (`.dependency-cruiser.cjs`, drawn in docs/architecture.md): the
 * repository keeps them, and each rule catches the upward import it exists for, in a small tree
 * written for the case.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../support/temporary-directory.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const config = require(path.join(repositoryRoot, '.dependency-cruiser.cjs')) as {
  forbidden: IFlattenedRuleSet['forbidden'];
  options: Record<string, unknown>;
};

/** `rule: from → to` for every violation of a cruise of `directories` under `baseDir`. */
async function violations(baseDir: string, directories: readonly string[]): Promise<string[]> {
  const { output } = await cruise([...directories], {
    ...config.options,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
    baseDir,
  });
  return (output as ICruiseResult).summary.violations.map(
    (violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`,
  );
}

describe('import directions', () => {
  it('the repository imports only downward and has no cycle in runtime/ or generator/', async () => {
    expect(await violations(repositoryRoot, ['runtime', 'generator', 'cli', 'generated'])).toEqual(
      [],
    );
  }, 60_000);

  /** Writes `files` (path → text) into a new directory and returns it. */
  async function tree(files: Record<string, string>): Promise<string> {
    const directory = await temporaryDirectory('import-directions-');
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(directory, file)), { recursive: true });
      await writeFile(path.join(directory, file), text);
    }
    return directory;
  }

  const exporting = 'export const value = 1;\n';
  it.each([
    ['runtime-core-imports-downward', 'runtime/core/a.ts', 'runtime/call-path/b.ts'],
    ['runtime-core-imports-downward', 'runtime/core/a.ts', 'runtime/integrations/b.ts'],
    ['runtime-core-imports-downward', 'runtime/core/a.ts', 'runtime/tools/b.ts'],
    ['runtime-call-path-imports-downward', 'runtime/call-path/a.ts', 'runtime/integrations/b.ts'],
    ['runtime-call-path-imports-downward', 'runtime/call-path/a.ts', 'runtime/tools/support/b.ts'],
    ['runtime-integrations-imports-downward', 'runtime/integrations/a.ts', 'runtime/tools/b.ts'],
    ['runtime-tools-imports-downward', 'runtime/tools/a.ts', 'runtime/integrations/mcp/b.ts'],
    ['runtime-tools-imports-downward', 'runtime/tools/a.ts', 'runtime/call-path/b.ts'],
    ['runtime-never-imports-generator-or-cli', 'runtime/core/a.ts', 'generator/b.ts'],
    ['generator-support-imports-downward', 'generator/support/a.ts', 'generator/manifest/b.ts'],
    ['generator-manifest-imports-downward', 'generator/manifest/a.ts', 'generator/config/b.ts'],
    ['generator-manifest-imports-downward', 'generator/manifest/a.ts', 'generator/emit/b.ts'],
    ['generator-emit-imports-downward', 'generator/emit/a.ts', 'generator/audit/b.ts'],
    ['generator-audit-imports-downward', 'generator/audit/a.ts', 'generator/diff/b.ts'],
    ['generator-never-imports-cli', 'generator/a.ts', 'cli/b.ts'],
  ])('%s catches %s importing %s', async (rule, from, to) => {
    const specifier = path.posix.relative(path.posix.dirname(from), to).replace(/\.ts$/, '.js');
    const root = await tree({
      [from]: `import { value } from '${specifier.startsWith('.') ? specifier : `./${specifier}`}';\nexport const other = value;\n`,
      [to]: exporting,
    });
    expect(
      await violations(
        root,
        ['runtime', 'generator', 'cli'].filter((top) => from.startsWith(top) || to.startsWith(top)),
      ),
    ).toContain(`${rule}: ${from} → ${to}`);
  });

  it('a cycle of value imports is caught, one through a type-only import is not', async () => {
    const root = await tree({
      'runtime/core/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'runtime/core/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
      'runtime/core/c.ts':
        "import type { D } from './d.js';\nexport type C = D;\nexport const c = 1;\n",
      'runtime/core/d.ts': "import { c } from './c.js';\nexport type D = typeof c;\n",
    });
    const found = await violations(root, ['runtime']);
    expect(found.filter((line) => line.startsWith('no-cycles'))).toEqual([
      'no-cycles: runtime/core/a.ts → runtime/core/b.ts',
    ]);
  });
});
