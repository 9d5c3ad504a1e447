import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { callTool } from '../../../../runtime/call-path/call/call-tool.js';
import { applyResultBudget } from '../../../../runtime/call-path/call/index.js';
import {
  utf8ByteLength,
  utf8Head,
  utf8Tail,
} from '../../../../runtime/call-path/call/utf8-slice.js';
import type { ToolResultBudget } from '../../../../runtime/core/contract.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';
import { fixtureContext, fixtureRuntime, fixtureTool } from './fixture-tool.js';

interface BudgetOverrides extends Partial<Omit<ToolResultBudget, 'preview' | 'artifact'>> {
  readonly preview?: Partial<ToolResultBudget['preview']>;
  readonly artifact?: Partial<ToolResultBudget['artifact']>;
}

function budget(overrides: BudgetOverrides): ToolResultBudget {
  const maxModelBytes = overrides.maxModelBytes ?? 100;
  return {
    maxInlineBytes: overrides.maxInlineBytes ?? maxModelBytes,
    maxModelBytes,
    strategy: overrides.strategy ?? 'truncate',
    preview: { maxBytes: maxModelBytes, direction: 'head', ...overrides.preview },
    artifact: { enabled: false, retention: 'session', ...overrides.artifact },
  };
}

const directory = () => temporaryDirectory('budget-');

async function cut(content: string, resultBudget: ToolResultBudget) {
  return applyResultBudget({
    content,
    budget: resultBudget,
    toolName: 'Tool',
    callId: 'c1',
    artifactDirectory: await directory(),
  });
}

describe('truncate', () => {
  test.each([
    {
      label: 'text at the limit passes whole',
      content: 'a'.repeat(100),
      budget: budget({ maxModelBytes: 100 }),
      want: 'a'.repeat(100),
      omitted: 0,
    },
    {
      label: 'head preview at the byte limit, marker after',
      content: 'a'.repeat(200),
      budget: budget({ maxModelBytes: 80 }),
      // marker sized for "200": "[... 200 of 200 bytes left out ...]" is 35 bytes + newline → 44 kept
      want: `${'a'.repeat(44)}\n[... 156 of 200 bytes left out ...]`,
      omitted: 156,
    },
    {
      label: 'tail preview at the byte limit, marker before',
      content: `${'a'.repeat(150)}${'z'.repeat(50)}`,
      budget: budget({ maxModelBytes: 80, preview: { direction: 'tail' } }),
      want: `[... 156 of 200 bytes left out ...]\n${'a'.repeat(0)}${'z'.repeat(44)}`,
      omitted: 156,
    },
    {
      label: 'preview.maxBytes smaller than maxModelBytes',
      content: 'b'.repeat(200),
      budget: budget({ maxModelBytes: 150, preview: { maxBytes: 60 } }),
      want: `${'b'.repeat(24)}\n[... 176 of 200 bytes left out ...]`,
      omitted: 176,
    },
    {
      label: 'maxInlineBytes smaller than maxModelBytes bounds the inline text',
      content: 'c'.repeat(90),
      budget: budget({ maxModelBytes: 150, maxInlineBytes: 60, preview: { maxBytes: 150 } }),
      want: `${'c'.repeat(26)}\n[... 64 of 90 bytes left out ...]`,
      omitted: 64,
    },
    {
      label: 'head cut inside a 3-byte character keeps the whole characters before it',
      content: '€'.repeat(40), // 120 bytes
      budget: budget({ maxModelBytes: 50 }),
      // 50 - 36 (marker for 120 + newline) = 14 bytes → 4 whole euros (12 bytes)
      want: `${'€'.repeat(4)}\n[... 108 of 120 bytes left out ...]`,
      omitted: 108,
    },
    {
      label: 'tail cut inside a 4-byte character keeps the whole characters after it',
      content: '😀'.repeat(30), // 120 bytes
      budget: budget({ maxModelBytes: 50, preview: { direction: 'tail' } }),
      want: `[... 108 of 120 bytes left out ...]\n${'😀'.repeat(3)}`,
      omitted: 108,
    },
  ])('$label', async ({ content, budget: resultBudget, want, omitted }) => {
    const result = await cut(content, resultBudget);
    expect(result.content).toBe(want);
    expect(result.omittedBytes).toBe(omitted);
    expect(result.totalBytes).toBe(utf8ByteLength(content));
    expect(utf8ByteLength(result.content)).toBeLessThanOrEqual(
      Math.min(resultBudget.maxModelBytes, resultBudget.maxInlineBytes),
    );
    expect(result.content).not.toContain('\uFFFD');
    expect(result.artifact).toBeUndefined();
  });

  test('strategy artifact with artifact.enabled false only truncates', async () => {
    const result = await cut(
      'd'.repeat(200),
      budget({ maxModelBytes: 80, strategy: 'artifact', artifact: { enabled: false } }),
    );
    expect(result.artifact).toBeUndefined();
    expect(result.content).toBe(`${'d'.repeat(44)}\n[... 156 of 200 bytes left out ...]`);
  });
});

