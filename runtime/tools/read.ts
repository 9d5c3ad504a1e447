/**
 * Read: text files numbered like `cat -n`, images as base64, PDF pages as a base64 document.
 * Every successful read records the file's mtime in `session.readFiles`, which Write and Edit
 * check (read-before-write).
 */
import { constants as fsConstants, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { openToolPathWithStats, PathPolicyError } from '../core/path-policy.js';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Input, Output } from '../../generated/tools/read.js';
import type { ModelToolContract, ToolCallContext, ToolImplementation } from '../core/contract.js';
import { extractPdfPages } from './support/extract-pdf-pages.js';
import { formatNumberedLine } from './support/format-numbered-line.js';
import { isPdfPath } from './read-eager-hooks.js';
import { splitLines } from './support/split-lines.js';
import { looksBinary, BINARY_SNIFF_BYTES } from './support/looks-binary.js';
import { formatPageRange, parsePageRange, type PageRange } from './support/parse-page-range.js';
import { recordFileRead } from './support/read-file-state.js';
import {
  policyFailure,
  resolvePathForTool,
  resolveSpelledPathForTool,
} from './support/resolve-path-for-tool.js';
import { IMAGE_EXTENSIONS, sniffImageType } from './support/sniff-image-type.js';
import { suggestSimilarPaths } from './support/suggest-similar-paths.js';
import { fileSystemFailure, toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

/** Lines returned when the call gives no `limit`. */
export const DEFAULT_READ_LINE_LIMIT = 2000;
/** Longer lines are cut to this many characters. */
export const MAX_LINE_CHARACTERS = 2000;
/** Text files up to this size are read in one read; larger ones are streamed line by line. */
export const SINGLE_READ_MAX_BYTES = 1024 * 1024;
/** Most bytes of numbered text one call returns; more asks for offset/limit. */
export const MAX_TEXT_OUTPUT_BYTES = 256 * 1024;
/** Largest image returned (3.75 MiB: 5 MiB once base64-encoded, the providers' image limit). */
export const MAX_IMAGE_BYTES = 3_932_160;
/** Largest PDF (after page extraction) returned; base64 makes it 4/3 larger. */
export const MAX_PDF_BYTES = 7_000_000;
/** A PDF with more pages must be read with `pages`. */
export const MAX_PDF_PAGES_WITHOUT_RANGE = 10;

/**
 * Paths that never end or wait for input: reading them would hang the call until it times out.
 */
const BLOCKING_DEVICE_PATHS: ReadonlySet<string> = new Set([
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
  '/dev/full',
  '/dev/stdin',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/console',
  '/dev/fd/0',
  '/dev/fd/1',
  '/dev/fd/2',
  '/proc/self/fd/0',
  '/proc/self/fd/1',
  '/proc/self/fd/2',
]);

// The hook a list calls lives apart, so that listing never imports this module (see
// generated/tools/read.ts).
export { resolveModelContract } from './read-eager-hooks.js';

/** PDFs get the policy's maximum (loading and copying pages is slow for big documents). */
export const resolveTimeoutBudgetMs: NonNullable<Implementation['resolveTimeoutBudgetMs']> = (
  input,
  policy,
) => (policy.kind === 'bounded' && isPdfPath(input.file_path) ? policy.maxMs : undefined);

/** Refuse page ranges that are malformed or too long, `pages` on a non-PDF, and blocking devices. */
export const validateInput: NonNullable<Implementation['validateInput']> = async (
  input,
  context,
) => {
  if (input.pages !== undefined) {
    if (!isPdfPath(input.file_path)) {
      return toolFailure(
        'pages_not_pdf',
        `The pages parameter only applies to PDF files; ${input.file_path} is not a .pdf file.`,
      );
    }
    const parsed = parsePageRange(input.pages);
    if (!parsed.ok) return toolFailure('invalid_pages', parsed.message);
  }
  const resolved = await resolvePathForTool(input.file_path, context);
  if (!resolved.ok) return resolved;
  if (BLOCKING_DEVICE_PATHS.has(resolved.path)) {
    return toolFailure(
      'blocking_device',
      `Cannot read ${resolved.path}: it is a device that never ends or waits for input.`,
    );
  }
  return { ok: true };
};

/**
 * Open flags of a read: read-only; non-blocking, so that a FIFO (or a device) swapped in for a
 * file opens at once instead of hanging a thread of the pool until a writer comes (it is then
 * refused by its type, never read; for regular files the flag changes nothing); no controlling
 * terminal from a tty. The flags a platform lacks are 0.
 */
const READ_OPEN_FLAGS =
  fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0) | (fsConstants.O_NOCTTY ?? 0);

