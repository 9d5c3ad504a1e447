/**
 * After `generate` in this package's own repository: a dist/ that the run (or an earlier edit)
 * made stale is rebuilt at once, JavaScript only (`bin/build-dist.js --skip-declarations`, under
 * a second), so that the bin keeps running `list`, `call`, `serve` and `mcp` compiled instead of
 * falling back to tsx. The declarations are kept from the previous build and the stamp says so:
 * `npm run build` (and `prepare`, so `npm pack`) still rebuilds them. No dist/, nothing to do;
 * a user's project has none of its own (its CLI is the installed package's).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { isDistFresh } from '../bin/dist-freshness.js';

export type DistRefresh =
  | { readonly kind: 'absent' | 'fresh' }
  | { readonly kind: 'rebuilt'; readonly note: string }
  | { readonly kind: 'failed'; readonly message: string };

/** Rebuilds `dist/` under `packageRoot` when it exists and is stale. */
export async function refreshDist(packageRoot: string): Promise<DistRefresh> {
  if (!existsSync(path.join(packageRoot, 'dist'))) return { kind: 'absent' };
  if (isDistFresh(packageRoot)) return { kind: 'fresh' };
  try {
    const { stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(packageRoot, 'bin/build-dist.js'), '--skip-declarations'],
      { cwd: packageRoot },
    );
    return { kind: 'rebuilt', note: stderr.trim() };
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return { kind: 'failed', message: stderr?.trim() || message };
  }
}
