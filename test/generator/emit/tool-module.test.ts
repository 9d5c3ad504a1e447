/**
 * What a generated tool module's entry does with its zod schemas (generator/emit/tool-module.ts):
 * they live in `generated/zod/<kebab>.ts`, load with the implementation, and are read through the
 * entry's `runtimeInputSchema` / `runtimeOutputSchema` once loaded. The real generated Read, fresh
 * in this file's module graph.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../generated/provider-order.js';
import { tool as read } from '../../../generated/tools/read.js';
import * as readZod from '../../../generated/zod/read.js';
import { createToolRuntime } from '../../../runtime/index.js';
import { callTool } from '../../../runtime/call-path/call/call-tool.js';
import {
  fixtureContext,
  fixtureRuntime,
  modelProfiles,
} from '../../runtime/call-path/call/fixture-tool.js';

const NOT_LOADED =
  'Read: its zod schemas are not loaded yet; await tool.loadImplementation() before reading runtimeInputSchema or runtimeOutputSchema outside a call';

describe('a generated entry and its zod schemas', () => {
  test('before any call the entry lists, and reading a zod schema names what to do', () => {
    const runtime = createToolRuntime({
      builtInTools: [read],
      sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
      gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
      logger: { warn: () => {} },
    });
    expect(runtime.getTools({ model: modelProfiles[1]! }).map((t) => t.name)).toEqual(['Read']);
    expect(() => read.runtimeInputSchema).toThrow(NOT_LOADED);
    expect(() => read.runtimeOutputSchema).toThrow(NOT_LOADED);
    // Copying the entry reads them too: a copy is made after loadImplementation().
    expect(() => ({ ...read })).toThrow(NOT_LOADED);
  });

  test("a call loads them with the handler; the entry then reads the zod module's own schemas", async () => {
    const context = await fixtureContext();
    const file = join(context.workspaceRoot, 'three.txt');
    await writeFile(file, 'a\nb\nc\n');
    const result = await callTool(
      fixtureRuntime([read]),
      { name: 'Read', input: { file_path: file } },
      context,
    );
    expect({ isError: result.isError, content: result.content }).toEqual({
      isError: false,
      content: '     1\ta\n     2\tb\n     3\tc',
    });
    expect(read.runtimeInputSchema).toBe(readZod.InputSchema);
    expect(read.runtimeOutputSchema).toBe(readZod.OutputSchema);
  });

  test('loadImplementation resolves to the handler module, as before the zod schemas moved', async () => {
    const module = (await read.loadImplementation!()) as { handler?: unknown };
    expect(typeof module.handler).toBe('function');
  });
});
