/**
 * `tool-contracts list`: the tools a model would see for a session, host and model — in order,
 * with each contract's size in bytes and the fingerprint of the whole list (the part of the
 * prompt prefix the tools make up). `--json` prints the exact contracts.
 *
 * Built-ins come from `generated/`, through the real registration gate, `getTools` and turn
 * filter; `--mcp FILE.json` adds a saved `tools/list` result as an MCP server. Loads no part of
 * the generator (no ts-morph). Exit code: 0, or 2 for a usage error.
 */
import { terminalText } from './terminal-text.js';
import { readFile } from 'node:fs/promises';
import nodePath from 'node:path';
import type { ModelProfile } from '../runtime/core/contract.js';
import {
  PROVIDER_NAMES,
  type ProviderName,
} from '../runtime/integrations/providers/provider-name.js';
import type { RegistrationGateInput } from '../runtime/core/visibility/registration-gate.js';
import type { TurnFilterMode } from '../runtime/core/visibility/turn-filter.js';
import { isJsonObject } from '../runtime/core/support/is-json-object.js';
import type { CommandIO } from './command-io.js';
import { count } from './count-noun.js';
import {
  CONTEXT_OPTIONS,
  MODEL_OPTIONS_USAGE,
  SESSION_OPTIONS_USAGE,
  UsageError,
  gateInputFromOptions,
  modelFromOptions,
  nameList,
  oneOf,
} from './context-options.js';
import { CommandError, parseCommandLine, usageErrorText } from './define-command.js';
import type { ProjectTools } from './project-tools.js';
import { loadMcpConfigOption, McpConfigOptionError } from './mcp-config-option.js';
import {
  MCP_PINS_OPTION,
  MCP_PINS_USAGE,
  mcpPinsFor,
  parseMcpPinsOption,
} from './mcp-pins-option.js';
import type { McpPinPolicy } from '../runtime/integrations/mcp/mcp-definition-lock.js';
import type { McpServerConfig } from '../runtime/integrations/mcp/load-mcp-config.js';

export const LIST_USAGE = `Usage: tool-contracts list [options]

Print the tools a model would see, in order, with their size in bytes and the
fingerprint (sha256) of the whole list. With --provider, print exactly what that
provider is sent: the request fragment, its bytes and tokens per tool and in
total, which tools are strict (and why not), and the fingerprint of the sent
bytes. Exit code: 0, or 2 for a usage error.

Session and host:
${SESSION_OPTIONS_USAGE}
Model and turn:
${MODEL_OPTIONS_USAGE.replace(
  /--provider NAME[^]*?\(default: anthropic\)/,
  `--provider NAME      Print the request of a format: anthropic, openai (Chat Completions),
                       openai-responses, gemini, ai-sdk (default: none, the tool list
                       alone, built for an Anthropic model)`,
)}
  --turn KIND          cron or off-peak (default: an interactive turn)
  --turn-mode MODE     remove (the turn's list lacks excluded tools; default) or
                       restrict (the list stays; the restriction is sent as
                       allowed_tools / allowedFunctionNames, or, where the
                       provider has neither (anthropic, ai-sdk), only noted:
                       the session refuses calls to the excluded tools)
Provider request (with --provider):
  --gemini-schema FORM json-schema (parametersJsonSchema; default) or openapi
                       (the legacy OpenAPI-subset parameters)
  --close-open-objects OpenAI strict: close open objects that list properties
  --serial             Ask for one tool call per message (default: parallel calls
                       allowed; the executor orders them by the tools' flags)
  --ai-sdk-provider N  The provider below the AI SDK (default: anthropic)
  --defer WHAT         Deferred loading: mcp (every MCP tool), auto (MCP tools once
                       the list passes 10% of --context-window), or tool names;
                       repeatable (default: none)
  --context-window N   Tokens of the model's context, for --defer auto (default: 200000)
  --discovered NAMES   Deferred tools a search already found, in order
MCP:
  --mcp [NAME=]FILE    A saved tools/list result (JSON) registered as MCP server NAME
                       (default: the file name without .json), repeatable
  --mcp-config FILE    An mcpServers configuration (.mcp.json): its servers are started,
                       asked for their tools and stopped, repeatable
${MCP_PINS_USAGE}
Output:
  --json               Print {"fingerprint", "tools"}: the exact contracts, in order;
                       with --provider: {"provider", "request", "tools", "bytes",
                       "tokens", "fingerprint", "perTool", "strict", "notes"}
  -h, --help           Show this help`;

