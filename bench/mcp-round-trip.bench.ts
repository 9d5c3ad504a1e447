/**
 * A `tools/list` and a `tools/call` round trip over stdio, measured from an SDK `Client`:
 * against `tool-contracts serve` (every call through the tool session's executor: gate,
 * zod + JSON Schema validation, permission, budget, trace hooks) and against the SDK's own
 * `McpServer` serving the same tools with the same zod schemas and handlers
 * (bench/support/sdk-mcp-server.ts). One run, both servers started side by side, samples
 * interleaved (the order alternates each round) so machine load hits both alike. The call is
 * Read of a small real file. `listTools()` is what an SDK client does (it also compiles every
 * declared output schema); `tools/list (raw)` is the request alone. Before the rounds, each
 * server answers a second of Read calls, so that both call paths are timed on compiled code.
 * Figures: median per round trip, and our/SDK ratio.
 *
 * The context flags below make the largest main-session tool set visible (36 of the 40
 * built-ins: Task, submit_result, escalate and RespondToCoordinator belong to other session
 * kinds or are never shown).
 *
 * Run: node --import tsx bench/mcp-round-trip.bench.ts   (or: npm run bench -- serve-call)
 */
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { rowsToMeasure } from './support/bench-rows.js';
import { warmUpSides } from './support/compare-interleaved.js';
import { reportRows, rowResult } from './support/report-bench-rows.js';

// Row serve-call (support/bench-rows.ts): the call's per-round ratio; the rest is this file's own report.
rowsToMeasure('mcp-round-trip', process.argv.slice(2));
const ROUNDS = 200;
const WARM_UP = 20;
const CALL_WARM_UP_MS = 1000;
const root = path.join(import.meta.dirname, '..');
// The most tools `serve` hosts: it refuses the ports and flags whose tools need a host of its
// own (offPeak, subagents, skills, nodeRepl, dynamicWorkflows).
const FLAGS = ['--port', 'cron', '--native-search', '--pdf', '--no-embedded-search'];

const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'tool-contracts-bench-mcp-')));
const file = path.join(workspace, 'small.txt');
await writeFile(file, Array.from({ length: 40 }, (_, index) => `line ${index + 1}`).join('\n'));

async function connect(args: string[]): Promise<Client> {
  // A client that can show a person a form: `serve` then lists the tools that need one
  // (AskUserQuestion, plan mode), as the baseline does.
  const client = new Client(
    { name: 'bench', version: '0.0.0' },
    { capabilities: { elicitation: {} } },
  );
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args, cwd: root, stderr: 'ignore' }),
  );
  return client;
}

const ours = await connect([
  path.join(root, 'bin/tool-contracts.js'),
  'serve',
  '--workspace',
  workspace,
  '--mode',
  'yolo',
  ...FLAGS,
]);
const sdk = await connect([
  '--import',
  'tsx',
  path.join(root, 'bench/support/sdk-mcp-server.ts'),
  workspace,
  ...FLAGS,
]);

const servers = { ours, sdk } as const;
type Name = keyof typeof servers;
const operations = {
  // listTools() also compiles every declared output schema on the client side.
  list: (client: Client) => client.listTools(),
  listRaw: (client: Client) =>
    client.request({ method: 'tools/list', params: {} }, ListToolsResultSchema),
  call: (client: Client) => client.callTool({ name: 'Read', arguments: { file_path: file } }),
} as const;
type Operation = keyof typeof operations;

// Same tools, same answer: checked before anything is timed.
const listed = { ours: (await ours.listTools()).tools, sdk: (await sdk.listTools()).tools };
const names = (name: Name) => listed[name].map((tool) => tool.name).join(',');
if (names('ours') !== names('sdk')) throw new Error('the two servers list different tools');
const answers = await Promise.all([operations.call(ours), operations.call(sdk)]);
if (JSON.stringify(answers[0].content) !== JSON.stringify(answers[1].content))
  throw new Error(`the two Read answers differ:\n${JSON.stringify(answers)}`);

const samples: Record<Name, Record<Operation, number[]>> = {
  ours: { list: [], listRaw: [], call: [] },
  sdk: { list: [], listRaw: [], call: [] },
};
// Both servers' call paths on compiled code before anything is timed, as compareAsync does for
// the in-process rows: a second of Read round trips each, alternating.
await warmUpSides(
  { ours: () => operations.call(ours), anchor: () => operations.call(sdk) },
  { warmUpMs: CALL_WARM_UP_MS, sampleMs: 20 },
);
for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
  const order: Name[] = round % 2 === 0 ? ['ours', 'sdk'] : ['sdk', 'ours'];
  for (const operation of ['list', 'listRaw', 'call'] as const) {
    for (const name of order) {
      const start = performance.now();
      await operations[operation](servers[name]);
      if (round >= WARM_UP) samples[name][operation].push(performance.now() - start);
    }
  }
}
await Promise.all([ours.close(), sdk.close()]);
await rm(workspace, { recursive: true, force: true });

const median = (values: number[]) => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const bytes = (name: Name) => Buffer.byteLength(JSON.stringify({ tools: listed[name] }));
console.log(
  `MCP round trips over stdio, ${listed.ours.length} tools, ${ROUNDS} interleaved rounds (median per round trip):`,
);
for (const operation of ['list', 'listRaw', 'call'] as const) {
  const [ourMs, sdkMs] = [median(samples.ours[operation]), median(samples.sdk[operation])];
  const label = {
    list: 'listTools()',
    listRaw: 'tools/list (raw)',
    call: 'tools/call Read',
  }[operation];
  console.log(
    `  ${label.padEnd(16)} tool-contracts serve ${ourMs.toFixed(3)} ms   SDK McpServer ${sdkMs.toFixed(3)} ms   ratio ${(ourMs / sdkMs).toFixed(2)}`,
  );
}
console.log(`  tools/list bytes: serve ${bytes('ours')}, McpServer ${bytes('sdk')}`);
console.log('Command: node --import tsx bench/mcp-round-trip.bench.ts');
reportRows('mcp-round-trip', [
  rowResult(
    'serve-call',
    { ours: samples.ours.call, anchor: samples.sdk.call },
    `${listed.ours.length} tools on both sides, Read of a 40-line file, an SDK \`Client\` over stdio`,
  ),
]);
