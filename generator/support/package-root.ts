/**
 * Where this package's own files are: its templates, the generator and runtime sources whose
 * hashes key the caches, the model-view renderer's script. The generator runs from its
 * TypeScript sources (through tsx) or from the compiled build in `dist/` (one bundle whose chunks
 * sit in `dist/chunks/`), so no file may be found relative to the module that reads it: every
 * such path is resolved from the package root instead, the nearest folder above this module
 * whose `package.json` is the `tool-contracts` one. The package ships its sources (`files` in
 * package.json), so both ways of running find the same files.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Required, not imported: `tool-contracts list` reaches this module, and an ESM import of
// `node:fs` costs its start milliseconds (see cli/sync-fs.ts).
const { readFileSync } = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');

let root: string | undefined;

/** The folder of this package's package.json. */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let directory = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (packageName(path.join(directory, 'package.json')) === 'tool-contracts')
      return (root = directory);
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('the tool-contracts package.json was not found');
    directory = parent;
  }
}

/** The absolute path of a file of this package, from its package-relative posix path. */
export function packagePath(relative: string): string {
  return path.join(packageRoot(), ...relative.split('/'));
}

/** The `name` of a package.json, or `undefined` when there is none or it cannot be read. */
function packageName(manifest: string): unknown {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
  } catch {
    return undefined;
  }
}
