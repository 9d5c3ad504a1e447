import { utf8ByteLength, utf8Preview } from './utf8-slice.js';

/**
 * `metadata.maxOutputBytes`: the most a handler may produce. Text beyond it is dropped before
 * the budget (so it is not in an artifact either), with the marker
 * `[... 1234 of 5678 bytes dropped: output over the tool's limit of 4444 bytes ...]`.
 */
export function capOutputBytes(content: string, maxOutputBytes: number | undefined): string {
  if (maxOutputBytes === undefined || utf8ByteLength(content) <= maxOutputBytes) return content;
  const totalBytes = utf8ByteLength(content);
  return utf8Preview(
    content,
    maxOutputBytes,
    'head',
    (omitted) =>
      `[... ${omitted} of ${totalBytes} bytes dropped: output over the tool's limit of ${maxOutputBytes} bytes ...]`,
  ).text;
}
