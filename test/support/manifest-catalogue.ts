/**
 * Facts about the built-in tools read from their manifests, so that no test repeats them by
 * hand: adding a tool means adding its manifest, its place in the registration order and its
 * handler, and nothing in test/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');

/** The file names of the built-in manifests (`manifest/tools/*.yaml`). */
export const BUILT_IN_MANIFEST_FILES: readonly string[] = readdirSync(
  path.join(root, 'manifest/tools'),
)
  .filter((file) => file.endsWith('.yaml'))
  .sort();

/** The built-in tool names in registration order (`manifest/tools.yaml`). */
export const REGISTRATION_ORDER: readonly string[] = (
  parse(readFileSync(path.join(root, 'manifest/tools.yaml'), 'utf8')) as {
    registrationOrder: string[];
  }
).registrationOrder;

/** How many built-in tools there are. */
export const BUILT_IN_COUNT = BUILT_IN_MANIFEST_FILES.length;
