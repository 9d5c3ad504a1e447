/**
 * The files a clone of the working tree's state checks out — tracked and not ignored, so the
 * committed `generated/.generate-state.json` too — copied into `target`: what a new contributor
 * has before `npm ci`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';

export function copyCheckout(repository: string, target: string): void {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: repository, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
    .split('\0')
    .filter((file) => file !== '');
  for (const file of files) {
    try {
      cpSync(path.join(repository, file), path.join(target, file));
    } catch (error) {
      // A file deleted in the working tree but not yet in the index.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  // A git checkout: dist/ freshness is judged by modification times there (bin/dist-freshness.js).
  execFileSync('git', ['init', '--quiet'], { cwd: target });
}
