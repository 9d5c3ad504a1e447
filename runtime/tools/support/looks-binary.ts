/**
 * Binary detection for the text tools (Read, Grep): a NUL byte in the first
 * {@link BINARY_SNIFF_BYTES} bytes, the heuristic git and ripgrep use. Text in any ASCII-based
 * encoding never contains NUL; almost every binary format does early on.
 */

export const BINARY_SNIFF_BYTES = 8000;

export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let index = 0; index < end; index += 1) {
    if (bytes[index] === 0) return true;
  }
  return false;
}
