/**
 * `tool-contracts mcp approve|status`: the MCP definition lock (`.tool-contracts/mcp-lock.json`,
 * see `runtime/integrations/mcp/mcp-definition-lock.ts`). Both start the servers of `--mcp-config`, read each
 * one's `tools/list` and compare it with the lock; `approve` then records the current
 * definitions (all, or only `--tool NAME`) and prints what changed, `status` only prints which
 * tools are pinned, changed, added (to an approved server) or new (on a server never approved),
 * each change with a diff of the definition, and exits 1 when any is not pinned. The lock is the
 * project root's (see `mcp-pins-option.ts`), wherever in the project the command runs.
 */
import type { CommandIO } from './command-io.js';
import { defineCommand, usageErrorText, UsageError } from './define-command.js';
import { loadMcpConfigOption, McpConfigOptionError } from './mcp-config-option.js';
import { MCP_LOCK_FILE } from '../runtime/integrations/mcp/mcp-definition-lock.js';
import type { McpToolDescriptor } from '../runtime/integrations/mcp/mcp-tool-descriptor.js';
import { readMcpLockFile, writeMcpLockFile } from './mcp-pins-option.js';
import { CommandError } from './usage-error.js';
import { terminalText } from './terminal-text.js';

export const MCP_USAGE = `Usage: tool-contracts mcp approve [SERVER...] [--tool NAME] --mcp-config FILE
       tool-contracts mcp status [SERVER...] --mcp-config FILE

Pin the tool definitions (name, title, description, schemas, annotations) of MCP servers in
${MCP_LOCK_FILE}. list, call and serve compare every server's tools with it: a changed
definition is reported, or hidden with --mcp-pins hide, until it is approved again.

Commands:
  approve   Start the servers (all, or those named) and record their current definitions
  status    Start the servers and print which tools are pinned, changed, added (to an
            approved server) or new, with a diff of each change; exits 1 when any tool
            is not pinned (so CI can fail on an unapproved definition)

Options:
  --mcp-config FILE    An mcpServers configuration (.mcp.json), repeatable (required)
  --tool NAME          approve: only this tool (its original name), repeatable
  -h, --help           Show this help`;

const OPTIONS = {
  'mcp-config': { type: 'string', multiple: true },
  tool: { type: 'string', multiple: true },
} as const;