describe('artifact', () => {
  test.each([
    ['session', 'head'],
    ['turn', 'tail'],
    ['persistent', 'head'],
  ] as const)(
    'spills the whole result, names the file, records retention %s',
    async (retention, direction) => {
      const artifactDirectory = join(await directory(), 'nested', 'artifacts');
      const content = `${'line\n'.repeat(100)}END`;
      const result = await applyResultBudget({
        content,
        budget: budget({
          maxModelBytes: 300,
          strategy: 'artifact',
          artifact: { enabled: true, retention },
          preview: { direction },
        }),
        toolName: 'Bash',
        callId: 'toolu_01/ab:c',
        artifactDirectory,
      });
      const path = join(artifactDirectory, 'Bash-toolu_01_ab_c.txt');
      expect(result.artifact).toEqual({ path, bytes: 503, retention });
      expect(await readFile(path, 'utf8')).toBe(content);
      const marker = `[... ${result.omittedBytes} of 503 bytes left out; the full result is saved in ${path}, read that file (e.g. Read with offset and limit) for the rest ...]`;
      expect(
        direction === 'head'
          ? result.content.endsWith(`\n${marker}`)
          : result.content.startsWith(`${marker}\n`),
      ).toBe(true);
      expect(utf8ByteLength(result.content)).toBeLessThanOrEqual(300);
      const kept = result.content.replace(`\n${marker}`, '').replace(`${marker}\n`, '');
      expect(direction === 'head' ? content.startsWith(kept) : content.endsWith(kept)).toBe(true);
      expect(utf8ByteLength(kept)).toBe(503 - result.omittedBytes);
    },
  );

  test('a result under maxInlineBytes stays inline and writes no file', async () => {
    const result = await cut(
      'short',
      budget({ maxModelBytes: 300, strategy: 'artifact', artifact: { enabled: true } }),
    );
    expect(result).toEqual({ content: 'short', totalBytes: 5, omittedBytes: 0, warnings: [] });
  });

  test('a result over maxInlineBytes but under maxModelBytes is still spilled', async () => {
    const result = await cut(
      'e'.repeat(200),
      budget({
        maxModelBytes: 30_000,
        maxInlineBytes: 100,
        strategy: 'artifact',
        artifact: { enabled: true },
      }),
    );
    expect(result.artifact?.bytes).toBe(200);
    expect(utf8ByteLength(result.content)).toBeLessThanOrEqual(100);
  });

  test('formatPersistedModelContent words the summary', async () => {
    const artifactDirectory = await directory();
    const result = await applyResultBudget({
      content: 'f'.repeat(500),
      budget: budget({ maxModelBytes: 100, strategy: 'artifact', artifact: { enabled: true } }),
      toolName: 'TaskOutput',
      callId: '7',
      artifactDirectory,
      persistedContent: (path, bytes) => `Output (${bytes} bytes) saved to ${path}`,
    });
    expect(result.content).toBe(
      `Output (500 bytes) saved to ${join(artifactDirectory, 'TaskOutput-7.txt')}`,
    );
  });

  test('an artifact that cannot be written falls back to a preview and warns', async () => {
    const blocker = join(await directory(), 'file');
    await (await import('node:fs/promises')).writeFile(blocker, 'not a directory');
    const result = await applyResultBudget({
      content: 'g'.repeat(200),
      budget: budget({ maxModelBytes: 80, strategy: 'artifact', artifact: { enabled: true } }),
      toolName: 'Bash',
      callId: '1',
      artifactDirectory: blocker,
    });
    expect(result.artifact).toBeUndefined();
    expect(result.content).toBe(`${'g'.repeat(44)}\n[... 156 of 200 bytes left out ...]`);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toMatch(/^could not write the result of Bash to /);
  });

  test('through callTool: artifactPaths and retention on the result', async () => {
    const tool = fixtureTool('Big', z.object({}).strict(), {
      resultBudget: budget({
        maxModelBytes: 200,
        strategy: 'artifact',
        artifact: { enabled: true, retention: 'turn' },
        preview: { direction: 'tail' },
      }),
      handler: async () => ({ ok: true, output: 'h'.repeat(1000) }),
    });
    const context = await fixtureContext();
    const result = await callTool(
      fixtureRuntime([tool]),
      { name: 'Big', input: {}, id: 'x9' },
      context,
    );
    const path = join(context.artifactDirectory, 'Big-x9.txt');
    expect(result).toMatchObject({
      isError: false,
      artifactPaths: [path],
      artifacts: [{ path, bytes: 1000, retention: 'turn' }],
    });
    expect(await readFile(path, 'utf8')).toBe('h'.repeat(1000));
    expect(utf8ByteLength(result.content)).toBeLessThanOrEqual(200);
  });
});

describe('UTF-8 slicing', () => {
  test('head and tail never exceed the limit, never split a character, and are a prefix / suffix', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.nat({ max: 200 }),
        (text, limit) => {
          const head = utf8Head(text, limit);
          const tail = utf8Tail(text, limit);
          expect(utf8ByteLength(head)).toBeLessThanOrEqual(limit);
          expect(utf8ByteLength(tail)).toBeLessThanOrEqual(limit);
          expect(text.startsWith(head)).toBe(true);
          expect(text.endsWith(tail)).toBe(true);
          // Maximal: one more character would not fit.
          const nextHead = [...text.slice(head.length)][0];
          if (nextHead !== undefined)
            expect(utf8ByteLength(head + nextHead)).toBeGreaterThan(limit);
        },
      ),
    );
  });
});
