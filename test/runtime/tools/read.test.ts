import { execFileSync } from 'node:child_process';
import { mkdir, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pdfLib from 'pdf-lib';
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { contract, tool } from '../../../generated/tools/read.js';
import { SINGLE_READ_MAX_BYTES } from '../../../runtime/tools/read.js';
import type {
  ModelProfile,
  ModelToolContract,
  ToolTimeoutPolicy,
} from '../../../runtime/core/contract.js';
import { normalizeToolPathForComparison } from '../../../runtime/core/path-policy.js';
import { BINARY_SNIFF_BYTES } from '../../../runtime/tools/support/looks-binary.js';
import { createWorkspaceContext, type WorkspaceContext } from './workspace-context.js';

let workspace: WorkspaceContext;
// Some tests format an output without calling the tool: the entry's formatters need the handler
// module, which the entry otherwise imports on the first call.
beforeAll(() => tool.loadImplementation?.());
beforeEach(async () => {
  workspace = await createWorkspaceContext();
});
afterEach(async () => {
  await workspace.dispose();
});

const numbered = (entries: [number, string][]) =>
  entries.map(([line, text]) => `${String(line).padStart(6)}\t${text}`).join('\n');

async function pdfWithPages(count: number): Promise<Uint8Array> {
  const document = await pdfLib.PDFDocument.create();
  for (let page = 0; page < count; page += 1) document.addPage([200 + page, 100]);
  return document.save();
}

describe('Read: text files', () => {
  test.each([
    [
      'three lines',
      'a\nb\nc\n',
      {},
      numbered([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]),
      1,
      3,
      3,
    ],
    [
      'no final newline',
      'a\nb',
      {},
      numbered([
        [1, 'a'],
        [2, 'b'],
      ]),
      1,
      2,
      2,
    ],
    [
      'CRLF line ends',
      'a\r\nb\r\n',
      {},
      numbered([
        [1, 'a'],
        [2, 'b'],
      ]),
      1,
      2,
      2,
    ],
    [
      'offset and limit',
      'l1\nl2\nl3\nl4\nl5\n',
      { offset: 2, limit: 2 },
      numbered([
        [2, 'l2'],
        [3, 'l3'],
      ]),
      2,
      2,
      5,
    ],
    ['limit past the end', 'l1\nl2\n', { offset: 2, limit: 10 }, numbered([[2, 'l2']]), 2, 1, 2],
    ['offset past the end', 'l1\nl2\n', { offset: 9 }, '', 9, 0, 2],
    ['empty file', '', {}, '', 1, 0, 0],
    [
      'blank lines are lines',
      '\n\nx\n',
      {},
      numbered([
        [1, ''],
        [2, ''],
        [3, 'x'],
      ]),
      1,
      3,
      3,
    ],
    [
      'line number wider than six columns',
      `${'\n'.repeat(1_234_566)}last\n`,
      { offset: 1_234_567, limit: 1 },
      '1234567\tlast',
      1_234_567,
      1,
      1_234_567,
    ],
  ])('%s', async (_label, text, options, content, startLine, numLines, totalLines) => {
    await writeFile(workspace.at('file.txt'), text);
    const result = await workspace.call(tool, { file_path: 'file.txt', ...options });
    expect(result).toEqual({
      ok: true,
      output: {
        type: 'text',
        filePath: workspace.at('file.txt'),
        content,
        startLine,
        numLines,
        totalLines,
        truncatedLines: 0,
      },
    });
  });

  // Up to SINGLE_READ_MAX_BYTES the file is read in one read and split in memory; one byte more
  // and it is streamed through readline. Each tail ends a file of exactly that many bytes (and of
  // one more): both sides return the same lines. The filler is 100-byte lines.
  const FILLER_LINE = `${'f'.repeat(99)}\n`;
  test.each([
    ['a final newline', 'a\nb\n', ['a', 'b']],
    ['no final newline', 'a\nb', ['a', 'b']],
    ['CRLF, none at the end', 'a\r\nb', ['a', 'b']],
    ['CRLF at the end', 'a\r\nb\r\n', ['a', 'b']],
    ['lone CRs end lines', 'a\rb\r', ['a', 'b']],
    ['CR then LF is one line end, LF then CR two', 'a\r\nb\n\rc', ['a', 'b', '', 'c']],
    ['a blank last line', 'a\n\n', ['a', '']],
    ['multi-byte characters', 'é€😀\n', ['é€😀']],
    ['nothing after the filler', '', []],
  ])('at and just past the one-read size: %s', async (_label, tail, tailLines) => {
    for (const size of [SINGLE_READ_MAX_BYTES, SINGLE_READ_MAX_BYTES + 1]) {
      const room = size - Buffer.byteLength(tail);
      const fillerLines = Math.floor(room / FILLER_LINE.length);
      // The first line takes the remainder, so the file has exactly `size` bytes.
      const first = `${'g'.repeat(room - fillerLines * FILLER_LINE.length)}${FILLER_LINE}`;
      const text = first + FILLER_LINE.repeat(fillerLines - 1) + tail;
      expect(Buffer.byteLength(text)).toBe(size);
      await writeFile(workspace.at('edge.txt'), text);
      const result = await workspace.call(tool, {
        file_path: 'edge.txt',
        offset: fillerLines,
        limit: 10,
      });
      expect(result).toEqual({
        ok: true,
        output: {
          type: 'text',
          filePath: workspace.at('edge.txt'),
          content: numbered(
            [FILLER_LINE.slice(0, -1), ...tailLines].map((line, index) => [
              fillerLines + index,
              line,
            ]),
          ),
          startLine: fillerLines,
          numLines: 1 + tailLines.length,
          totalLines: fillerLines + tailLines.length,
          truncatedLines: 0,
        },
      });
    }
  });

  test.each([
    ['a NUL at the last sniffed byte is binary', BINARY_SNIFF_BYTES - 1, false],
    ['a NUL after the sniffed bytes is text', BINARY_SNIFF_BYTES, true],
  ])('%s, read in one read or streamed', async (_label, nulAt, ok) => {
    for (const size of [BINARY_SNIFF_BYTES + 10, SINGLE_READ_MAX_BYTES + 1]) {
      const bytes = Buffer.alloc(size, 'x');
      bytes[nulAt] = 0;
      await writeFile(workspace.at('nul.txt'), bytes);
      const result = await workspace.call(tool, { file_path: 'nul.txt' });
      expect(result.ok).toBe(ok);
      if (!result.ok) expect(result.code).toBe('binary_file');
    }
  });

  test('returns 2000 lines by default', async () => {
    await writeFile(
      workspace.at('long.txt'),
      Array.from({ length: 2500 }, (_, index) => `line ${index + 1}`).join('\n'),
    );
    const result = await workspace.call(tool, { file_path: 'long.txt' });
    expect(
      result.ok &&
        result.output.type === 'text' && [result.output.numLines, result.output.totalLines],
    ).toEqual([2000, 2500]);
    expect(result.ok && tool.formatModelContent?.(result.output).split('\n').at(-1)).toBe(
      '(Showing lines 1-2000 of 2500. Use offset and limit to read more.)',
    );
  });

  test('cuts lines longer than 2000 characters and counts them', async () => {
    await writeFile(workspace.at('wide.txt'), `${'x'.repeat(2500)}\nshort\n${'y'.repeat(2001)}\n`);
    const result = await workspace.call(tool, { file_path: 'wide.txt' });
    expect(result.ok && result.output).toMatchObject({
      content: numbered([
        [1, 'x'.repeat(2000)],
        [2, 'short'],
        [3, 'y'.repeat(2000)],
      ]),
      truncatedLines: 2,
    });
    expect(result.ok && tool.formatModelContent?.(result.output).split('\n').at(-1)).toBe(
      '(2 lines were longer than 2000 characters and cut.)',
    );
  });

  test('refuses a slice larger than 256 KiB and asks for offset/limit', async () => {
    await writeFile(workspace.at('big.txt'), `${'z'.repeat(1500)}\n`.repeat(200));
    const result = await workspace.call(tool, { file_path: 'big.txt' });
    expect(result).toEqual({
      ok: false,
      code: 'output_too_large',
      message: `Lines 1-200 of ${workspace.at('big.txt')} come to 301599 bytes, more than the 262144 bytes one read returns. Read fewer lines at a time with offset and limit.`,
    });
  });

  test('records the mtime it saw under the comparison key', async () => {
    await writeFile(workspace.at('seen.txt'), 'x\n');
    const time = new Date('2024-05-06T07:08:09Z');
    await utimes(workspace.at('seen.txt'), time, time);
    await workspace.call(tool, { file_path: './seen.txt' });
    expect([...workspace.session.readFiles]).toEqual([
      [
        normalizeToolPathForComparison(workspace.at('seen.txt')),
        { mtimeMs: (await stat(workspace.at('seen.txt'))).mtimeMs },
      ],
    ]);
  });
});

describe('Read: refusals', () => {
  test('a directory', async () => {
    await mkdir(workspace.at('src'));
    expect(await workspace.call(tool, { file_path: 'src' })).toEqual({
      ok: false,
      code: 'is_directory',
      message: `${workspace.at('src')} is a directory, not a file. List its contents with Bash (ls) instead.`,
    });
  });

  test.each([
    ['a near miss by one letter', ['config.yaml', 'other.txt'], 'confg.yaml', ['config.yaml']],
    [
      'another extension of the same stem',
      ['config.yml', 'zzz.txt'],
      'config.yaml',
      ['config.yml'],
    ],
    ['a different case', ['README.md'], 'readme.md', ['README.md']],
    ['nothing similar', ['alpha.txt'], 'zebra-configuration.json', []],
  ])(
    'a missing file suggests similar names: %s',
    async (_label, existing, requested, suggested) => {
      for (const name of existing) await writeFile(workspace.at(name), '');
      const hint =
        suggested.length === 0
          ? ''
          : ` Did you mean ${suggested.map((name) => workspace.at(name)).join(', ')}?`;
      expect(await workspace.call(tool, { file_path: requested })).toEqual({
        ok: false,
        code: 'file_not_found',
        message: `File does not exist: ${workspace.at(requested)}.${hint}`,
      });
    },
  );

  test('a binary file', async () => {
    await writeFile(workspace.at('data.bin'), Buffer.from([0x41, 0x00, 0x42]));
    expect(await workspace.call(tool, { file_path: 'data.bin' })).toEqual({
      ok: false,
      code: 'binary_file',
      message: `${workspace.at('data.bin')} appears to be a binary file (it contains NUL bytes); it cannot be shown as text.`,
    });
  });

  test('a path outside the opt-in workspace boundary', async () => {
    const bounded = await createWorkspaceContext({ enforceWorkspaceBoundary: true });
    try {
      const result = await bounded.call(tool, { file_path: '/etc/hostname' });
      expect(result.ok ? undefined : result.code).toBe('outside_workspace');
    } finally {
      await bounded.dispose();
    }
  });
});

describe('Read: images', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
  const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
  const WEBP = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
  ]);

  test.each([
    ['png', 'pixel.png', PNG, 'image/png'],
    ['jpeg', 'photo.jpg', JPEG, 'image/jpeg'],
    ['gif', 'anim.gif', GIF, 'image/gif'],
    ['webp', 'pic.webp', WEBP, 'image/webp'],
    ['a PNG named .jpg gets its real type', 'wrong.jpg', PNG, 'image/png'],
  ])('%s', async (_label, name, bytes, mediaType) => {
    await writeFile(workspace.at(name), bytes);
    const result = await workspace.call(tool, { file_path: name });
    expect(result).toEqual({
      ok: true,
      output: {
        type: 'image',
        filePath: workspace.at(name),
        mediaType,
        base64: bytes.toString('base64'),
        bytes: bytes.length,
      },
    });
    expect(result.ok && JSON.parse(tool.formatModelContent?.(result.output) ?? '')).toEqual({
      type: 'image',
      source: { type: 'base64', media_type: mediaType, data: bytes.toString('base64') },
    });
  });

  test('an image extension on other content', async () => {
    await writeFile(workspace.at('fake.png'), 'not an image');
    expect(await workspace.call(tool, { file_path: 'fake.png' })).toEqual({
      ok: false,
      code: 'invalid_image',
      message: `${workspace.at('fake.png')} is not a PNG, JPEG, GIF or WebP image (its content does not start like one).`,
    });
  });
});

