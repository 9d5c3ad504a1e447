/**
 * Task-only MCP tools (`execution.taskSupport: "required"`) are registered and called through
 * the MCP tasks API: @modelcontextprotocol/server-everything's `simulate-research-query` runs as
 * a task whose status messages arrive as progress; aborting the call cancels it; and the gateway
 * (`serve --mcp-config`) lists it and calls it for its own client.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { builtInTools } from '../../../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../../../generated/provider-order.js';
import { createToolSession } from '../../../../runtime/call-path/session/create-tool-session.js';
import { createToolRuntime } from '../../../../runtime/core/tool-runtime.js';
import {
  connectMcpServers,
  type McpServerPool,
} from '../../../../runtime/integrations/mcp/connect-mcp-servers.js';
import { runWithProgressReporter } from '../../../../runtime/integrations/mcp/mcp-progress-reporter.js';
import { serveStdio } from '../../../support/serve-child.js';

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const MODEL = {
  id: 'unspecified',
  provider: 'anthropic',
  supportsNativeWebSearch: false,
  supportsPdf: false,
  firstParty: true,
};
const TOOL = 'mcp__everything__simulate-research-query';

describe('a task-only tool of a connected server', { timeout: 60_000 }, () => {
  let pool: McpServerPool;
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: {}, features: {}, hostKind: 'protocol', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  beforeAll(async () => {
    pool = await connectMcpServers({
      runtime,
      servers: [
        {
          name: 'everything',
          type: 'stdio',
          command: process.execPath,
          args: [everything, 'stdio'],
          env: {},
          cwd: tmpdir(),
          timeoutMs: 60_000,
          maxTotalTimeoutMs: 600_000,
          trust: false,
          location: { file: 'test', line: 1, column: 1 },
        },
      ],
    });
  });
  afterAll(() => pool?.close());

  test('is listed and runs as a task, its status messages as progress', async () => {
    expect(runtime.getTools({ model: MODEL }).map((tool) => tool.name)).toContain(TOOL);
    const session = await createToolSession({ runtime, permissions: { mode: 'yolo' } });
    try {
      const progress: string[] = [];
      const result = await runWithProgressReporter(
        (update) => progress.push(update.message ?? ''),
        () => session.call(TOOL, { topic: 'cats' }),
      );
      expect(result.isError).toBe(false);
      expect(result.content).toContain('Stage 4: Generating report');
      expect(progress).toEqual(
        expect.arrayContaining([
          `simulate-research-query: Gathering sources...`,
          `simulate-research-query: Generating report...`,
        ]),
      );
    } finally {
      await session.close();
    }
  });

  test('aborting the call cancels the task', async () => {
    const session = await createToolSession({ runtime, permissions: { mode: 'yolo' } });
    try {
      const controller = new AbortController();
      const started: string[] = [];
      const call = runWithProgressReporter(
        (update) => {
          started.push(update.message ?? '');
          controller.abort();
        },
        () => session.call(TOOL, { topic: 'dogs' }, { signal: controller.signal }),
      );
      const result = await call;
      expect(started.length).toBeGreaterThan(0);
      expect(result.isError).toBe(true);
      expect(result.errorCode).toBe('cancelled');
    } finally {
      await session.close();
    }
  });
});

describe('the gateway', { timeout: 60_000 }, () => {
  let directory: string;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'serve-tasks-'));
  });
  afterAll(() => rm(directory, { recursive: true, force: true }));

  test('lists the task-only tool and calls it for its client', async () => {
    const config = path.join(directory, '.mcp.json');
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
      }),
    );
    const served = await serveStdio(['--mcp-config', config, '--allow-rule', TOOL]);
    try {
      const { tools } = await served.client.listTools();
      expect(tools.map((tool) => tool.name)).toContain(TOOL);
      const progress: string[] = [];
      const result = (await served.client.callTool(
        { name: TOOL, arguments: { topic: 'owls' } },
        undefined,
        { onprogress: (update) => progress.push(update.message ?? '') },
      )) as CallToolResult;
      expect(result.isError ?? false).toBe(false);
      expect(JSON.stringify(result.content)).toContain('owls');
      expect(progress.some((message) => message.includes('Gathering sources'))).toBe(true);
    } finally {
      await served.close();
    }
  });
});
