/**
 * One contract the model sees → the MCP `Tool` that `serve` lists: our name, description and
 * input JSON Schema exactly as the model would get them; `title`; annotations from our flags;
 * and `outputSchema` when the tool declares an object output (MCP requires an object root).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type {
  JsonSchema,
  ModelToolContract,
  SideEffectScope,
  ToolEntry,
} from '../../core/contract.js';

/** Scopes in which a tool reaches beyond the agent's own workspace and session. */
const OPEN_WORLD_SCOPES: ReadonlySet<SideEffectScope> = new Set(['network', 'system']);

/**
 * `title`: the manifest's `title`, else the contract's purpose (for an upstream MCP tool, its
 * server's title when it gave one). `execution` and `_meta` when the manifest states them
 * (`listing`); `openWorldHint` from `annotations.openWorldHint` when stated. `readOnlyHint` = read-only; `destructiveHint` = destructive and not read-only;
 * `idempotentHint` = idempotent; `openWorldHint` = the side-effect scope is `network` or
 * `system`. All four are always given, so a client never falls back to MCP's defaults
 * (which assume a destructive, open-world tool). An upstream server's tool (the gateway) is
 * listed with the annotations its server gave, unchanged (`openWorldHint: false` stays false).
 */
export function toMcpTool(contract: ModelToolContract, entry: ToolEntry | undefined): Tool {
  const { flags } = contract;
  const outputSchema = declaredOutputSchema(contract, entry);
  const listing = entry?.listing;
  return {
    name: contract.name,
    title: listing?.title ?? entry?.metadata.purpose ?? contract.name,
    description: contract.description,
    inputSchema: contract.inputSchema as Tool['inputSchema'],
    ...(outputSchema === undefined ? {} : { outputSchema: outputSchema as Tool['outputSchema'] }),
    // An upstream server's tool (the gateway): its annotations as it gave them, or none.
    ...(entry?.mcp !== undefined
      ? entry.mcp.annotations === undefined
        ? {}
        : { annotations: { ...entry.mcp.annotations } }
      : {
          annotations: {
            readOnlyHint: flags.readOnly,
            destructiveHint: !flags.readOnly && flags.destructive,
            idempotentHint: flags.idempotent,
            openWorldHint: listing?.openWorldHint ?? OPEN_WORLD_SCOPES.has(flags.sideEffectScope),
          },
        }),
    ...(listing?.taskSupport === undefined
      ? {}
      : { execution: { taskSupport: listing.taskSupport } }),
    ...(listing?.meta === undefined ? {} : { _meta: { ...listing.meta } }),
  };
}

/**
 * The output schema `serve` declares for a tool, or none. A built-in declares its output when
 * the schema's root is an object; an upstream MCP tool declares what its server declared (its
 * structured content is relayed as it came), never the `{type: "object"}` placeholder an MCP
 * tool without an output schema gets.
 */
export function declaredOutputSchema(
  contract: ModelToolContract,
  entry: ToolEntry | undefined,
): JsonSchema | undefined {
  const schema = contract.outputSchema;
  if (schema.type !== 'object') return undefined;
  if (entry?.mcp === undefined) return schema;
  const placeholder = Object.keys(schema).every((key) => key === '$schema' || key === 'type');
  return placeholder ? undefined : schema;
}
