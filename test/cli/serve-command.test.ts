/**
 * `tool-contracts serve` started as a child process and driven by the MCP SDK `Client`, over
 * stdio and over Streamable HTTP: the list (our schemas as they are, annotations, output
 * schemas), Read → Write → Edit in one session, Bash with progress, an invalid call with our
 * exact text, a denied call, cancellation; approval through elicitation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { serveHttp, serveStdio, type Served } from '../support/serve-child.js';
import { builtInTools } from '../../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../../generated/provider-order.js';
import { createToolRuntime } from '../../runtime/core/tool-runtime.js';

const textOf = (result: unknown) =>
  ((result as CallToolResult).content as { type: string; text?: string }[])
    .map((block) => block.text ?? `[${block.type}]`)
    .join('\n');

/** Tools that need a person: not listed to a client without elicitation. */
const NEEDS_A_PERSON = new Set(['AskUserQuestion', 'EnterPlanMode', 'ExitPlanMode']);

const expectedTools = () => {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: { ports: {}, features: {}, hostKind: 'protocol', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  return runtime
    .getTools({
      model: {
        id: 'unspecified',
        provider: 'anthropic',
        supportsNativeWebSearch: false,
        supportsPdf: false,
        firstParty: true,
      },
    })
    .filter((tool) => !NEEDS_A_PERSON.has(tool.name));
};

describe.each([
  { transport: 'stdio', start: serveStdio },
  { transport: 'http', start: serveHttp },
])('serve over $transport', ({ start }) => {
  let served: Served;
  beforeAll(async () => {
    served = await start(['--mode', 'yolo', '--deny-rule', 'Bash(rm:*)']);
  });
  afterAll(async () => {
    await served?.close();
  });

  test('tools/list: our names, descriptions and JSON Schemas as they are, in our order', async () => {
    const { tools } = await served.client.listTools();
    const expected = expectedTools();
    expect(tools.map((tool) => tool.name)).toEqual(expected.map((tool) => tool.name));
    for (const [index, tool] of tools.entries()) {
      expect(tool.description).toBe(expected[index]!.description);
      expect(tool.inputSchema).toEqual(expected[index]!.inputSchema);
    }
  });

  test.each([
    {
      name: 'Read',
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      outputSchema: false,
    },
    {
      name: 'Write',
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
      outputSchema: true,
    },
    {
      name: 'Bash',
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: false,
        openWorldHint: true,
      },
      outputSchema: true,
    },
  ])(
    'tools/list: $name has a title, annotations from its flags, output schema $outputSchema',
    async ({ name, annotations, outputSchema }) => {
      const { tools } = await served.client.listTools();
      const tool = tools.find((candidate) => candidate.name === name)!;
      const contract = expectedTools().find((candidate) => candidate.name === name)!;
      expect(tool.title).toBe(
        builtInTools.find((entry) => entry.metadata.name === name)!.metadata.purpose,
      );
      expect(tool.annotations).toEqual(annotations);
      expect(tool.outputSchema).toEqual(outputSchema ? contract.outputSchema : undefined);
    },
  );

  test('Write, Read and Edit share one session; structured content comes with the text', async () => {
    const file = path.join(served.workspace, 'notes.txt');
    const written = await served.client.callTool({
      name: 'Write',
      arguments: { file_path: file, content: 'alpha\nbeta\n' },
    });
    expect(written.isError).toBeFalsy();
    expect(written.structuredContent).toEqual({ type: 'created', filePath: file, bytes: 11 });
    expect(textOf(written)).toBe(`Created ${file} (11 bytes).`);
    const read = await served.client.callTool({ name: 'Read', arguments: { file_path: file } });
    expect(textOf(read)).toBe('     1\talpha\n     2\tbeta');
    const edited = await served.client.callTool({
      name: 'Edit',
      arguments: { file_path: file, old_string: 'beta', new_string: 'gamma' },
    });
    expect(edited.isError).toBeFalsy();
    expect(await readFile(file, 'utf8')).toBe('alpha\ngamma\n');
  });

  test('an invalid call is an isError result with our exact <tool_use_error> text', async () => {
    const result = await served.client.callTool({ name: 'Read', arguments: {} });
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: '<tool_use_error>InputValidationError: Read failed due to the following issue:\nThe required parameter `file_path` is missing</tool_use_error>',
        },
      ],
      isError: true,
    });
  });

  test('an unknown tool is a protocol error with our text', async () => {
    await expect(served.client.callTool({ name: 'Reed', arguments: {} })).rejects.toThrow(
      /^MCP error -32602: Tool not found: Reed/,
    );
  });

  test('a call a deny rule matches is refused and nothing runs', async () => {
    const victim = path.join(served.workspace, 'victim.txt');
    await writeFile(victim, 'keep me');
    const result = await served.client.callTool({
      name: 'Bash',
      arguments: { command: `rm ${victim}` },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      '<tool_use_error>Permission denied: Bash was not run because the rule "Bash(rm:*)" denies this call.</tool_use_error>',
    );
    expect(await readFile(victim, 'utf8')).toBe('keep me');
  });

  test('a long Bash call sends progress notifications that only grow', async () => {
    const progress: number[] = [];
    const result = await served.client.callTool(
      { name: 'Bash', arguments: { command: 'sleep 2.5; echo finished' } },
      undefined,
      { onprogress: (notification) => progress.push(notification.progress) },
    );
    expect(textOf(result)).toBe('finished');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress).toEqual([...progress].sort((left, right) => left - right));
  });

  test('notifications/cancelled aborts the call and stops its process', async () => {
    const pidFile = path.join(served.workspace, 'pid');
    const controller = new AbortController();
    const call = served.client.callTool(
      { name: 'Bash', arguments: { command: `echo $$ > ${pidFile}; exec sleep 30` } },
      undefined,
      { signal: controller.signal, onprogress: () => controller.abort('enough') },
    );
    await expect(call).rejects.toThrow();
    const pid = Number((await readFile(pidFile, 'utf8')).trim());
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let attempt = 0; attempt < 100 && alive(); attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive()).toBe(false);
  });
});