describe('Read: PDF', () => {
  test('a short document is returned whole, byte for byte', async () => {
    const bytes = await pdfWithPages(3);
    await writeFile(workspace.at('doc.pdf'), bytes);
    expect(await workspace.call(tool, { file_path: 'doc.pdf' })).toEqual({
      ok: true,
      output: {
        type: 'pdf',
        filePath: workspace.at('doc.pdf'),
        base64: Buffer.from(bytes).toString('base64'),
        bytes: bytes.length,
        pageCount: 3,
        pages: null,
      },
    });
  });

  test.each([
    ['one page', '4', 1, [203]],
    ['a range', '2-5', 4, [201, 202, 203, 204]],
    ['the last 20 pages', '11-30', 20, Array.from({ length: 20 }, (_, index) => 210 + index)],
  ])('pages %s returns just those pages', async (_label, pages, count, widths) => {
    await writeFile(workspace.at('long.pdf'), await pdfWithPages(30));
    const result = await workspace.call(tool, { file_path: 'long.pdf', pages });
    if (!result.ok || result.output.type !== 'pdf')
      throw new Error(`unexpected ${JSON.stringify(result)}`);
    expect([result.output.pageCount, result.output.pages]).toEqual([30, pages]);
    const extracted = await pdfLib.PDFDocument.load(Buffer.from(result.output.base64, 'base64'));
    expect(extracted.getPageCount()).toBe(count);
    // Page widths were 200 + index: they identify which pages were copied.
    expect(extracted.getPages().map((page) => page.getWidth())).toEqual(widths);
  });

  test.each([
    [
      'more than 10 pages without a range',
      12,
      undefined,
      'pdf_needs_pages',
      (file: string) =>
        `${file} has 12 pages; read it in parts with the pages parameter (e.g. "1-20", at most 20 pages per call).`,
    ],
    [
      'a range past the end',
      3,
      '2-4',
      'pages_out_of_range',
      (file: string) => `${file}: pages 2-4 requested, but the document has 3 pages.`,
    ],
  ])('refuses %s', async (_label, pageCount, pages, code, message) => {
    await writeFile(workspace.at('doc.pdf'), await pdfWithPages(pageCount));
    expect(
      await workspace.call(tool, {
        file_path: 'doc.pdf',
        ...(pages === undefined ? {} : { pages }),
      }),
    ).toEqual({
      ok: false,
      code,
      message: message(workspace.at('doc.pdf')),
    });
  });

  test('refuses a .pdf that is not a PDF', async () => {
    await writeFile(workspace.at('broken.pdf'), 'hello');
    const result = await workspace.call(tool, { file_path: 'broken.pdf' });
    expect(
      result.ok
        ? undefined
        : [
            result.code,
            result.message.startsWith(`${workspace.at('broken.pdf')}: not a readable PDF (`),
          ],
    ).toEqual(['invalid_pdf', true]);
  });
});