/**
 * One open through the boundary check, then everything from that handle: `fstat` for the
 * type, size and mtime, and the content (one read for a small text file). No `stat` of the path
 * before: what is checked, measured and read is the file that was opened.
 */
export const handler: Implementation['handler'] = async (input, context) => {
  const resolved = resolveSpelledPathForTool(input.file_path, context);
  if (!resolved.ok) return resolved;
  const filePath = resolved.path;

  let handle: FileHandle;
  let info: Stats;
  try {
    ({ handle, stats: info } = await openToolPathWithStats(filePath, READ_OPEN_FLAGS, context));
  } catch (error) {
    return openFailure(filePath, error);
  }
  try {
    if (info.isDirectory()) return directoryFailure(filePath);
    if (!info.isFile()) {
      return toolFailure(
        'not_regular_file',
        `Cannot read ${filePath}: it is not a regular file (device, socket or FIFO).`,
      );
    }
    const extension = path.extname(filePath).toLowerCase();
    const result =
      extension === '.pdf'
        ? await readPdf(handle, filePath, input.pages, context)
        : IMAGE_EXTENSIONS.has(extension)
          ? await readImage(handle, filePath, info.size, context)
          : await readText(
              handle,
              filePath,
              info.size,
              input.offset ?? 1,
              input.limit ?? DEFAULT_READ_LINE_LIMIT,
              context,
            );
    if (result.ok) recordFileRead(context.session, filePath, info.mtimeMs);
    return result;
  } catch (error) {
    if (context.signal.aborted)
      return toolFailure('aborted', `Reading ${filePath} was interrupted.`);
    return fileSystemFailure('read', filePath, error);
  } finally {
    await handle.close();
  }
};

type ReadResult = Awaited<ReturnType<Implementation['handler']>>;

function directoryFailure(filePath: string): ReadResult {
  return toolFailure(
    'is_directory',
    `${filePath} is a directory, not a file. List its contents with Bash (ls) instead.`,
  );
}

/** Why the open failed, as the model reads it: a missing file with "Did you mean", a boundary refusal, … */
async function openFailure(filePath: string, error: unknown): Promise<ReadResult> {
  if (error instanceof PathPolicyError) return policyFailure(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    const suggestions = await suggestSimilarPaths(filePath);
    const hint = suggestions.length === 0 ? '' : ` Did you mean ${suggestions.join(', ')}?`;
    return toolFailure('file_not_found', `File does not exist: ${filePath}.${hint}`);
  }
  // Where a directory cannot be opened as a file (Windows).
  if (code === 'EISDIR') return directoryFailure(filePath);
  return fileSystemFailure('read', filePath, error);
}

/** The rest of the file from the handle's position (0: nothing was read from it yet). */
function readRest(handle: FileHandle, context: ToolCallContext): Promise<Buffer> {
  return handle.readFile({ signal: context.signal });
}

async function readImage(
  handle: FileHandle,
  filePath: string,
  size: number,
  context: ToolCallContext,
): Promise<ReadResult> {
  if (size > MAX_IMAGE_BYTES) {
    return toolFailure(
      'image_too_large',
      `Image ${filePath} is ${size} bytes; at most ${MAX_IMAGE_BYTES} bytes can be read.`,
    );
  }
  const bytes = await readRest(handle, context);
  const mediaType = sniffImageType(bytes);
  if (mediaType === undefined) {
    return toolFailure(
      'invalid_image',
      `${filePath} is not a PNG, JPEG, GIF or WebP image (its content does not start like one).`,
    );
  }
  return {
    ok: true,
    output: {
      type: 'image',
      filePath,
      mediaType,
      base64: bytes.toString('base64'),
      bytes: bytes.length,
    },
  };
}

