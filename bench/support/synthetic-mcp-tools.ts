/**
 * `count` MCP tools shaped like real servers' (a few typed properties, a `$defs` reference,
 * some with an enum or an extra property), each both as the descriptor a client's `tools/list`
 * returns (JSON Schema: what our runtime registers) and as the zod schema a server author writes
 * for the SDK's `McpServer` (what the SDK registers) — the same tool on both sides of a row.
 *
 * Every tool's schema differs from the others', and `salt` makes every round's differ from the
 * last round's: a cache keyed by schema content must not turn 1 000 registrations into one, nor
 * carry work over from one round to the next.
 */
import { z } from 'zod';

export interface SyntheticMcpTool {
  readonly name: string;
  readonly description: string;
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint: boolean };
  readonly inputSchema: Record<string, unknown>;
  readonly zodSchema: z.ZodTypeAny;
}

export function syntheticMcpTools(count: number, salt: string): SyntheticMcpTool[] {
  return Array.from({ length: count }, (_, index) => {
    const queryText = `What to look for in collection ${index} (${salt}).`;
    const withPath = index % 3 === 0;
    const withMode = index % 5 === 0;
    const modes = ['fast', 'thorough', `mode_${index}`];
    return {
      name: `tool_${String(index).padStart(4, '0')}`,
      description: `Synthetic MCP tool number ${index}, with a description of ordinary length for a server tool (${salt}).`,
      annotations: { readOnlyHint: index % 3 === 0, destructiveHint: index % 7 === 0 },
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: {
          query: { type: 'string', description: queryText },
          limit: { type: 'integer', minimum: 1, maximum: 100 + index },
          filter: { $ref: '#/$defs/Filter' },
          ...(withPath ? { path: { type: 'string', description: 'Where to look.' } } : {}),
          ...(withMode ? { mode: { type: 'string', enum: modes } } : {}),
        },
        required: ['query'],
        additionalProperties: false,
        $defs: {
          Filter: {
            type: 'object',
            properties: {
              field: { type: 'string' },
              value: { type: ['string', 'number', 'null'] },
            },
          },
        },
      },
      zodSchema: z
        .object({
          query: z.string().describe(queryText),
          limit: z
            .number()
            .int()
            .min(1)
            .max(100 + index)
            .optional(),
          filter: z
            .object({
              field: z.string().optional(),
              value: z.union([z.string(), z.number(), z.null()]).optional(),
            })
            .optional(),
          ...(withPath ? { path: z.string().describe('Where to look.').optional() } : {}),
          ...(withMode ? { mode: z.enum(modes as [string, ...string[]]).optional() } : {}),
        })
        .strict(),
    };
  });
}
