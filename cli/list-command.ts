/**
 * `tool-contracts list`: the tools a model would see for a session, host and model — in order,
 * with each contract's size in bytes and the fingerprint of the whole list (the part of the
 * prompt prefix the tools make up). `--json` prints the exact contracts.
 *
 * Built-ins come from `generated/`, through the real registration gate, `getTools` and turn
 * filter; `--mcp FILE.json` adds a saved `tools/list` result as an MCP server. Loads no part of
 * the generator (no ts-morph). Exit code: 0, or 2 for a usage error.
 */
import { readFile } from 'node:fs/promises';
import nodePath from 'node:path';
import { parseArgs } from 'node:util';
import type { FeatureFlag, HostPort, ModelProfile, SessionKind } from '../runtime/contract.js';
import { FEATURE_FLAGS, HOST_PORTS, SESSION_KINDS } from '../runtime/contract.js';
import { safeParsePermissionRule } from '../runtime/permission/parse-permission-rule.js';
import type { CommandIO } from './command-io.js';

export const LIST_USAGE = `Usage: tool-contracts list [options]

Print the tools a model would see, in order, with their size in bytes and the
fingerprint (sha256) of the whole list. Exit code: 0, or 2 for a usage error.

Session and host:
  --session KIND       ${SESSION_KINDS.join(', ')} (default: main)
  --toolset NAME       default or explore (sub-agent toolset; default: default)
  --host KIND          terminal or protocol (default: terminal)
  --port NAME          Host port injected, repeatable or comma-separated: ${HOST_PORTS.join(', ')}
  --flag NAME[=BOOL]   Feature flag, repeatable: ${FEATURE_FLAGS.join(', ')}
  --allow NAMES        Session allowlist, repeatable or comma-separated
  --deny NAMES         Session denylist, repeatable or comma-separated
  --disallow RULE      Disallowed tool or rule, repeatable: Bash, Bash(rm:*)
  --no-embedded-search Register Glob and Grep next to Bash
Model and turn:
  --model ID           Model id (default: unspecified)
  --provider NAME      Provider of the model (default: anthropic)
  --native-search      The model has native web search (shows WebSearch)
  --pdf                The model reads PDFs (shows Read's pages)
  --turn KIND          cron or off-peak (default: an interactive turn)
MCP:
  --mcp [NAME=]FILE    A saved tools/list result (JSON) registered as MCP server NAME
                       (default: the file name without .json), repeatable
Output:
  --json               Print {"fingerprint", "tools"}: the exact contracts, in order
  -h, --help           Show this help`;

class UsageError extends Error {}

