/**
 * A `tools/list` and a `tools/call` round trip over stdio, measured from an SDK `Client`:
 * against `tool-contracts serve` (every call through the tool session's executor: gate,
 * zod + JSON Schema validation, permission, budget, trace hooks) and against the SDK's own
 * `McpServer` serving the same tools with the same zod schemas and handlers
 * (bench/support/sdk-mcp-server.ts). One run, the servers started side by side, samples
 * interleaved (the order alternates each round) so machine load hits both alike. The call is
 * Read of a small real file. `listTools()` is what an SDK client does (it also compiles every
 * declared output schema); `tools/list (raw)` is the request alone. Before the rounds, each
 * server answers a second of Read calls, so that both call paths are timed on compiled code.
 * Figures: median per round trip, and our/SDK ratio.
 *
 * Then calls alone, in rounds of their own (batches of calls, no list between them), on both
 * servers and a third: the floor, the SDK's low-level `Server` whose `tools/call` runs the
 * handler and nothing else (no validation, permission, budget or trace;
 * `sdk-mcp-server.ts --bare`). No server built on the SDK's `Server` answers faster, so its
 * ratio to `McpServer` is the lowest a goal for the row can ask of one.
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
import { median, medianRatio } from './support/round-ratios.js';

// Row serve-call (support/bench-rows.ts): the call's per-round ratio; the rest is this file's own report.
rowsToMeasure('mcp-round-trip', process.argv.slice(2));
const ROUNDS = 200;
const WARM_UP = 20;
const CALL_WARM_UP_MS = 1000;
// Calls timed together in a sample of the calls-alone rounds.
const CALLS_PER_SAMPLE = 10;
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
const baseline = (...args: string[]) =>
  connect([
    '--import',
    'tsx',
    path.join(root, 'bench/support/sdk-mcp-server.ts'),
    workspace,
    ...args,
    ...FLAGS,
  ]);
const [sdk, floor] = await Promise.all([baseline(), baseline('--bare')]);

const servers = { ours, sdk, floor } as const;
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
const listed = {
  ours: (await ours.listTools()).tools,
  sdk: (await sdk.listTools()).tools,
  floor: (await floor.listTools()).tools,
};
const names = (name: Name) => listed[name].map((tool) => tool.name).join(',');
if (names('ours') !== names('sdk') || names('ours') !== names('floor'))
  throw new Error('the servers list different tools');
const answers = await Promise.all([ours, sdk, floor].map((client) => operations.call(client)));
if (new Set(answers.map((answer) => JSON.stringify(answer.content))).size !== 1)
  throw new Error(`the Read answers differ:\n${JSON.stringify(answers)}`);

/** The rounds of each operation on two servers, the order alternating each round. */
async function interleaved(
  pair: readonly [Name, Name],
  taken: readonly Operation[],
): Promise<Record<Name, Record<Operation, number[]>>> {
  // Both call paths on compiled code before anything is timed, as compareAsync does for the
  // in-process rows: a second of Read round trips each, alternating.
  await warmUpSides(
    {
      ours: () => operations.call(servers[pair[0]]),
      anchor: () => operations.call(servers[pair[1]]),
    },
    { warmUpMs: CALL_WARM_UP_MS, sampleMs: 20 },
  );
  const samples = Object.fromEntries(
    pair.map((name) => [name, { list: [], listRaw: [], call: [] }]),
  ) as unknown as Record<Name, Record<Operation, number[]>>;
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    const order = round % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
    for (const operation of taken) {
      for (const name of order) {
        const start = performance.now();
        await operations[operation](servers[name]);
        if (round >= WARM_UP) samples[name][operation].push(performance.now() - start);
      }
    }
  }
  return samples;
}

const samples = await interleaved(['ours', 'sdk'], ['list', 'listRaw', 'call']);

/**
 * Calls alone, in rounds of their own after the row's: each round times a batch of
 * `CALLS_PER_SAMPLE` calls on every server, the order rotating (a single call is too short to
 * time steadily). Median ms per call of each round, per server.
 */
async function callsAlone(order: readonly Name[]): Promise<Record<Name, number[]>> {
  for (const name of order.slice(1))
    await warmUpSides(
      {
        ours: () => operations.call(servers[order[0]!]),
        anchor: () => operations.call(servers[name]),
      },
      { warmUpMs: CALL_WARM_UP_MS, sampleMs: 20 },
    );
  const times = Object.fromEntries(order.map((name) => [name, [] as number[]])) as Record<
    Name,
    number[]
  >;
  for (let round = 0; round < WARM_UP + ROUNDS; round += 1) {
    for (let index = 0; index < order.length; index += 1) {
      const name = order[(index + round) % order.length]!;
      const start = performance.now();
      for (let call = 0; call < CALLS_PER_SAMPLE; call += 1) await operations.call(servers[name]);
      if (round >= WARM_UP) times[name].push((performance.now() - start) / CALLS_PER_SAMPLE);
    }
  }
  return times;
}
const alone = await callsAlone(['ours', 'sdk', 'floor']);
await Promise.all([ours.close(), sdk.close(), floor.close()]);
await rm(workspace, { recursive: true, force: true });

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
const floorRatio = medianRatio(alone.floor, alone.sdk);
console.log(
  `Calls alone, ${CALLS_PER_SAMPLE} a sample, ${ROUNDS} rounds: tool-contracts serve ${median(alone.ours).toFixed(3)} ms (${medianRatio(alone.ours, alone.sdk).toFixed(2)}×), SDK McpServer ${median(alone.sdk).toFixed(3)} ms, floor ${median(alone.floor).toFixed(3)} ms (${floorRatio.toFixed(2)}×; a bare SDK Server running Read's handler, no validation)`,
);
console.log(`  tools/list bytes: serve ${bytes('ours')}, McpServer ${bytes('sdk')}`);
console.log('Command: node --import tsx bench/mcp-round-trip.bench.ts');
reportRows('mcp-round-trip', [
  rowResult(
    'serve-call',
    { ours: samples.ours.call, anchor: samples.sdk.call },
    `${listed.ours.length} tools on both sides, Read of a 40-line file, an SDK \`Client\` over stdio; calls alone: serve ${medianRatio(alone.ours, alone.sdk).toFixed(2)}×, the floor (a bare SDK \`Server\` running the handler, no validation) ${floorRatio.toFixed(2)}×`,
  ),
]);