interface ListOptions {
  readonly gate: RegistrationGateInput;
  readonly model: ModelProfile;
  readonly turn?: 'cron' | 'offPeak';
  readonly turnMode: TurnFilterMode;
  /** Set when `--provider` names a request format. */
  readonly provider?: ProviderName;
  readonly geminiSchema: 'json-schema' | 'openapi';
  readonly closeOpenObjects: boolean;
  readonly serial: boolean;
  readonly aiSdkProvider: string;
  readonly defer: readonly string[];
  readonly contextWindow: number;
  readonly discovered: readonly string[];
  readonly mcp: readonly { readonly server: string; readonly file: string }[];
  readonly mcpConfig: readonly string[];
  /** What a changed MCP definition does (`--mcp-pins`). Default: `warn`. */
  readonly mcpPins: McpPinPolicy;
  readonly json: boolean;
}

export function parseListArgs(args: readonly string[], cwd: string): ListOptions | 'help' {
  const { values } = parseCommandLine(args, {
    ...CONTEXT_OPTIONS,
    turn: { type: 'string' },
    'turn-mode': { type: 'string' },
    'gemini-schema': { type: 'string' },
    'close-open-objects': { type: 'boolean' },
    serial: { type: 'boolean' },
    'ai-sdk-provider': { type: 'string' },
    defer: { type: 'string', multiple: true },
    'context-window': { type: 'string' },
    discovered: { type: 'string', multiple: true },
    mcp: { type: 'string', multiple: true },
    'mcp-config': { type: 'string', multiple: true },
    ...MCP_PINS_OPTION,
    json: { type: 'boolean' },
  });
  if (values.help) return 'help';

  const turn =
    values.turn === undefined
      ? undefined
      : oneOf(values.turn, ['cron', 'off-peak'] as const, '--turn');
  const provider =
    values.provider === undefined
      ? undefined
      : oneOf(values.provider, PROVIDER_NAMES, '--provider');
  const aiSdkProvider = values['ai-sdk-provider'] ?? 'anthropic';
  const model = modelFromOptions(
    provider === 'ai-sdk' ? { ...values, provider: aiSdkProvider } : values,
  );
  const gate = gateInputFromOptions(values);
  return {
    // A provider request registers the client-side ToolSearch (its projection lists it only
    // while something is deferred, for a format without a native search); --flag
    // toolSearch=false turns it off.
    gate:
      provider === undefined || gate.features.toolSearch !== undefined
        ? gate
        : { ...gate, features: { ...gate.features, toolSearch: true } },
    model,
    turnMode: oneOf(
      values['turn-mode'] ?? 'remove',
      ['remove', 'restrict'] as const,
      '--turn-mode',
    ),
    ...(provider === undefined ? {} : { provider }),
    geminiSchema: oneOf(
      values['gemini-schema'] ?? 'json-schema',
      ['json-schema', 'openapi'] as const,
      '--gemini-schema',
    ),
    closeOpenObjects: values['close-open-objects'] === true,
    serial: values.serial === true,
    aiSdkProvider,
    defer: nameList(values.defer) ?? [],
    contextWindow: positiveInteger(values['context-window'] ?? '200000', '--context-window'),
    discovered: nameList(values.discovered) ?? [],
    ...(turn === undefined
      ? {}
      : { turn: turn === 'off-peak' ? ('offPeak' as const) : ('cron' as const) }),
    mcp: (values.mcp ?? []).map((value) => parseMcpOption(value, cwd)),
    mcpConfig: values['mcp-config'] ?? [],
    mcpPins: parseMcpPinsOption(values['mcp-pins']),
    json: values.json === true,
  };
}