/** Each named server's usable descriptors, as it lists them now. */
async function listServers(
  io: CommandIO,
  command: string,
  configFiles: readonly string[],
  names: readonly string[],
): Promise<Map<string, McpToolDescriptor[]>> {
  if (configFiles.length === 0) throw new UsageError('--mcp-config FILE is required');
  let servers;
  try {
    servers = await loadMcpConfigOption(configFiles, io.cwd, (message) =>
      io.err(terminalText(`tool-contracts ${command}: ${message}`)),
    );
  } catch (error) {
    if (error instanceof McpConfigOptionError) throw new CommandError(error.message);
    throw error;
  }
  for (const name of names)
    if (!servers.some((server) => server.name === name))
      throw new UsageError(`no server "${name}" in ${configFiles.join(', ')}`);
  const chosen = names.length === 0 ? servers : servers.filter((s) => names.includes(s.name));
  const [{ createToolRuntime }, { connectMcpServers }, { usableMcpDescriptors }] =
    await Promise.all([
      import('../runtime/core/tool-runtime.js'),
      import('../runtime/integrations/mcp/connect-mcp-servers.js'),
      import('../runtime/integrations/mcp/register-mcp-tools.js'),
    ]);
  const runtime = createToolRuntime({
    builtInTools: [],
    sortedProviderToolNames: new Set<string>(),
    gate: { ports: {}, features: {}, hostKind: 'terminal', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  const listed = new Map<string, McpToolDescriptor[]>();
  const pool = await connectMcpServers({
    runtime,
    servers: chosen,
    reconnect: { maxAttempts: 0 },
    onToolsListed: (server, descriptors) =>
      listed.set(server, usableMcpDescriptors(server, descriptors)),
  });
  const failed = pool.servers().filter((server) => !listed.has(server.name));
  await pool.close();
  if (failed.length > 0)
    throw new CommandError(
      failed
        .map(
          (server) =>
            `MCP server "${server.name}" did not list its tools: ${server.lastError ?? server.state}`,
        )
        .join('\n'),
    );
  return listed;
}

const approve = defineCommand({
  name: 'mcp approve',
  usage: MCP_USAGE,
  options: OPTIONS,
  positionals: { max: Number.MAX_SAFE_INTEGER },
  async run({ values, positionals }, io) {
    const tools = values.tool;
    const listed = await listServers(io, 'mcp approve', values['mcp-config'] ?? [], positionals);
    const { approveMcpPins, checkMcpPins, EMPTY_MCP_LOCK } =
      await import('../runtime/integrations/mcp/mcp-definition-lock.js');
    for (const tool of tools ?? [])
      if (![...listed.values()].some((list) => list.some((d) => d.name === tool)))
        throw new UsageError(`--tool ${JSON.stringify(tool)}: no listed server has this tool`);
    let lock = (await readMcpLockFile(io.cwd)) ?? EMPTY_MCP_LOCK;
    const lines: string[] = [];
    for (const [server, descriptors] of listed) {
      for (const verdict of checkMcpPins(lock, server, descriptors)) {
        if (tools !== undefined && !tools.includes(verdict.tool)) continue;
        if (verdict.status === 'new' || verdict.status === 'added')
          lines.push(`${server}: ${verdict.tool}: approved (${verdict.status})`);
        else if (verdict.status === 'changed')
          lines.push(
            `${server}: ${verdict.tool}: approved (changed: ${verdict.fields.join(', ')})`,
          );
        else lines.push(`${server}: ${verdict.tool}: unchanged`);
      }
      lock = approveMcpPins(lock, server, descriptors, tools);
    }
    const written = await writeMcpLockFile(io.cwd, lock);
    io.out(terminalText([...lines, `wrote ${written}`].join('\n')));
    return 0;
  },
});

const status = defineCommand({
  name: 'mcp status',
  usage: MCP_USAGE,
  options: { 'mcp-config': OPTIONS['mcp-config'] },
  positionals: { max: Number.MAX_SAFE_INTEGER },
  async run({ values, positionals }, io) {
    const listed = await listServers(io, 'mcp status', values['mcp-config'] ?? [], positionals);
    const { checkMcpPins, EMPTY_MCP_LOCK } =
      await import('../runtime/integrations/mcp/mcp-definition-lock.js');
    const lock = (await readMcpLockFile(io.cwd)) ?? EMPTY_MCP_LOCK;
    const lines: string[] = [];
    let unapproved = 0;
    for (const [server, descriptors] of listed)
      for (const verdict of checkMcpPins(lock, server, descriptors)) {
        if (verdict.status !== 'pinned') unapproved += 1;
        lines.push(
          `${server}: ${verdict.tool}: ${verdict.status}${verdict.status === 'changed' ? ` (${verdict.fields.join(', ')})` : ''}`,
        );
        if (verdict.status === 'changed' || verdict.status === 'added')
          for (const line of verdict.diff.split('\n')) lines.push(`    ${line}`);
      }
    io.out(terminalText(lines.join('\n')));
    return unapproved === 0 ? 0 : 1;
  },
});

const SUBCOMMANDS = { approve, status } as const;

export async function run(args: readonly string[], io: CommandIO): Promise<number> {
  const [first, ...rest] = args;
  if (first === '--help' || first === '-h') {
    io.out(MCP_USAGE);
    return 0;
  }
  if (first === undefined || !Object.hasOwn(SUBCOMMANDS, first)) {
    io.err(
      usageErrorText(
        { name: 'mcp', usage: MCP_USAGE },
        first === undefined
          ? 'missing command (approve or status)'
          : `unknown command "${first}" (expected approve or status)`,
      ),
    );
    return 2;
  }
  return SUBCOMMANDS[first as keyof typeof SUBCOMMANDS].run(rest, io);
}
