/**
 * The hand-written runtime the audit scans: `runtime/**\/*.ts` without tests and declaration
 * files. `generated/` is never scanned (it declares values; it does not read them).
 */
import { glob } from 'tinyglobby';
import path from 'node:path';
import { compareCodeUnits } from '../../runtime/core/support/compare-code-units.js';

/** Globs of the scanned files, relative to the project root. */
export const RUNTIME_GLOBS = ['runtime/**/*.ts'] as const;
export const RUNTIME_IGNORE = ['**/*.test.ts', '**/*.d.ts', '**/node_modules/**'] as const;

/** Absolute paths of the runtime files, sorted by code unit. */
export async function listRuntimeFiles(projectRoot: string): Promise<string[]> {
  const found = await glob([...RUNTIME_GLOBS], {
    cwd: projectRoot,
    ignore: [...RUNTIME_IGNORE],
    onlyFiles: true,
  });
  return found.map((file) => path.join(projectRoot, file)).sort(compareCodeUnits);
}
