/**
 * The scan cache: a second scan of an unchanged runtime comes from the cache without loading
 * ts-morph (checked in a child process that logs every module it resolves); any runtime edit
 * invalidates it.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runFieldScan } from '../../../generator/audit/run-field-scan.js';
import { RECORD_MODULES } from '../../support/record-modules.js';

const run = promisify(execFile);
const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
let root: string;

const GATE = `import type { ToolEntry } from './core/contract.js';
export function allowed(entry: ToolEntry): boolean {
  return !entry.permission.alwaysAsk;
}
`;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'audit-cache-'));
  await symlink(path.join(repositoryRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await mkdir(path.join(root, 'runtime'), { recursive: true });
  await cp(
    path.join(repositoryRoot, 'runtime/core/contract.ts'),
    path.join(root, 'runtime/core/contract.ts'),
  );
  await writeFile(path.join(root, 'runtime/gate.ts'), GATE);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Run one scan in a child process; return whether it was cached and the modules it resolved. */
async function scanInChild(): Promise<{ cached: boolean; alwaysAsk: string; modules: string[] }> {
  const log = path.join(root, `loads-${Date.now()}.log`);
  const script = `import { runFieldScan } from ${JSON.stringify(path.join(repositoryRoot, 'generator/audit/run-field-scan.ts'))};
const { scan, cached } = await runFieldScan({ projectRoot: ${JSON.stringify(root)} });
console.log(JSON.stringify({ cached, alwaysAsk: scan.fields.find((field) => field.path === 'permission.alwaysAsk').class }));`;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '--import', RECORD_MODULES, '--input-type=module', '-e', script],
    { cwd: repositoryRoot, env: { ...process.env, LOADED_MODULES: log } },
  );
  const modules = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
  return { ...JSON.parse(stdout.trim().split('\n').at(-1)!), modules };
}

const loadsTsMorph = (modules: readonly string[]): boolean =>
  modules.some((url) => url.includes('/node_modules/ts-morph/'));

describe('runFieldScan cache', () => {
  test('cold scan loads ts-morph; the cached one does not, and gives the same result', async () => {
    const cold = await scanInChild();
    expect({
      cached: cold.cached,
      alwaysAsk: cold.alwaysAsk,
      tsMorph: loadsTsMorph(cold.modules),
    }).toEqual({
      cached: false,
      alwaysAsk: 'enforced',
      tsMorph: true,
    });
    const warm = await scanInChild();
    expect({
      cached: warm.cached,
      alwaysAsk: warm.alwaysAsk,
      tsMorph: loadsTsMorph(warm.modules),
    }).toEqual({
      cached: true,
      alwaysAsk: 'enforced',
      tsMorph: false,
    });
  });

  test('editing a runtime file invalidates the cache; the new scan sees the edit', async () => {
    const before = await runFieldScan({ projectRoot: root });
    expect(before.cached).toBe(true);
    await writeFile(
      path.join(root, 'runtime/gate.ts'),
      GATE.replace('!entry.permission.alwaysAsk', 'true'),
    );
    const after = await runFieldScan({ projectRoot: root });
    expect(after.cached).toBe(false);
    expect(after.scan.fields.find((field) => field.path === 'permission.alwaysAsk')?.class).toBe(
      'unread',
    );
    const again = await runFieldScan({ projectRoot: root });
    expect(again).toEqual({ scan: after.scan, cached: true });
  });

  test('cache: false always scans', async () => {
    expect((await runFieldScan({ projectRoot: root, cache: false })).cached).toBe(false);
  });
});
