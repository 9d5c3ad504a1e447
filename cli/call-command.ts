/**
 * `tool-contracts call TOOL 'JSON'`: call one tool the way a model would and print exactly the
 * text the model would get back. Exit code 0 when the call succeeded, 1 when the tool answered
 * with an error, 2 for a usage error.
 *
 * The tools are the generated built-ins, registered through the real registration gate, so the
 * context flags decide which tools exist (`Glob` is not found while `Bash` is, as for a model).
 * Loads no part of the generator (no ts-morph).
 */
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import type { CommandIO } from './command-io.js';
import type { ModelProfile } from '../runtime/contract.js';
import type { ToolCallResult } from '../runtime/call/call-tool.js';
import type { RegistrationGateInput } from '../runtime/visibility/registration-gate.js';
import {
  CONTEXT_OPTIONS,
  MODEL_OPTIONS_USAGE,
  SESSION_OPTIONS_USAGE,
  UsageError,
  gateInputFromOptions,
  hasModelOptions,
  modelFromOptions,
} from './context-options.js';
import { parseCommandLine } from './define-command.js';
import { jsonText } from './json-output.js';

export const CALL_USAGE = `Usage: tool-contracts call TOOL [JSON] [options]

Call TOOL with JSON input (default: {}) and print what the model would get back.
Exit code: 0 success, 1 the tool answered with an error, 2 usage error.

Options:
  --workspace DIR      Workspace root and working directory (default: current directory)
  --artifacts DIR      Where over-budget results are written (default: <tmp>/tool-contracts-artifacts)
  --timeout MS         Per-call timeout override (applied only where the tool allows it)
${SESSION_OPTIONS_USAGE}
${MODEL_OPTIONS_USAGE}
                       (given model flags, the call is validated against the
                       contract as that model sees it)
  --boundary           Refuse file paths that resolve outside the workspace
  --trace              Write the call's trace (JSON) to standard error; tools whose
                       contract requires a trace refuse to run without it
  --json               Print the result as JSON (shape: README.md, "Machine-readable output")
  -h, --help           Show this help`;

const CALL_OPTIONS = {
  workspace: { type: 'string' },
  artifacts: { type: 'string' },
  timeout: { type: 'string' },
  ...CONTEXT_OPTIONS,
  boundary: { type: 'boolean' },
  trace: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

interface CallOptions {
  readonly toolName: string;
  readonly input: unknown;
  readonly workspace: string;
  readonly artifactDirectory: string;
  readonly timeoutMs?: number;
  readonly model?: ModelProfile;
  readonly gate: RegistrationGateInput;
  readonly enforceWorkspaceBoundary: boolean;
  readonly trace: boolean;
  readonly json: boolean;
}

function parseCallArgs(args: readonly string[], cwd: string): CallOptions | 'help' {
  const { values, positionals } = parseCommandLine(args, CALL_OPTIONS, {
    max: Number.POSITIVE_INFINITY,
  });
  if (values.help) return 'help';
  if (positionals.length === 0) throw new UsageError('missing TOOL');
  if (positionals.length > 2)
    throw new UsageError(
      `expected TOOL and at most one JSON argument, got ${positionals.length} arguments`,
    );
  const [toolName, text = '{}'] = positionals as [string, string?];

  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`JSON input is not valid JSON: ${(error as Error).message}`);
  }

  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
      throw new UsageError(`--timeout must be a positive integer (ms); got "${values.timeout}"`);
  }

  const gate = gateInputFromOptions(values);
  const workspace = nodePath.resolve(cwd, values.workspace ?? '.');
  return {
    toolName,
    input,
    workspace,
    artifactDirectory: nodePath.resolve(
      cwd,
      values.artifacts ?? nodePath.join(tmpdir(), 'tool-contracts-artifacts'),
    ),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(hasModelOptions(values) ? { model: modelFromOptions(values) } : {}),
    gate,
    enforceWorkspaceBoundary: values.boundary === true,
    trace: values.trace === true,
    json: values.json === true,
  };
}

export async function run(args: readonly string[], io: CommandIO): Promise<number> {
  let options: CallOptions | 'help';
  try {
    options = parseCallArgs(args, io.cwd);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`tool-contracts call: ${error.message}\n\n${CALL_USAGE}`);
    return 2;
  }
  if (options === 'help') {
    io.out(CALL_USAGE);
    return 0;
  }

  // Imported here so that `--help` and usage errors stay instant.
  const [{ builtInTools }, { SORTED_PROVIDER_TOOL_NAMES }, { createToolRuntime }, { callTool }] =
    await Promise.all([
      import('../generated/index.js'),
      import('../generated/provider-order.js'),
      import('../runtime/tool-runtime.js'),
      import('../runtime/call/call-tool.js'),
    ]);
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: options.gate,
    logger: { warn: (message) => io.err(`tool-contracts call: ${message}`) },
  });
  const result = await callTool(
    runtime,
    {
      name: options.toolName,
      input: options.input,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    },
    {
      workspaceRoot: options.workspace,
      workingDirectory: options.workspace,
      artifactDirectory: options.artifactDirectory,
      enforceWorkspaceBoundary: options.enforceWorkspaceBoundary,
      descriptionSettings: runtime.descriptionSettings(),
      ...(options.model === undefined ? {} : { model: options.model }),
      ...(options.trace ? { tracer: { record: (event) => io.err(JSON.stringify(event)) } } : {}),
    },
  );
  if (options.json) {
    io.out(jsonText(callJson(result)));
    return result.isError ? 1 : 0;
  }
  io.out(result.content);
  for (const warning of result.warnings) io.err(`tool-contracts call: ${warning}`);
  return result.isError ? 1 : 0;
}

/** `call --json`: every key always present (`null` when it does not apply). */
export interface CallJson {
  /** Canonical name of the tool called; `null` when the name did not resolve. */
  readonly tool: string | null;
  readonly isError: boolean;
  /** `invalid_input`, `permission_denied`, `timeout`, …; `null` on success. */
  readonly errorCode: string | null;
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