describe('Read: validateInput', () => {
  test.each([
    [
      'pages on a text file',
      { file_path: 'a.txt', pages: '1' },
      'pages_not_pdf',
      'The pages parameter only applies to PDF files; a.txt is not a .pdf file.',
    ],
    [
      'a range that ends before it starts',
      { file_path: 'a.pdf', pages: '5-2' },
      'invalid_pages',
      'Invalid pages "5-2": the range ends (2) before it starts (5)',
    ],
    [
      '21 pages',
      { file_path: 'a.pdf', pages: '1-21' },
      'invalid_pages',
      'Invalid pages "1-21": 21 pages requested, at most 20 per call',
    ],
    [
      'a device that never ends',
      { file_path: '/dev/zero' },
      'blocking_device',
      'Cannot read /dev/zero: it is a device that never ends or waits for input.',
    ],
    [
      'standard input',
      { file_path: '/dev/stdin' },
      'blocking_device',
      'Cannot read /dev/stdin: it is a device that never ends or waits for input.',
    ],
    ['an empty path', { file_path: ' ' }, 'empty_path', 'The path is empty'],
  ])('refuses %s', async (_label, input, code, message) => {
    expect(await tool.validateInput?.(input, workspace.context)).toEqual({
      ok: false,
      code,
      message,
    });
  });

  test.each([
    ['a text file', { file_path: 'a.txt' }],
    ['a PDF page range', { file_path: 'a.PDF', pages: '1-20' }],
  ])('accepts %s', async (_label, input) => {
    expect(await tool.validateInput?.(input, workspace.context)).toEqual({ ok: true });
  });
});

