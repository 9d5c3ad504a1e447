/**
 * `serve` lists exactly what can run (issue #26, deliverable 1): a real SDK client, over stdio
 * and over Streamable HTTP, lists the tools and calls every listed tool once; none is refused
 * for a missing host port, a missing trace or nobody to ask. The same through the gateway
 * (`--mcp-config`). A client without elicitation is not shown the tools that need a person.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { serveHttp, serveStdio, type Served } from '../support/serve-child.js';

const textOf = (result: unknown) =>
  ((result as CallToolResult).content as { type: string; text?: string }[])
    .map((block) => block.text ?? `[${block.type}]`)
    .join('\n');

/** Refusals that mean "this server listed a tool it cannot run". */
const CANNOT_RUN =
  /is not available|provides no|requires a trace|no tracer|nobody can approve|no interactive user|Tool not found/;

/** A client that offers elicitation and says yes to everything it is asked. */
function approvingClient(asked: string[]): Client {
  const client = new Client(
    { name: 'approving-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const params = request.params as {
      message: string;
      requestedSchema: {
        properties: Record<
          string,
          { oneOf?: { const: string }[]; type: string; items?: { anyOf: { const: string }[] } }
        >;
      };
    };
    asked.push(params.message);
    const content: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(params.requestedSchema.properties)) {
      if (key === 'decision') content[key] = 'allow';
      else if (key === 'approve') content[key] = true;
      else if (field.oneOf !== undefined) content[key] = field.oneOf[0]!.const;
      else if (field.items !== undefined) content[key] = [field.items.anyOf[0]!.const];
    }
    return { action: 'accept', content };
  });
  return client;
}

/**
 * One call of each tool serve may list, in an order where each finds what it needs (Edit after
 * Read, TaskOutput after a background Bash, CronUpdate after CronCreate). `served` gives the
 * workspace; `earlier` the text results so far, by tool.
 */
type Step = (context: {
  readonly workspace: string;
  readonly sessionId: string;
  readonly url: string;
  readonly earlier: ReadonlyMap<string, string>;
}) => Record<string, unknown>;
const idIn = (text: string | undefined, pattern: RegExp) => pattern.exec(text ?? '')?.[1] ?? '';
const BUILT_IN_CALLS: ReadonlyArray<readonly [string, Step]> = [
  ['Write', ({ workspace }) => ({ file_path: path.join(workspace, 'a.txt'), content: 'alpha\n' })],
  ['Read', ({ workspace }) => ({ file_path: path.join(workspace, 'a.txt') })],
  [
    'Edit',
    ({ workspace }) => ({
      file_path: path.join(workspace, 'a.txt'),
      old_string: 'alpha',
      new_string: 'beta',
    }),
  ],
  ['Bash', () => ({ command: 'sleep 30', run_in_background: true })],
  [
    'TaskOutput',
    ({ earlier }) => ({ task_id: idIn(earlier.get('Bash'), /with id (\S+)\./), block: false }),
  ],
  ['TaskStop', ({ earlier }) => ({ task_id: idIn(earlier.get('Bash'), /with id (\S+)\./) })],
  [
    'TodoWrite',
    () => ({
      todos: [{ content: 'Check the list', status: 'pending', activeForm: 'Checking the list' }],
    }),
  ],
  ['TodoRead', () => ({})],
  ['WebFetch', ({ url }) => ({ url, prompt: 'What does the page say?' })],
  ['CronCreate', () => ({ cron: '0 9 * * 1', prompt: 'Summarise the week' })],
  ['CronList', () => ({})],
  [
    'CronUpdate',
    ({ earlier }) => ({ id: idIn(earlier.get('CronCreate'), /job (\S+)/), prompt: 'Summarise' }),
  ],
  ['CronDelete', ({ earlier }) => ({ id: idIn(earlier.get('CronCreate'), /job (\S+)/) })],
  [
    'AskUserQuestion',
    () => ({
      questions: [
        {
          question: 'Which file next?',
          header: 'File',
          options: [
            { label: 'a.txt', description: 'The one we edited' },
            { label: 'b.txt', description: 'A new one' },
          ],
        },
      ],
    }),
  ],
  ['EnterPlanMode', () => ({})],
  ['ExitPlanMode', () => ({ plan: '1. Edit a.txt\n2. Done' })],
  ['ReadSessionContext', ({ sessionId }) => ({ session_id: sessionId })],
];

let page: HttpServer;
let pageUrl: string;
beforeAll(async () => {
  page = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end('<html><body><p>Hello from the local page.</p></body></html>');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => page.close(() => resolve())));

