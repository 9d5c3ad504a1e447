/**
 * `node:crypto` loaded on first use, not at import: a host's cold start (import, register, first
 * list) hashes nothing, and loading the module is a few milliseconds of it. Built-in modules
 * can be required synchronously, so the callers stay synchronous.
 */
import { createRequire } from 'node:module';

let crypto: typeof import('node:crypto') | undefined;

/** The SHA-256 of `text` (UTF-8), as lowercase hex. */
export function sha256Hex(text: string): string {
  crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  return crypto.createHash('sha256').update(text).digest('hex');
}

/** A random RFC 4122 version 4 UUID (Web Crypto's, which Node loads when first asked). */
export function randomUuid(): string {
  return globalThis.crypto.randomUUID();
}
