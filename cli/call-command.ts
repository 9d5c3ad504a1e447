/**
 * `tool-contracts call TOOL 'JSON'`: call one tool the way a model would and print exactly the
 * text the model would get back. Exit code 0 when every call succeeded, 1 when a tool answered
 * with an error, 2 for a usage error.
 *
 * The tools are the generated built-ins, registered through the real registration gate, so the
 * context flags decide which tools exist (`Glob` is not found while `Bash` is, as for a model).
 * Calls run in one tool session (`createToolSession`), through the executor: permission mode and
 * rules, approval, hooks, validation, budgets, timeouts. `--calls FILE.jsonl` and the REPL run
 * several calls in that one session, so Read then Edit works. Loads no part of the generator
 * (no ts-morph).
 *
 * One `call` is a session of one turn: when it ends, the over-budget results whose
 * `resultBudget.artifact.retention` ends with the turn or the session are deleted, as a host
 * deletes them (`cleanupArtifacts`); `--keep-artifacts` keeps them for inspection.
 */
import { readFile } from 'node:fs/promises';
import { terminalText } from './terminal-text.js';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import type { CommandIO } from './command-io.js';
import type { ToolCall } from '../runtime/call-path/call/call-tool.js';
import type { ModelProfile } from '../runtime/core/contract.js';
import type { ToolErrorCode } from '../runtime/core/tool-error-code.js';
import type { RequestApproval } from '../runtime/call-path/executor/authorize-tool-call.js';
import type { ToolCallResult } from '../runtime/call-path/call/call-tool.js';
import type { ArtifactCleanup } from '../runtime/call-path/call/index.js';
import type { ExecutedToolCall } from '../runtime/call-path/executor/execute-tool-batch.js';
import type { PermissionMode } from '../runtime/call-path/permission/evaluate-permission.js';
import { safeParsePermissionRule } from '../runtime/core/rules/parse-permission-rule.js';
import type { ToolSession } from '../runtime/call-path/session/create-tool-session.js';
import type { RegistrationGateInput } from '../runtime/core/visibility/registration-gate.js';
import {
  CONTEXT_OPTIONS,
  MODEL_OPTIONS_USAGE,
  SESSION_OPTIONS_USAGE,
  UsageError,
  gateInputFromOptions,
  hasModelOptions,
  modelFromOptions,
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
import { jsonText } from './json-output.js';
import { LineSource } from './line-source.js';
import { parseCallLine, readCallLines } from './read-call-lines.js';
import { terminalApprover } from './terminal-approval.js';

const PERMISSION_MODES: readonly PermissionMode[] = ['default', 'acceptEdits', 'plan', 'yolo'];

export const CALL_USAGE = `Usage: tool-contracts call TOOL [JSON] [options]
       tool-contracts call --calls FILE.jsonl [options]
       tool-contracts call [--repl] [options]

Call TOOL with JSON input (default: {}) and print what the model would get back.
All calls of one invocation share one session (files read, todos, background tasks).
Exit code: 0 success, 1 a tool answered with an error, 2 usage error.

Options:
  --workspace DIR      Workspace root and working directory (default: current directory)
  --artifacts DIR      Where over-budget results are written (default: <tmp>/tool-contracts-artifacts)
  --keep-artifacts     Keep them after the call; otherwise those whose retention is
                       the turn or the session are deleted when the call ends
  --timeout MS         Per-call timeout override (applied only where the tool allows it)
  --calls FILE         Run the calls of FILE, one {"name": …, "input": …} per line, in order
  --repl               Read calls from standard input, one per line: TOOL [JSON], or a
                       {"name": …, "input": …} object; .exit ends (default when no TOOL is
                       given and standard input is a terminal)
Permission:
  --mode MODE          ${PERMISSION_MODES.join(', ')} (default: default)
  --allow-rule RULE    Allow without asking, repeatable: Read, Bash(git status:*)
  --ask-rule RULE      Always ask, repeatable
  --deny-rule RULE     Refuse, repeatable (--disallow with a pattern does the same)
  --yes                Approve every call that asks (deny rules and plan mode still refuse);
                       without it, approvals are asked at a terminal and refused otherwise
${SESSION_OPTIONS_USAGE}
${MODEL_OPTIONS_USAGE}
                       (given model flags, the call is validated against the
                       contract as that model sees it)
  --boundary           Refuse file paths that resolve outside the workspace
  --mcp-config FILE    An mcpServers configuration (.mcp.json): its servers' tools can be
                       called too (started for this invocation), repeatable
${MCP_PINS_USAGE}
  --trace              Write each call's trace (JSON) to standard error; tools whose
                       contract requires a trace refuse to run without it
  --json               Print each result as JSON (shape: README.md, "Machine-readable output");
                       with --calls or --repl, one compact object per line
  -h, --help           Show this help`;

const CALL_OPTIONS = {
  workspace: { type: 'string' },
  artifacts: { type: 'string' },
  'keep-artifacts': { type: 'boolean' },
  timeout: { type: 'string' },
  calls: { type: 'string' },
  repl: { type: 'boolean' },
  mode: { type: 'string' },
  'allow-rule': { type: 'string', multiple: true },
  'ask-rule': { type: 'string', multiple: true },
  'deny-rule': { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  ...CONTEXT_OPTIONS,
  boundary: { type: 'boolean' },
  'mcp-config': { type: 'string', multiple: true },
  ...MCP_PINS_OPTION,
  trace: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

type CallSource =
  | { readonly kind: 'one'; readonly call: ToolCall }
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'repl' };

interface CallOptions {
  readonly source: CallSource;
  readonly workspace: string;
  readonly artifactDirectory: string;
  readonly keepArtifacts: boolean;
  readonly timeoutMs?: number;
  readonly model?: ModelProfile;
  readonly gate: RegistrationGateInput;
  readonly enforceWorkspaceBoundary: boolean;
  readonly trace: boolean;
  readonly json: boolean;
  readonly mode: PermissionMode;
  readonly allow: readonly string[];
  readonly ask: readonly string[];
  readonly deny: readonly string[];
  readonly yes: boolean;
  /** `--mcp-config` files. */
  readonly mcpConfig: readonly string[];
  /** What a changed MCP definition does (`--mcp-pins`). Default: `warn`. */
  readonly mcpPins: McpPinPolicy;
}

function rules(values: readonly string[] | undefined, option: string): string[] {
  for (const rule of values ?? []) {
    const parsed = safeParsePermissionRule(rule);
    if (!parsed.success) throw new UsageError(`${option}: ${parsed.error.message}`);
  }
  return [...(values ?? [])];
}

export function parseCallArgs(args: readonly string[], io: CommandIO): CallOptions | 'help' {
  const parsed = parseCommandLine(args, CALL_OPTIONS, { max: Number.POSITIVE_INFINITY });
  const { values, positionals } = parsed;
  if (values.help) return 'help';

  let source: CallSource;
  if (values.calls !== undefined || values.repl === true) {
    if (values.calls !== undefined && values.repl === true)
      throw new UsageError('--calls and --repl cannot be combined');
    if (positionals.length > 0)
      throw new UsageError(
        `TOOL and JSON are not taken with ${values.calls !== undefined ? '--calls' : '--repl'}`,
      );
    source =
      values.calls !== undefined
        ? { kind: 'file', path: nodePath.resolve(io.cwd, values.calls) }
        : { kind: 'repl' };
  } else if (positionals.length === 0) {
    if (io.stdinIsTTY !== true) throw new UsageError('missing TOOL');
    source = { kind: 'repl' };
  } else {
    if (positionals.length > 2)
      throw new UsageError(
        `expected TOOL and at most one JSON argument, got ${positionals.length} arguments`,
      );
    const [name, text = '{}'] = positionals as [string, string?];
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`JSON input is not valid JSON: ${(error as Error).message}`);
    }
    source = { kind: 'one', call: { name, input } };
  }

  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout must be a positive integer (ms); got "${values.timeout}"`);
  }

  const gate = gateInputFromOptions(values);
  const workspace = nodePath.resolve(io.cwd, values.workspace ?? '.');
  return {
    source,
    workspace,
    artifactDirectory: nodePath.resolve(
      io.cwd,
      values.artifacts ?? nodePath.join(tmpdir(), 'tool-contracts-artifacts'),
    ),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(hasModelOptions(values) ? { model: modelFromOptions(values) } : {}),
    gate,
    enforceWorkspaceBoundary: values.boundary === true,
    keepArtifacts: values['keep-artifacts'] === true,
    trace: values.trace === true,
    json: values.json === true,
    mode: oneOf(values.mode ?? 'default', PERMISSION_MODES, '--mode'),
    allow: rules(values['allow-rule'], '--allow-rule'),
    ask: rules(values['ask-rule'], '--ask-rule'),
    deny: rules(values['deny-rule'], '--deny-rule'),
    yes: values.yes === true,
    mcpConfig: values['mcp-config'] ?? [],
    mcpPins: parseMcpPinsOption(values['mcp-pins']),
  };
}

/** What `call` says on standard error when a call needed an approval nobody could give. */
export function approvalHint(toolName: string): string {
  return `${toolName} was refused because it needs approval and nobody can give it here: pass --yes to approve, --mode acceptEdits or --mode yolo, an --allow-rule, or run at a terminal to be asked`;
}

export async function run(args: readonly string[], io: CommandIO): Promise<number> {
  let options: CallOptions | 'help';
  try {
    options = parseCallArgs(args, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(usageErrorText({ name: 'call', usage: CALL_USAGE }, error.message));
    return 2;
  }
  if (options === 'help') {
    io.out(CALL_USAGE);
    return 0;
  }

  let fileCalls: readonly ToolCall[] | undefined;
  if (options.source.kind === 'file') {
    const file = options.source.path;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      io.err(`tool-contracts call: cannot read --calls ${file}: ${(error as Error).message}`);
      return 2;
    }
    const read = readCallLines(text);
    if (!read.ok) {
      for (const problem of read.problems)
        io.err(`tool-contracts call: ${file}:${problem.line}: ${problem.message}`);
      return 2;
    }
    fileCalls = read.calls;
  }

  // Imported here so that `--help` and usage errors stay instant.
  let projectTools: ProjectTools;
  try {
    projectTools = await (await import('./project-tools.js')).loadProjectTools(io.cwd);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    io.err(terminalText(`tool-contracts call: ${error.message}`));
    return 1;
  }
  const { builtInTools, sortedProviderToolNames } = projectTools;
  const [{ createToolRuntime }, session] = await Promise.all([
    import('../runtime/core/tool-runtime.js'),
    import('../runtime/call-path/session/index.js'),
  ]);
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames,
    gate: options.gate,
    logger: { warn: (message) => io.err(terminalText(`tool-contracts call: ${message}`)) },
  });
  let mcpServers;
  let pins: Awaited<ReturnType<typeof mcpPinsFor>> = {};
  try {
    mcpServers = await loadMcpConfigOption(options.mcpConfig, io.cwd, (message) =>
      io.err(`tool-contracts call: ${message}`),
    );
    if (mcpServers.length > 0) pins = await mcpPinsFor(io.cwd, options.mcpPins);
  } catch (error) {
    if (error instanceof CommandError) {
      io.err(terminalText(`tool-contracts call: ${error.message}`));
      return 1;
    }
    if (!(error instanceof McpConfigOptionError)) throw error;
    io.err(error.message);
    return 1;
  }
  const mcpPool =
    mcpServers.length === 0
      ? undefined
      : await (
          await import('../runtime/integrations/mcp/connect-mcp-servers.js')
        ).connectMcpServers({
          runtime,
          servers: mcpServers,
          reconnect: { maxAttempts: 0 },
          ...pins,
        });

  const lines =
    options.source.kind === 'repl' && io.stdin !== undefined
      ? new LineSource(io.stdin, (text) => io.err(text))
      : undefined;
  let requestApproval: RequestApproval | undefined;
  if (options.yes) requestApproval = async () => ({ decision: 'allow' });
  else if (io.stdinIsTTY === true && io.stdin !== undefined) {
    const source = lines ?? new LineSource(io.stdin, (text) => io.err(text));
    requestApproval = terminalApprover((prompt) => source.next(prompt));
  }

  const toolSession = await session.createToolSession({
    runtime,
    workingDirectory: options.workspace,
    artifactDirectory: options.artifactDirectory,
    keepArtifacts: options.keepArtifacts,
    enforceWorkspaceBoundary: options.enforceWorkspaceBoundary,
    permissions: {
      mode: options.mode,
      allow: options.allow,
      ask: options.ask,
      deny: options.deny,
    },
    ...(requestApproval === undefined ? {} : { requestApproval }),
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.trace ? { tracer: { record: (event) => io.err(JSON.stringify(event)) } } : {}),
  });
  const call = async (toolCall: ToolCall): Promise<ExecutedToolCall> => {
    const result = await toolSession.call(toolCall.name, toolCall.input, {
      ...(toolCall.id === undefined ? {} : { id: toolCall.id }),
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    });
    if (!options.json)
      for (const warning of result.warnings)
        io.err(terminalText(`tool-contracts call: ${warning}`));
    if (result.errorCode === 'approval_unavailable')
      io.err(`tool-contracts call: ${approvalHint(result.toolName ?? toolCall.name)}`);
    return result;
  };

  const json = options.json;
  /** One result of several: a header and the text, or one compact JSON line. */
  const print = (index: number, result: ExecutedToolCall, name: string) => {
    if (json) io.out(terminalText(JSON.stringify(callJson(result))));
    else io.out(terminalText(`${resultHeader(index, result, name)}\n${result.content}`));
  };
  try {
    switch (options.source.kind) {
      case 'one': {
        const result = await call(options.source.call);
        io.out(terminalText(options.json ? jsonText(callJson(result)) : result.content));
        return result.isError ? 1 : 0;
      }
      case 'file':
        return await runMany(fileCalls ?? [], call, print);
      case 'repl':
        return await runRepl(lines, toolSession, call, print, io);
      default:
        return options.source satisfies never;
    }
  } finally {
    lines?.close();
    const cleanup = await toolSession.close();
    if (cleanup !== undefined) reportDeletedArtifacts(cleanup, io);
    await mcpPool?.close();
  }
}

/** Says which over-budget results were deleted because their retention ended with the call. */
function reportDeletedArtifacts(cleanup: ArtifactCleanup, io: CommandIO): void {
  for (const artifact of cleanup.removedArtifacts)
    io.err(
      `tool-contracts call: deleted ${artifact.path} (retention: ${artifact.retention}, which ends with this call); --keep-artifacts keeps it`,
    );
  for (const failure of cleanup.failures)
    io.err(`tool-contracts call: could not delete ${failure.path}: ${failure.message}`);
}

/** The header line before each result of several calls: `[2] Edit: ok` / `… error <code>`. */
export function resultHeader(index: number, result: ExecutedToolCall, name: string): string {
  const tool = result.toolName ?? name;
  return `[${index}] ${tool}: ${result.isError ? `error ${result.errorCode ?? 'unknown'}` : 'ok'}`;
}

type PrintResult = (index: number, result: ExecutedToolCall, name: string) => void;

async function runMany(
  calls: readonly ToolCall[],
  call: (toolCall: ToolCall) => Promise<ExecutedToolCall>,
  print: PrintResult,
): Promise<number> {
  let failed = false;
  for (const [index, toolCall] of calls.entries()) {
    const result = await call(toolCall);
    print(index + 1, result, toolCall.name);
    failed ||= result.isError;
  }
  return failed ? 1 : 0;
}

const REPL_HELP = `Type a call per line: TOOL [JSON] (e.g. Read {"file_path":"a.txt"}), or {"name": …, "input": …}.
.tools lists the tools, .help shows this, .exit (or end of input) ends the session.`;

/** `TOOL [JSON]` or a JSON object line; a message when it is neither. */
export function parseReplLine(line: string): ToolCall | string {
  if (line.startsWith('{')) return parseCallLine(line);
  const match = /^(\S+)\s*(.*)$/s.exec(line);
  if (match === null) return 'expected TOOL [JSON]';
  const [, name = '', text = ''] = match;
  if (text.trim() === '') return { name, input: {} };
  try {
    return { name, input: JSON.parse(text) };
  } catch (error) {
    return `JSON input is not valid JSON: ${(error as Error).message}`;
  }
}

async function runRepl(
  lines: LineSource | undefined,
  toolSession: ToolSession,
  call: (toolCall: ToolCall) => Promise<ExecutedToolCall>,
  print: PrintResult,
  io: CommandIO,
): Promise<number> {
  if (lines === undefined) {
    io.err('tool-contracts call: --repl needs standard input');
    return 2;
  }
  const interactive = io.stdinIsTTY === true;
  if (interactive) io.err(REPL_HELP);
  let failed = false;
  let index = 0;
  for (;;) {
    const line = await lines.next(interactive ? 'call> ' : '');
    if (line === undefined || line.trim() === '.exit') break;
    const text = line.trim();
    if (text === '' || text.startsWith('#')) continue;
    if (text === '.help') {
      io.err(REPL_HELP);
      continue;
    }
    if (text === '.tools') {
      io.out(
        toolSession.runtime.registry
          .list()
          .map((entry) => entry.metadata.name)
          .join('\n'),
      );
      continue;
    }
    const parsed = parseReplLine(text);
    if (typeof parsed === 'string') {
      io.err(`tool-contracts call: ${parsed}`);
      failed = true;
      continue;
    }
    index += 1;
    const result = await call(parsed);
    print(index, result, parsed.name);
    failed ||= result.isError;
  }
  return failed ? 1 : 0;
}

/** `call --json`: every key always present (`null` when it does not apply). */
export interface CallJson {
  /** Canonical name of the tool called; `null` when the name did not resolve. */
  readonly tool: string | null;
  readonly isError: boolean;
  /** `invalid_input`, `permission_denied`, `timeout`, …; `null` on success. */
  readonly errorCode: ToolErrorCode | null;
  /** Exactly what the model reads. */
  readonly content: string;
  /** The handler's validated output; `null` on error. */
  readonly output: unknown;
  /** Timeout the handler ran under (ms); `null` when none applied. */
  readonly timeoutMs: number | null;
  /** Files written for this call (spilled results). */
  readonly artifactPaths: readonly string[];
  readonly warnings: readonly string[];
}

export function callJson(result: ToolCallResult): CallJson {
  return {
    tool: result.toolName ?? null,
    isError: result.isError,
    errorCode: result.errorCode ?? null,
    content: result.content,
    output: result.output ?? null,
    timeoutMs: result.timeoutMs ?? null,
    artifactPaths: [...result.artifactPaths],
    warnings: [...result.warnings],
  };
}