async function readPdf(
  handle: FileHandle,
  filePath: string,
  pages: string | undefined,
  context: ToolCallContext,
): Promise<ReadResult> {
  let range: PageRange | undefined;
  if (pages !== undefined) {
    const parsed = parsePageRange(pages);
    if (!parsed.ok) return toolFailure('invalid_pages', parsed.message);
    range = parsed.range;
  }
  const source = await readRest(handle, context);
  const extracted = await extractPdfPages(source, range);
  if (!extracted.ok) return toolFailure(extracted.code, `${filePath}: ${extracted.message}.`);
  if (range === undefined && extracted.pageCount > MAX_PDF_PAGES_WITHOUT_RANGE) {
    return toolFailure(
      'pdf_needs_pages',
      `${filePath} has ${extracted.pageCount} pages; read it in parts with the pages parameter (e.g. "1-20", at most 20 pages per call).`,
    );
  }
  if (extracted.bytes.length > MAX_PDF_BYTES) {
    return toolFailure(
      'pdf_too_large',
      `${range === undefined ? 'The document' : `Pages ${formatPageRange(range)} of the document`} ${filePath} take ${extracted.bytes.length} bytes; at most ${MAX_PDF_BYTES} bytes can be read at once. Ask for fewer pages.`,
    );
  }
  return {
    ok: true,
    output: {
      type: 'pdf',
      filePath,
      base64: Buffer.from(extracted.bytes).toString('base64'),
      bytes: extracted.bytes.length,
      pageCount: extracted.pageCount,
      pages: range === undefined ? null : formatPageRange(range),
    },
  };
}

async function readText(
  handle: FileHandle,
  filePath: string,
  size: number,
  startLine: number,
  limit: number,
  context: ToolCallContext,
): Promise<ReadResult> {
  const whole = await readWholeIfSmall(handle, size);
  context.signal.throwIfAborted();
  if (looksBinary(whole ?? (await readHead(handle)))) {
    return toolFailure(
      'binary_file',
      `${filePath} appears to be a binary file (it contains NUL bytes); it cannot be shown as text.`,
    );
  }
  const lines = new NumberedLines(startLine, limit);
  if (whole !== undefined) {
    for (const line of splitLines(whole.toString('utf8'))) lines.add(line);
  } else {
    // The handler closes the handle, after the stream is done with it.
    const stream = handle.createReadStream({
      encoding: 'utf8',
      start: 0,
      autoClose: false,
      signal: context.signal,
    });
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity }))
      lines.add(line);
  }
  return lines.result(filePath);
}

/**
 * The whole file when it has at most {@link SINGLE_READ_MAX_BYTES} bytes by `fstat`, in one
 * read of one byte more than that size: a read that returns the size is the whole file (as
 * `fs.readFile` decides), a shorter one is followed by more until the end, and the extra byte
 * tells a file that grew since, or one whose size `fstat` does not know (procfs says 0), from
 * one that did not. `undefined` for those and for larger files (they are streamed).
 */
async function readWholeIfSmall(handle: FileHandle, size: number): Promise<Buffer | undefined> {
  if (size > SINGLE_READ_MAX_BYTES) return undefined;
  const buffer = Buffer.allocUnsafe(size + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
    if (filled === size) break;
  }
  return filled > size ? undefined : buffer.subarray(0, filled);
}

/** The first {@link BINARY_SNIFF_BYTES} bytes (fewer in a shorter file), for the binary sniff. */
async function readHead(handle: FileHandle): Promise<Buffer> {
  const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, BINARY_SNIFF_BYTES, 0);
  return buffer.subarray(0, bytesRead);
}

