/**
 * Byte-bounded slices of text that never split a UTF-8 character: budgets are in bytes (what a
 * provider counts), and half a character would reach the model as U+FFFD.
 */

/** Bytes `text` takes in UTF-8. */
export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Whether `byte` continues a multi-byte character (`10xxxxxx`). */
function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The longest start of `text` that fits in `maxBytes` bytes of UTF-8. */
export function utf8Head(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let end = Math.max(0, Math.floor(maxBytes));
  while (end > 0 && isContinuationByte(bytes[end])) end -= 1;
  return bytes.subarray(0, end).toString('utf8');
}

/** The longest end of `text` that fits in `maxBytes` bytes of UTF-8. */
export function utf8Tail(text: string, maxBytes: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= maxBytes) return text;
  let start = bytes.length - Math.max(0, Math.floor(maxBytes));
  while (start < bytes.length && isContinuationByte(bytes[start])) start += 1;
  return bytes.subarray(start).toString('utf8');
}

/**
 * `text` cut to at most `limitBytes` bytes including a marker line: the head (marker after it)
 * or the tail (marker before it) is kept. `marker(omittedBytes)` words the marker; the result
 * never exceeds `limitBytes`, even when the marker alone is longer.
 */
export function utf8Preview(
  text: string,
  limitBytes: number,
  direction: 'head' | 'tail',
  marker: (omittedBytes: number) => string,
): { readonly text: string; readonly omittedBytes: number } {
  const total = utf8ByteLength(text);
  if (total <= limitBytes) return { text, omittedBytes: 0 };
  // The marker's length depends on the number it states; size it for the largest possible one.
  const reserve = utf8ByteLength(marker(total)) + 1;
  const kept =
    direction === 'head'
      ? utf8Head(text, Math.max(0, limitBytes - reserve))
      : utf8Tail(text, Math.max(0, limitBytes - reserve));
  const omittedBytes = total - utf8ByteLength(kept);
  const line = marker(omittedBytes);
  if (kept === '') return { text: utf8Head(line, limitBytes), omittedBytes };
  return { text: direction === 'head' ? `${kept}\n${line}` : `${line}\n${kept}`, omittedBytes };
}
