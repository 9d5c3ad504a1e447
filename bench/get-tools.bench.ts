/**
 * What `getTools` costs, cold (empty cache: search branch, capability filter, template
 * rendering, per-model projection, ordering, freezing) and warm (a cache hit), for the 40
 * generated built-ins alone and with 1 000 MCP tools registered; plus the registration that
 * precedes it (the gate for the built-ins; `registerMcpTools` with schema normalisation for the
 * MCP tools). Medians over N samples, printed side by side.
 *
 * Run: node --import tsx bench/get-tools.bench.ts
 */
import { builtInTools } from '../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../generated/provider-order.js';
import type { ModelProfile } from '../runtime/contract.js';
import { registerMcpTools } from '../runtime/mcp/register-mcp-tools.js';
import { createToolRuntime, type ToolRuntime } from '../runtime/tool-runtime.js';

const COLD_SAMPLES = 31;
const WARM_SAMPLES = 51;
const WARM_BATCH = 1000;
const MCP_TOOLS = 1000;

const model: ModelProfile = {
  id: 'bench',
  provider: 'anthropic',
  supportsNativeWebSearch: true,
  supportsPdf: true,
  firstParty: true,
};
const silent = { warn: () => {} };

/** 1 000 descriptors shaped like real servers': a few typed properties, some `$defs` references. */
const descriptors = Array.from({ length: MCP_TOOLS }, (_, index) => ({
  name: `tool_${String(index).padStart(4, '0')}`,
  description: `Synthetic MCP tool number ${index}, with a description of ordinary length for a server tool.`,
  annotations: { readOnlyHint: index % 3 === 0, destructiveHint: index % 7 === 0 },
  inputSchema: {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What to look for.' },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      filter: { $ref: '#/$defs/Filter' },
    },
    required: ['query'],
    additionalProperties: false,
    $defs: {
      Filter: {
        type: 'object',
        properties: { field: { type: 'string' }, value: { type: ['string', 'number', 'null'] } },
      },
    },
  },
}));

function freshRuntime(withMcp: boolean): ToolRuntime {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: {
      ports: { cron: true, subagent: true, subagentMessaging: true, skill: true },
      features: {},
      hostKind: 'terminal',
      sessionKind: 'main',
    },
    logger: silent,
  });
  if (withMcp)
    registerMcpTools(runtime, 'bench', descriptors, { callMcpTool: async () => ({ content: [] }) });
  return runtime;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function measure(withMcp: boolean) {
  const registration: number[] = [];
  const cold: number[] = [];
  const warm: number[] = [];
  let count = 0;
  for (let sample = 0; sample < COLD_SAMPLES; sample += 1) {
    const start = performance.now();
    const runtime = freshRuntime(withMcp);
    const registered = performance.now();
    count = runtime.getTools({ model }).length;
    cold.push(performance.now() - registered);
    registration.push(registered - start);
    if (sample === 0) {
      for (let index = 0; index < WARM_BATCH; index += 1) runtime.getTools({ model }); // warm-up
      for (let warmSample = 0; warmSample < WARM_SAMPLES; warmSample += 1) {
        const warmStart = performance.now();
        for (let index = 0; index < WARM_BATCH; index += 1) runtime.getTools({ model });
        warm.push((performance.now() - warmStart) / WARM_BATCH);
      }
    }
  }
  return { count, registration: median(registration), cold: median(cold), warm: median(warm) };
}

freshRuntime(true).getTools({ model }); // load and JIT everything once
const builtIns = measure(false);
const withMcp = measure(true);

const ms = (value: number) => `${value.toFixed(3)} ms`;
const rows: [string, string, string][] = [
  ['tools the model sees', String(builtIns.count), String(withMcp.count)],
  ['registration (gate / + MCP)', ms(builtIns.registration), ms(withMcp.registration)],
  ['getTools cold (empty cache)', ms(builtIns.cold), ms(withMcp.cold)],
  ['getTools warm (cache hit)', ms(builtIns.warm), ms(withMcp.warm)],
  [
    'cold / warm',
    `${(builtIns.cold / builtIns.warm).toFixed(0)}x`,
    `${(withMcp.cold / withMcp.warm).toFixed(0)}x`,
  ],
];
const header: [string, string, string] = ['', '40 built-ins', `+ ${MCP_TOOLS} MCP tools`];
const widths = [0, 1, 2].map((column) =>
  Math.max(...[header, ...rows].map((row) => row[column]!.length)),
);
const format = (row: [string, string, string]) =>
  `${row[0].padEnd(widths[0]!)}  ${row[1].padStart(widths[1]!)}  ${row[2].padStart(widths[2]!)}`;
console.log(
  `getTools, medians of ${COLD_SAMPLES} cold runs and ${WARM_SAMPLES}×${WARM_BATCH} warm calls (Node ${process.version})`,
);
console.log(format(header));
for (const row of rows) console.log(format(row));
