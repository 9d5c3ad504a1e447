/** The MCP listing of a tool: title, annotations, execution and _meta from the manifest's listing. */
import { expect, test } from 'vitest';
import type { ModelToolContract } from '../../../../runtime/core/contract.js';
import { toMcpTool } from '../../../../runtime/integrations/mcp/to-mcp-tool.js';
import { makeToolEntry } from '../../fixtures/tool-entries.js';

function contractOf(entry: ReturnType<typeof makeToolEntry>): ModelToolContract {
  return {
    name: entry.metadata.name,
    description: entry.description,
    inputSchema: entry.inputSchema,
    outputSchema: entry.outputSchema,
    strict: false,
    executionMode: 'client',
    flags: { ...entry.metadata },
    permission: entry.permission,
    resultBudget: entry.resultBudget,
  };
}

test.each([
  {
    name: 'without a listing: the purpose as title, annotations from the flags, no execution or _meta',
    listing: undefined,
    want: {
      title: 'Fixture tool Probe',
      openWorldHint: false,
      execution: undefined,
      _meta: undefined,
    },
  },
  {
    name: 'with a listing: its title, openWorldHint, execution.taskSupport and _meta',
    listing: {
      title: 'Probe Things',
      openWorldHint: true,
      taskSupport: 'optional' as const,
      meta: { 'example.com/owner': 'team-a' },
    },
    want: {
      title: 'Probe Things',
      openWorldHint: true,
      execution: { taskSupport: 'optional' },
      _meta: { 'example.com/owner': 'team-a' },
    },
  },
])('$name', ({ listing, want }) => {
  const entry = { ...makeToolEntry('Probe'), ...(listing === undefined ? {} : { listing }) };
  const tool = toMcpTool(contractOf(entry), entry);
  expect({
    title: tool.title,
    openWorldHint: tool.annotations?.openWorldHint,
    execution: tool.execution,
    _meta: tool._meta,
  }).toEqual(want);
});