describe('Read: hooks', () => {
  const model = (supportsPdf: boolean): ModelProfile => ({
    id: 'm',
    provider: 'anthropic',
    supportsNativeWebSearch: false,
    supportsPdf,
    firstParty: true,
  });
  const modelContract = (inputSchema: Record<string, unknown>): ModelToolContract => ({
    name: 'Read',
    description: contract.description,
    inputSchema,
    outputSchema: contract.outputSchema,
    strict: false,
    executionMode: 'client',
    flags: { ...contract.metadata },
    permission: contract.permission,
    resultBudget: contract.resultBudget,
  });

  test('resolveModelContract drops pages (property and required) for a model without PDF support', () => {
    const withPagesRequired = { ...contract.inputSchema, required: ['file_path', 'pages'] };
    const resolved = tool.resolveModelContract?.(modelContract(withPagesRequired), model(false));
    expect(Object.keys((resolved?.inputSchema as { properties: object }).properties)).toEqual([
      'file_path',
      'offset',
      'limit',
    ]);
    expect(resolved?.inputSchema['required']).toEqual(['file_path']);
    // The generated contract itself is left alone.
    expect(Object.keys((contract.inputSchema as { properties: object }).properties)).toContain(
      'pages',
    );
  });

  test('resolveModelContract keeps pages for a PDF-capable model', () => {
    const original = modelContract(contract.inputSchema);
    expect(tool.resolveModelContract?.(original, model(true))).toBe(original);
  });

  const bounded: ToolTimeoutPolicy = {
    kind: 'bounded',
    defaultMs: 30_000,
    maxMs: 120_000,
    allowCallOverride: false,
    cleanupGraceMs: 1000,
  };
  test.each([
    ['a text file keeps the default', 'notes.txt', bounded, undefined],
    ['a PDF gets the maximum', 'paper.pdf', bounded, 120_000],
    ['upper-case extension', 'PAPER.PDF', bounded, 120_000],
    ['no timeout policy', 'paper.pdf', { kind: 'none' } as const, undefined],
  ])('resolveTimeoutBudgetMs: %s', (_label, file, policy, expected) => {
    expect(tool.resolveTimeoutBudgetMs?.({ file_path: file }, policy)).toBe(expected);
  });

  test.each([
    [
      'an empty file',
      { totalLines: 0, numLines: 0, startLine: 1, content: '' },
      '(/w/f.txt exists but is empty.)',
    ],
    [
      'an offset past the end',
      { totalLines: 3, numLines: 0, startLine: 7, content: '' },
      '(/w/f.txt has 3 lines; offset 7 is past its end.)',
    ],
    [
      'a whole file',
      { totalLines: 1, numLines: 1, startLine: 1, content: '     1\tx' },
      '     1\tx',
    ],
    [
      'a middle slice',
      { totalLines: 9, numLines: 1, startLine: 4, content: '     4\tx' },
      '     4\tx\n\n(Showing lines 4-4 of 9. Use offset and limit to read more.)',
    ],
  ])('formatModelContent: %s', (_label, fields, expected) => {
    expect(
      tool.formatModelContent?.({
        type: 'text',
        filePath: '/w/f.txt',
        truncatedLines: 0,
        ...fields,
      }),
    ).toBe(expected);
  });
});

