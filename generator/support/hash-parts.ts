import { createHash } from 'node:crypto';

/** The sha256 of `parts`, each preceded by its length (so no two lists hash alike). */
export function hashParts(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.length}:`);
    hash.update(bytes);
  }
  return hash.digest('hex');
}