/** The lines of one text read as Read returns them: numbered, cut, within offset and limit. */
class NumberedLines {
  readonly #numbered: string[] = [];
  #outputBytes = 0;
  #totalLines = 0;
  #truncatedLines = 0;

  constructor(
    private readonly startLine: number,
    private readonly limit: number,
  ) {}

  add(line: string): void {
    this.#totalLines += 1;
    if (this.#totalLines < this.startLine || this.#totalLines >= this.startLine + this.limit)
      return;
    let text = line;
    if (text.length > MAX_LINE_CHARACTERS) {
      text = text.slice(0, MAX_LINE_CHARACTERS);
      this.#truncatedLines += 1;
    }
    const entry = formatNumberedLine(this.#totalLines, text);
    this.#outputBytes += Buffer.byteLength(entry, 'utf8') + (this.#numbered.length > 0 ? 1 : 0);
    this.#numbered.push(entry);
  }

  result(filePath: string): ReadResult {
    const { startLine } = this;
    const numbered = this.#numbered;
    if (this.#outputBytes > MAX_TEXT_OUTPUT_BYTES) {
      return toolFailure(
        'output_too_large',
        `Lines ${startLine}-${startLine + numbered.length - 1} of ${filePath} come to ${this.#outputBytes} bytes, more than the ${MAX_TEXT_OUTPUT_BYTES} bytes one read returns. Read fewer lines at a time with offset and limit.`,
      );
    }
    return {
      ok: true,
      output: {
        type: 'text',
        filePath,
        content: numbered.join('\n'),
        startLine,
        numLines: numbered.length,
        totalLines: this.#totalLines,
        truncatedLines: this.#truncatedLines,
      },
    };
  }
}

/**
 * Text: the numbered lines plus a note when the file is empty, the offset is past its end, lines
 * were cut, or more lines follow. Images and PDFs: one JSON content block in the Anthropic
 * Messages shape (`{"type":"image"|"document","source":{"type":"base64",…}}`), which adapters
 * that support media pass on as a media block and others show as text.
 */
export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  switch (output.type) {
    case 'image':
      return JSON.stringify({
        type: 'image',
        source: { type: 'base64', media_type: output.mediaType, data: output.base64 },
      });
    case 'pdf':
      return JSON.stringify({
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: output.base64 },
      });
    case 'text': {
      if (output.totalLines === 0) return `(${output.filePath} exists but is empty.)`;
      if (output.numLines === 0) {
        return `(${output.filePath} has ${output.totalLines} lines; offset ${output.startLine} is past its end.)`;
      }
      const notes: string[] = [];
      const lastLine = output.startLine + output.numLines - 1;
      if (output.startLine > 1 || lastLine < output.totalLines) {
        notes.push(
          `(Showing lines ${output.startLine}-${lastLine} of ${output.totalLines}. Use offset and limit to read more.)`,
        );
      }
      if (output.truncatedLines > 0) {
        notes.push(
          `(${output.truncatedLines} line${output.truncatedLines === 1 ? ' was' : 's were'} longer than ${MAX_LINE_CHARACTERS} characters and cut.)`,
        );
      }
      return notes.length === 0 ? output.content : `${output.content}\n\n${notes.join('\n')}`;
    }
  }
};

/**
 * Images and PDFs as media blocks (an image block; the document's pages as one PDF document
 * block), for clients that take media; text reads have no blocks (the text is the result).
 */
export const formatModelBlocks: NonNullable<Implementation['formatModelBlocks']> = (output) => {
  switch (output.type) {
    case 'image':
      return [{ type: 'image', mediaType: output.mediaType, data: output.base64 }];
    case 'pdf':
      return [
        {
          type: 'document',
          mediaType: 'application/pdf',
          data: output.base64,
          title:
            output.pages === null
              ? path.basename(output.filePath)
              : `${path.basename(output.filePath)} (pages ${output.pages})`,
        },
      ];
    case 'text':
      return undefined;
  }
};
