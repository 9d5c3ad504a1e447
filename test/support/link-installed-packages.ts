/**
 * What `npm install -D tool-contracts` gives a project, made from this checkout: links in the
 * project's `node_modules` to the CLI package (the repository), the runtime and the built-in
 * tools as the build left them (`packages/*`), and zod; `extra` names further entries of this
 * checkout's `node_modules` to link (`typescript` and `@types` for a project's own `tsc`).
 */
import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '../generator/generate-fixture.js';

export async function linkInstalledPackages(
  project: string,
  extra: readonly string[] = [],
): Promise<void> {
  const modules = path.join(project, 'node_modules');
  await mkdir(path.join(modules, '@tool-contracts'), { recursive: true });
  await symlink(REPO_ROOT, path.join(modules, 'tool-contracts'), 'dir');
  for (const name of ['runtime', 'tools'])
    await symlink(
      path.join(REPO_ROOT, 'packages', name),
      path.join(modules, '@tool-contracts', name),
      'dir',
    );
  for (const name of ['zod', ...extra])
    await symlink(path.join(REPO_ROOT, 'node_modules', name), path.join(modules, name), 'dir');
}
