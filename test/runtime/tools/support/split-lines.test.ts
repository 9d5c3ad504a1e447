import { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { splitLines } from '../../../../runtime/tools/support/split-lines.js';

/** What Read does for a large file: readline over a stream, in chunks of `chunkSize` bytes. */
async function readlineLines(text: string, chunkSize: number): Promise<string[]> {
  const bytes = Buffer.from(text, 'utf8');
  const chunks: string[] = [];
  const decoder = new TextDecoder();
  for (let start = 0; start < bytes.length; start += chunkSize)
    chunks.push(decoder.decode(bytes.subarray(start, start + chunkSize), { stream: true }));
  chunks.push(decoder.decode());
  const lines: string[] = [];
  for await (const line of createInterface({
    input: Readable.from(chunks.filter((chunk) => chunk.length > 0)),
    crlfDelay: Infinity,
  }))
    lines.push(line);
  return lines;
}

describe('splitLines', () => {
  test.each([
    ['empty', '', []],
    ['one line, no terminator', 'a', ['a']],
    ['one line end only', '\n', ['']],
    ['a final LF starts no line', 'a\nb\n', ['a', 'b']],
    ['CRLF', 'a\r\nb\r\n', ['a', 'b']],
    ['lone CR', 'a\rb', ['a', 'b']],
    ['CR at the end', 'a\r', ['a']],
    ['LF CR is two line ends', 'a\n\rb', ['a', '', 'b']],
    ['CR CR LF', 'a\r\r\nb', ['a', '', 'b']],
    ['blank lines', '\n\nx\n', ['', '', 'x']],
    ['U+2028 is no line end', 'a\u2028b', ['a\u2028b']],
  ])('%s', (_label, text, lines) => {
    expect(splitLines(text)).toEqual(lines);
  });

  test('yields what readline yields, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('a', 'é', '😀', '\n', '\r', '\r\n', ' ', '\u2028'), {
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 7 }),
        async (parts, chunkSize) => {
          const text = parts.join('');
          expect(splitLines(text)).toEqual(await readlineLines(text, chunkSize));
        },
      ),
    );
  });
});