describe('serve: approval', () => {
  test('without elicitation, a call that needs approval is refused with the executor text', async () => {
    const served = await serveStdio([]);
    try {
      const file = path.join(served.workspace, 'a.txt');
      const result = await served.client.callTool({
        name: 'Write',
        arguments: { file_path: file, content: 'x' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        '<tool_use_error>Write needs the user\'s approval (permission "file.write") and nobody can approve it in this session; it was not run. Continue without it, or report what you need. This MCP client cannot ask the user for approval. The user can allow it by restarting the server with --allow-rule Write, --mode acceptEdits (file edits) or --yes (every call), or by using a client that supports elicitation.</tool_use_error>',
      );
      // The person who configured the server is told on standard error, once the client initialized.
      await vi.waitFor(() => expect(served.stderr()).toContain('Not listed'));
      expect(served.stderr().split('\n').slice(1, 5)).toEqual([
        'tool-contracts serve: 14 tools listed; permission mode default.',
        'tool-contracts serve: client "serve-test 0.0.0" cannot approve calls (it offers no elicitation), so these are refused: Bash (unless read-only), CronCreate, CronDelete, Edit, WebFetch, Write, CronUpdate.',
        'tool-contracts serve: To allow them: --mode acceptEdits (file edits in the workspace), --allow-rule RULE (e.g. --allow-rule Write, --allow-rule "Bash(npm test:*)"), or --yes (approve every call); or use a client that supports elicitation.',
        'tool-contracts serve: Not listed, because client "serve-test 0.0.0" cannot reach the user (no elicitation): AskUserQuestion, EnterPlanMode, ExitPlanMode.',
      ]);
    } finally {
      await served.close();
    }
  });

  test.each([
    { answer: { action: 'accept', content: { decision: 'allow' } }, written: true },
    { answer: { action: 'accept', content: { decision: 'deny' } }, written: false },
    { answer: { action: 'decline' }, written: false },
  ] as const)(
    'through elicitation: $answer.action $answer.content.decision → written $written',
    async ({ answer, written }) => {
      const client = new Client(
        { name: 'serve-test', version: '0.0.0' },
        { capabilities: { elicitation: { form: {} } } },
      );
      const asked: string[] = [];
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        asked.push((request.params as { message: string }).message);
        return answer;
      });
      const served = await serveStdio([], client);
      try {
        const file = path.join(served.workspace, 'a.txt');
        const result = await served.client.callTool({
          name: 'Write',
          arguments: { file_path: file, content: 'x' },
        });
        expect(asked).toHaveLength(1);
        expect(asked[0]).toMatch(/^Allow Write\? /);
        expect(result.isError ?? false).toBe(!written);
        const exists = await readFile(file, 'utf8').then(
          () => true,
          () => false,
        );
        expect(exists).toBe(written);
      } finally {
        await served.close();
      }
    },
  );
});
