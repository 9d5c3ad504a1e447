/**
 * Listing tools, against the MCP SDK 1.32.2 `McpServer` serving the same tools (rows
 * warm-list, first-list and mcp-1000 of the performance table; see support/bench-rows.ts):
 * - warm-list: `getTools` on a runtime that listed once (a cache hit) vs the SDK's `tools/list`
 *   handler (which converts every zod schema to JSON Schema on every request), same 36 tools;
 * - first-list: `getTools` on a new runtime (empty cache: search branch, capability filter,
 *   templates, per-model projection, order, freezing) vs the first `tools/list` of a new SDK
 *   server with the same tools registered. The runtime is given copies of the built-in entries
 *   each round, so no cache keyed by entry carries a projection over from an earlier round;
 * - mcp-1000: `registerMcpTools` of 1 000 tools (as a client's `tools/list` returns them) +
 *   the first `getTools`, on a runtime without built-ins, vs 1 000 `McpServer.registerTool`
 *   with their zod schemas + the first `tools/list`: the same 1 000 tools listed on both sides.
 *   New schemas every round (support/synthetic-mcp-tools.ts).
 * Building the runtime and the server is outside the timing on both sides. Everything measured
 * is synchronous and called synchronously (the SDK handler's promise is settled when it returns).
 *
 * Run: node --import tsx bench/get-tools.bench.ts [warm-list|first-list|mcp-1000 …]
 */
import { tmpdir } from 'node:os';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { builtInTools } from '../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../generated/provider-order.js';
import type { ToolEntry } from '../runtime/core/contract.js';
import { createToolRuntime, type ToolRuntime } from '../runtime/index.js';
import { registerMcpTools } from '../runtime/integrations/mcp/register-mcp-tools.js';
import { rowsToMeasure } from './support/bench-rows.js';
import { compareFresh, compareSync } from './support/compare-interleaved.js';
import type { RowResult } from './support/format-bench-table.js';
import { BENCH_MODEL, LARGEST_GATE, SILENT } from './support/largest-tool-set.js';
import { registerBaselineTools, sdkListHandler } from './support/register-baseline-tools.js';
import { reportRows, rowResult } from './support/report-bench-rows.js';
import { syntheticMcpTools } from './support/synthetic-mcp-tools.js';

const MCP_TOOLS = 1000;
const wanted = rowsToMeasure('get-tools', process.argv.slice(2));
const results: RowResult[] = [];
const workspace = tmpdir();

function runtimeWith(entries: readonly ToolEntry[]): ToolRuntime {
  return createToolRuntime({
    builtInTools: entries,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: LARGEST_GATE,
    logger: SILENT,
  });
}

function sdkServer(): McpServer {
  const server = new McpServer({ name: 'sdk-baseline', version: '0.0.0' });
  registerBaselineTools(server, runtimeWith(builtInTools), BENCH_MODEL, workspace);
  return server;
}

const names = (tools: readonly { readonly name: string }[]) => tools.map((tool) => tool.name);

// first-list copies the entries, which reads their zod schemas: loaded with the implementations.
await Promise.all(builtInTools.map((entry) => entry.loadImplementation?.()));

// Same tools on both sides, checked before anything is timed.
const warmRuntime = runtimeWith(builtInTools);
const ourNames = names(warmRuntime.getTools({ model: BENCH_MODEL }));
const warmSdkList = sdkListHandler(sdkServer());
const sdkNames = names((await warmSdkList()).tools);
if (ourNames.join() !== sdkNames.join())
  throw new Error(`the two sides list different tools:\n${ourNames}\n${sdkNames}`);

if (wanted.has('warm-list')) {
  const comparison = await compareSync(
    { ours: () => warmRuntime.getTools({ model: BENCH_MODEL }), anchor: warmSdkList },
    { rounds: 21, warmUp: 3, sampleMs: 20 },
  );
  results.push(rowResult('warm-list', comparison, `${ourNames.length} tools on both sides`));
}

if (wanted.has('first-list')) {
  const comparison = await compareFresh(
    {
      ours: () => {
        const runtime = runtimeWith(builtInTools.map((entry) => ({ ...entry })));
        return () => runtime.getTools({ model: BENCH_MODEL });
      },
      anchor: () => sdkListHandler(sdkServer()),
    },
    { rounds: 31, warmUp: 5 },
  );
  results.push(rowResult('first-list', comparison, `${ourNames.length} tools on both sides`));
}

if (wanted.has('mcp-1000')) {
  let round = 0;
  const sdkLists: Promise<{ readonly tools: readonly unknown[] }>[] = [];
  const callMcpTool = async () => ({ content: [] });
  const check = (side: string, count: number) => {
    if (count !== MCP_TOOLS) throw new Error(`${side} listed ${count} of ${MCP_TOOLS} MCP tools`);
  };
  const comparison = await compareFresh(
    {
      ours: () => {
        const descriptors = syntheticMcpTools(MCP_TOOLS, `ours ${(round += 1)}`).map(
          ({ zodSchema: _unused, ...descriptor }) => descriptor,
        );
        const runtime = runtimeWith([]);
        return () => {
          registerMcpTools(runtime, 'bench', descriptors, { callMcpTool });
          const tools = runtime.getTools({ model: BENCH_MODEL });
          check('ours', tools.length);
          return tools;
        };
      },
      anchor: () => {
        const tools = syntheticMcpTools(MCP_TOOLS, `sdk ${(round += 1)}`);
        const server = new McpServer({ name: 'sdk-baseline', version: '0.0.0' });
        return () => {
          for (const tool of tools)
            server.registerTool(
              tool.name,
              {
                description: tool.description,
                inputSchema: tool.zodSchema as never,
                annotations: tool.annotations,
              },
              callMcpTool as never,
            );
          const listed = sdkListHandler(server)(); // settled: the work is done
          sdkLists.push(listed);
          return listed;
        };
      },
    },
    // 21 rounds, not 11: a scavenge lands in a fifth to a third of our rounds and doubles the
    // round, so the median of 11 rounds was sometimes a collected round and sometimes not.
    { rounds: 21, warmUp: 3 },
  );
  for (const listed of await Promise.all(sdkLists)) check('the SDK', listed.tools.length);
  results.push(
    rowResult('mcp-1000', comparison, `${MCP_TOOLS} tools on both sides, new schemas each round`),
  );
}

reportRows('get-tools', results);