function positiveInteger(value: string, option: string): number {
  if (!/^[1-9][0-9]*$/.test(value))
    throw new UsageError(`${option} must be a positive integer; got "${value}"`);
  return Number(value);
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
  const record = (value: unknown) => (isJsonObject(value) ? value : {});
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
  let mcpServers: McpServerConfig[];
  let pins: Awaited<ReturnType<typeof mcpPinsFor>> = {};
  try {
    options = parseListArgs(args, io.cwd);
    if (options === 'help') {
      io.out(LIST_USAGE);
      return 0;
    }
    mcpTools = await Promise.all(options.mcp.map(({ file }) => readToolsList(file)));
    mcpServers = await loadMcpConfigOption(options.mcpConfig, io.cwd, (message) =>
      io.err(`tool-contracts list: ${message}`),
    );
    if (options.mcp.length > 0 || mcpServers.length > 0)
      pins = await mcpPinsFor(io.cwd, options.mcpPins);
  } catch (error) {
    if (error instanceof McpConfigOptionError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof CommandError) {
      io.err(terminalText(`tool-contracts list: ${error.message}`));
      return 1;
    }
    if (!(error instanceof UsageError)) throw error;
    io.err(usageErrorText({ name: 'list', usage: LIST_USAGE }, error.message));
    return 2;
  }

  // Imported here so that `--help` and usage errors stay instant.
  let projectTools: ProjectTools;
  try {
    projectTools = await (await import('./project-tools.js')).loadProjectTools(io.cwd);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    io.err(terminalText(`tool-contracts list: ${error.message}`));
    return 1;
  }
  const { builtInTools, sortedProviderToolNames } = projectTools;
  const [{ createToolRuntime }, { planTurnTools }, { canonicalJson, toolsFingerprint }] =
    await Promise.all([
      import('../runtime/core/tool-runtime.js'),
      import('../runtime/core/visibility/turn-filter.js'),
      import('../runtime/core/visibility/tools-fingerprint.js'),
    ]);
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames,
    gate: options.gate,
    logger: { warn: (message) => io.err(terminalText(`tool-contracts list: ${message}`)) },
  });
  // The MCP bridge (and its JSON Schema validator) only for a --mcp file: plain listing stays lean.
  if (options.mcp.length > 0) {
    const { registerMcpTools } = await import('../runtime/integrations/mcp/register-mcp-tools.js');
    options.mcp.forEach(({ server }, index) => {
      registerMcpTools(runtime, server, mcpTools[index]!, {
        callMcpTool: async () => {
          throw new Error('tool-contracts list does not connect to MCP servers');
        },
        ...pins,
      });
    });
  }
  if (mcpServers.length > 0) {
    const { connectMcpServers } =
      await import('../runtime/integrations/mcp/connect-mcp-servers.js');
    const pool = await connectMcpServers({
      runtime,
      servers: mcpServers,
      reconnect: { maxAttempts: 0 },
      ...pins,
    });
    await pool.close({ keepTools: true });
  }
  const plan = planTurnTools(
    runtime.getTools({ model: options.model }),
    options.turn === undefined ? {} : { kind: options.turn },
    options.turnMode,
  );
  const tools = plan.tools;
  if (options.provider !== undefined) {
    const { printProviderRequest } = await import('./print-provider-request.js');
    await printProviderRequest(io, {
      provider: options.provider,
      tools,
      ...(plan.allowedTools === undefined ? {} : { allowedTools: plan.allowedTools }),
      model: options.model,
      geminiSchema: options.geminiSchema,
      closeOpenObjects: options.closeOpenObjects,
      serial: options.serial,
      aiSdkProvider: options.aiSdkProvider,
      defer: options.defer,
      contextWindow: options.contextWindow,
      discovered: options.discovered,
      context: describeContext(options),
      json: options.json,
    });
    return 0;
  }
  const fingerprint = toolsFingerprint(tools);

  if (options.json) {
    io.out(terminalText(JSON.stringify({ fingerprint, tools }, null, 2)));
    return 0;
  }
  const sizes = tools.map((tool) => Buffer.byteLength(canonicalJson(tool)));
  const nameWidth = Math.max(4, ...tools.map((tool) => tool.name.length));
  const sizeWidth = Math.max(5, ...sizes.map((size) => String(size).length));
  const indexWidth = Math.max(1, String(tools.length).length);
  const lines = [
    `${describeContext(options)}: ${count(tools.length, 'tool')}`,
    `${'#'.padStart(indexWidth)}  ${'name'.padEnd(nameWidth)}  ${'bytes'.padStart(sizeWidth)}`,
    ...tools.map(
      (tool, index) =>
        `${String(index + 1).padStart(indexWidth)}  ${tool.name.padEnd(nameWidth)}  ${String(sizes[index]).padStart(sizeWidth)}`,
    ),
    `total: ${sizes.reduce((sum, size) => sum + size, 0)} bytes`,
    `fingerprint: sha256:${fingerprint}`,
  ];
  io.out(terminalText(lines.join('\n')));
  return 0;
}

function describeContext(options: ListOptions): string {
  const parts = [
    `${options.gate.sessionKind} session${options.gate.toolset === 'explore' ? ' (explore toolset)' : ''}`,
    `${options.gate.hostKind} host`,
    `model ${options.model.id}`,
  ];
  if (options.turn !== undefined)
    parts.push(`${options.turn === 'offPeak' ? 'off-peak' : 'cron'} turn`);
  return parts.join(', ');
}