describe('Read: what is opened is what is checked and read', () => {
  test.skipIf(process.platform === 'win32')(
    'a FIFO is refused at once, without waiting for a writer',
    async () => {
      execFileSync('mkfifo', [workspace.at('pipe')]);
      for (const enforceWorkspaceBoundary of [false, true]) {
        const bounded = enforceWorkspaceBoundary
          ? await createWorkspaceContext({ enforceWorkspaceBoundary })
          : workspace;
        try {
          if (bounded !== workspace) execFileSync('mkfifo', [bounded.at('pipe')]);
          expect(await bounded.call(tool, { file_path: 'pipe' })).toEqual({
            ok: false,
            code: 'not_regular_file',
            message: `Cannot read ${bounded.at('pipe')}: it is not a regular file (device, socket or FIFO).`,
          });
        } finally {
          if (bounded !== workspace) await bounded.dispose();
        }
      }
    },
  );

  test.skipIf(process.platform !== 'linux')(
    'a file whose size fstat does not know (procfs says 0) is read to its end',
    async () => {
      const result = await workspace.call(tool, { file_path: '/proc/self/status' });
      expect(result.ok && result.output.type === 'text' && result.output.content).toMatch(
        /^ {5}1\tName:\t/,
      );
    },
  );

  test.each([
    ['an empty file', '', '(PATH exists but is empty.)'],
    ['one line without a newline', 'only', `${' '.repeat(5)}1\tonly`],
    [
      'three lines',
      'one\ntwo\nthree\n',
      numbered([
        [1, 'one'],
        [2, 'two'],
        [3, 'three'],
      ]),
    ],
  ])('a small file in one read: %s', async (_label, text, expected) => {
    await writeFile(workspace.at('small.txt'), text);
    const result = await workspace.call(tool, { file_path: 'small.txt' });
    expect(result.ok && tool.formatModelContent?.(result.output)).toBe(
      expected.replace('PATH', workspace.at('small.txt')),
    );
  });

  describe('with the workspace boundary', () => {
    let bounded: WorkspaceContext;
    let outside: string;
    beforeEach(async () => {
      bounded = await createWorkspaceContext({ enforceWorkspaceBoundary: true });
      outside = await createWorkspaceContext().then(async (other) => {
        await writeFile(other.at('target.txt'), 'secret\n');
        return other.root;
      });
    });
    afterEach(async () => {
      await bounded.dispose();
      await rm(outside, { recursive: true, force: true });
    });

    test.each([
      ['a directory', async () => mkdir(bounded.at('src')), 'src', 'is_directory'],
      [
        'a missing file',
        async () => writeFile(bounded.at('config.yaml'), ''),
        'confg.yaml',
        'file_not_found',
      ],
      [
        'a link to a file outside',
        async () => symlink(join(outside, 'target.txt'), bounded.at('link.txt')),
        'link.txt',
        'outside_workspace',
      ],
      [
        'a link to a directory outside, then ..',
        async () => {
          await mkdir(bounded.at('sub'));
          await symlink(outside, bounded.at('sub', 'out'));
        },
        'sub/out/../out/target.txt',
        'outside_workspace',
      ],
    ])('%s', async (_label, arrange, requested, code) => {
      await arrange();
      const result = await bounded.call(tool, { file_path: requested });
      expect(result.ok ? undefined : result.code).toBe(code);
    });

    test('a file swapped for a link outside after validateInput is refused by the handler', async () => {
      await writeFile(bounded.at('file.txt'), 'inside\n');
      const input = tool.runtimeInputSchema.parse({ file_path: 'file.txt' });
      expect(await tool.validateInput?.(input, bounded.context)).toEqual({ ok: true });
      await rm(bounded.at('file.txt'));
      await symlink(join(outside, 'target.txt'), bounded.at('file.txt'));
      const result = await tool.handler(input, bounded.context);
      expect(result.ok ? undefined : result.code).toBe('outside_workspace');
      expect(JSON.stringify(result)).not.toContain('secret');
      expect(bounded.session.readFiles.size).toBe(0);
    });

    test('a link inside the workspace to a file inside reads through', async () => {
      await writeFile(bounded.at('file.txt'), 'inside\n');
      await symlink(bounded.at('file.txt'), bounded.at('link.txt'));
      const result = await bounded.call(tool, { file_path: 'link.txt' });
      expect(result.ok && result.output.type === 'text' && result.output.content).toBe(
        `${' '.repeat(5)}1\tinside`,
      );
    });
  });
});