interface ListOptions {
  readonly sessionKind: SessionKind;
  readonly toolset: 'default' | 'explore';
  readonly hostKind: 'terminal' | 'protocol';
  readonly ports: Partial<Record<HostPort, boolean>>;
  readonly features: Partial<Record<FeatureFlag, boolean>>;
  readonly allowlist?: string[];
  readonly denylist?: string[];
  readonly disallowedTools: string[];
  readonly embeddedSearch: boolean;
  readonly model: ModelProfile;
  readonly turn?: 'cron' | 'offPeak';
  readonly mcp: readonly { readonly server: string; readonly file: string }[];
  readonly json: boolean;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${option} must be one of ${allowed.join(', ')}; got "${value}"`);
  }
  return value as T;
}

/** Values of a repeatable, comma-separated option; `undefined` when never given. */
function nameList(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

function parseListArgs(args: readonly string[], cwd: string): ListOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: false,
      strict: true,
      options: {
        session: { type: 'string' },
        toolset: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string', multiple: true },
        flag: { type: 'string', multiple: true },
        allow: { type: 'string', multiple: true },
        deny: { type: 'string', multiple: true },
        disallow: { type: 'string', multiple: true },
        'no-embedded-search': { type: 'boolean' },
        model: { type: 'string' },
        provider: { type: 'string' },
        'native-search': { type: 'boolean' },
        pdf: { type: 'boolean' },
        turn: { type: 'string' },
        mcp: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return 'help';

  const ports: Partial<Record<HostPort, boolean>> = {};
  for (const port of nameList(values.port) ?? []) ports[oneOf(port, HOST_PORTS, '--port')] = true;
  const features: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of values.flag ?? []) {
    const [name = '', setting = 'true'] = flag.split('=', 2);
    features[oneOf(name, FEATURE_FLAGS, '--flag')] =
      oneOf(setting, ['true', 'false'] as const, `--flag ${name}`) === 'true';
  }
  const provider = values.provider ?? 'anthropic';
  const allowlist = nameList(values.allow);
  const denylist = nameList(values.deny);
  const turn =
    values.turn === undefined
      ? undefined
      : oneOf(values.turn, ['cron', 'off-peak'] as const, '--turn');
  for (const rule of values.disallow ?? []) {
    const parsedRule = safeParsePermissionRule(rule);
    if (!parsedRule.success) throw new UsageError(`--disallow: ${parsedRule.error.message}`);
  }
  return {
    sessionKind: oneOf(values.session ?? 'main', SESSION_KINDS, '--session'),
    toolset: oneOf(values.toolset ?? 'default', ['default', 'explore'] as const, '--toolset'),
    hostKind: oneOf(values.host ?? 'terminal', ['terminal', 'protocol'] as const, '--host'),
    ports,
    features,
    ...(allowlist === undefined ? {} : { allowlist }),
    ...(denylist === undefined ? {} : { denylist }),
    disallowedTools: values.disallow ?? [],
    embeddedSearch: values['no-embedded-search'] !== true,
    model: {
      id: values.model ?? 'unspecified',
      provider,
      supportsNativeWebSearch: values['native-search'] === true,
      supportsPdf: values.pdf === true,
      firstParty: provider === 'anthropic',
    },
    ...(turn === undefined
      ? {}
      : { turn: turn === 'off-peak' ? ('offPeak' as const) : ('cron' as const) }),
    mcp: (values.mcp ?? []).map((value) => parseMcpOption(value, cwd)),
    json: values.json === true,
  };
}

/** `NAME=FILE` or `FILE` (server name: the file name without `.json`). */
function parseMcpOption(value: string, cwd: string): { server: string; file: string } {
  const match = /^([^=/\\]+)=(.+)$/.exec(value);
  const file = nodePath.resolve(cwd, match === null ? value : match[2]!);
  const server = match === null ? nodePath.basename(file).replace(/\.json$/i, '') : match[1]!;
  if (server === '') throw new UsageError(`--mcp ${value}: no server name`);
  return { server, file };
}

/** The tool descriptors of a saved `tools/list` result: `{tools}`, a JSON-RPC `{result: {tools}}`, or an array. */
async function readToolsList(file: string): Promise<unknown[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `--mcp ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--mcp ${file}: not valid JSON (${(error as Error).message})`);
  }
  const record = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const tools = Array.isArray(data)
    ? data
    : (record(data).tools ?? record(record(data).result).tools);
  if (!Array.isArray(tools))
    throw new UsageError(
      `--mcp ${file}: expected a tools/list result ({"tools": [...]}) or an array of tools`,
    );
  return tools;
}

export async function run(args: readonly string[], io: CommandIO): Promise<number> {
  let options: ListOptions | 'help';
  let mcpTools: unknown[][];
  try {
    options = parseListArgs(args, io.cwd);
    if (options === 'help') {
      io.out(LIST_USAGE);
      return 0;
    }
    mcpTools = await Promise.all(options.mcp.map(({ file }) => readToolsList(file)));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`tool-contracts list: ${error.message}\n\n${LIST_USAGE}`);
    return 2;
  }

  // Imported here so that `--help` and usage errors stay instant.
  const [
    { builtInTools },
    { SORTED_PROVIDER_TOOL_NAMES },
    { createToolRuntime },
    { registerMcpTools },
    { applyTurnFilter },
    { canonicalJson, toolsFingerprint },
  ] = await Promise.all([
    import('../generated/index.js'),
    import('../generated/provider-order.js'),
    import('../runtime/tool-runtime.js'),
    import('../runtime/mcp/register-mcp-tools.js'),
    import('../runtime/turn-filter.js'),
    import('../runtime/tools-fingerprint.js'),
  ]);
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: {
      ports: options.ports,
      features: options.features,
      hostKind: options.hostKind,
      sessionKind: options.sessionKind,
      toolset: options.toolset,
      allowlist: options.allowlist,
      denylist: options.denylist,
      disallowedTools: options.disallowedTools,
      embeddedSearch: options.embeddedSearch,
    },
    logger: { warn: (message) => io.err(`tool-contracts list: ${message}`) },
  });
  options.mcp.forEach(({ server }, index) => {
    registerMcpTools(runtime, server, mcpTools[index]!, {
      callMcpTool: async () => {
        throw new Error('tool-contracts list does not connect to MCP servers');
      },
    });
  });
  const tools = applyTurnFilter(
    runtime.getTools({ model: options.model }),
    options.turn === undefined ? {} : { kind: options.turn },
  );
  const fingerprint = toolsFingerprint(tools);

  if (options.json) {
    io.out(JSON.stringify({ fingerprint, tools }, null, 2));
    return 0;
  }
  const sizes = tools.map((tool) => Buffer.byteLength(canonicalJson(tool)));
  const nameWidth = Math.max(4, ...tools.map((tool) => tool.name.length));
  const sizeWidth = Math.max(5, ...sizes.map((size) => String(size).length));
  const indexWidth = Math.max(1, String(tools.length).length);
  const lines = [
    `${describeContext(options)}: ${tools.length} tools`,
    `${'#'.padStart(indexWidth)}  ${'name'.padEnd(nameWidth)}  ${'bytes'.padStart(sizeWidth)}`,
    ...tools.map(
      (tool, index) =>
        `${String(index + 1).padStart(indexWidth)}  ${tool.name.padEnd(nameWidth)}  ${String(sizes[index]).padStart(sizeWidth)}`,
    ),
    `total: ${sizes.reduce((sum, size) => sum + size, 0)} bytes`,
    `fingerprint: sha256:${fingerprint}`,
  ];
  io.out(lines.join('\n'));
  return 0;
}

function describeContext(options: ListOptions): string {
  const parts = [
    `${options.sessionKind} session${options.toolset === 'explore' ? ' (explore toolset)' : ''}`,
    `${options.hostKind} host`,
    `model ${options.model.id}`,
  ];
  if (options.turn !== undefined)
    parts.push(`${options.turn === 'offPeak' ? 'off-peak' : 'cron'} turn`);
  return parts.join(', ');
}