const fixture = fileURLToPath(new URL('./fixtures/annotated-server.mjs', import.meta.url));

/** Call every listed tool once; returns each tool's text and the list. */
async function callEveryListedTool(served: Served) {
  const { tools } = await served.client.listTools();
  const listed = tools.map((tool) => tool.name);
  await vi.waitFor(() => expect(served.stderr()).toMatch(/session \S+ started/));
  const sessionId = idIn(served.stderr(), /session (\S+) started/);
  const results = new Map<string, string>();
  const plan = [
    ...BUILT_IN_CALLS.filter(([name]) => listed.includes(name)),
    ...listed
      .filter((name) => name.includes('store'))
      .map((name) => [name, () => ({ key: 'k', value: 'v' })] as const),
    ...listed
      .filter((name) => name.includes('lookup'))
      .map((name) => [name, () => ({ key: 'k' })] as const),
  ];
  // Every listed tool has a call in the plan: a new tool must say how it is called.
  expect([...plan.map(([name]) => name)].sort()).toEqual([...listed].sort());
  for (const [name, step] of plan) {
    const input = step({ workspace: served.workspace, sessionId, url: pageUrl, earlier: results });
    const result = await served.client.callTool({ name, arguments: input });
    const text = textOf(result);
    results.set(name, text);
    expect({ name, text }).not.toEqual({ name, text: expect.stringMatching(CANNOT_RUN) });
    // Nor for any other reason: every call succeeds.
    expect({ name, isError: result.isError ?? false, text }).toEqual({
      name,
      isError: false,
      text,
    });
  }
  return { listed, results };
}

describe.each([
  { transport: 'stdio', start: serveStdio },
  { transport: 'http', start: serveHttp },
])('serve over $transport', ({ start }) => {
  test('a client with elicitation: 17 tools, every one runs; approvals, the question and the plan asked there', async () => {
    const asked: string[] = [];
    const served = await start(['--allow-rule', 'WebFetch'], approvingClient(asked));
    try {
      const { listed, results } = await callEveryListedTool(served);
      expect(listed).toEqual([
        'AskUserQuestion',
        'Bash',
        'CronCreate',
        'CronDelete',
        'CronList',
        'Edit',
        'EnterPlanMode',
        'ExitPlanMode',
        'Read',
        'TaskOutput',
        'TaskStop',
        'TodoWrite',
        'WebFetch',
        'Write',
        'TodoRead',
        'ReadSessionContext',
        'CronUpdate',
      ]);
      expect(results.get('AskUserQuestion')).toContain('Which file next? → a.txt');
      expect(results.get('ExitPlanMode')).toMatch(/^The user approved your plan/);
      expect(results.get('ReadSessionContext')).toMatch(/Write ok/);
      expect(results.get('CronList')).toContain('Summarise the week');
      expect(asked.some((message) => message.startsWith('Approve this plan?'))).toBe(true);
      expect(asked.some((message) => message.startsWith('Allow Write?'))).toBe(true);
      expect(served.stderr()).toContain('can approve calls (elicitation)');
    } finally {
      await served.close();
    }
  });

  test('a client without elicitation, --yes: the tools that need a person are not listed; the rest run', async () => {
    const served = await start(['--yes']);
    try {
      const { listed } = await callEveryListedTool(served);
      expect(listed).not.toContain('AskUserQuestion');
      expect(listed).not.toContain('EnterPlanMode');
      expect(listed).not.toContain('ExitPlanMode');
      expect(listed).toHaveLength(14);
      await vi.waitFor(() => expect(served.stderr()).toContain('Not listed'));
      expect(served.stderr()).toContain(
        'Not listed, because client "serve-test 0.0.0" cannot reach the user (no elicitation): AskUserQuestion, EnterPlanMode, ExitPlanMode.',
      );
    } finally {
      await served.close();
    }
  });

  test('the gateway: built-ins and an upstream server’s tools, every one runs', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'serve-gateway-'));
    try {
      const config = path.join(directory, '.mcp.json');
      await writeFile(
        config,
        JSON.stringify({
          mcpServers: { annotated: { command: process.execPath, args: [fixture] } },
        }),
      );
      const asked: string[] = [];
      const served = await start(
        ['--mcp-config', config, '--allow-rule', 'WebFetch'],
        approvingClient(asked),
      );
      try {
        const { listed, results } = await callEveryListedTool(served);
        expect(listed.filter((name) => name.includes('annotated'))).toHaveLength(2);
        expect([...results.entries()].find(([name]) => name.includes('lookup'))?.[1]).toBe('v');
      } finally {
        await served.close();
      }
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
