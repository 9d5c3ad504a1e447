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
import { parseArgs } from 'node:util';
import type { CommandIO } from './command-io.js';
import type { FeatureFlag, HostPort, ModelProfile, SessionKind } from '../runtime/contract.js';
import { FEATURE_FLAGS, HOST_PORTS, SESSION_KINDS } from '../runtime/contract.js';
import { safeParsePermissionRule } from '../runtime/permission/parse-permission-rule.js';
import type { RegistrationGateInput } from '../runtime/registration-gate.js';

export const CALL_USAGE = `Usage: tool-contracts call TOOL [JSON] [options]

Call TOOL with JSON input (default: {}) and print what the model would get back.
Exit code: 0 success, 1 the tool answered with an error, 2 usage error.

Options:
  --workspace DIR      Workspace root and working directory (default: current directory)
  --artifacts DIR      Where over-budget results are written (default: <tmp>/tool-contracts-artifacts)
  --timeout MS         Per-call timeout override (applied only where the tool allows it)
  --model ID           Model making the call (its contract projection is validated against)
  --provider NAME      Provider of the model (default: anthropic)
  --pdf                The model reads PDFs
  --native-search      The model has native web search
  --session KIND       Session kind: ${SESSION_KINDS.join(', ')} (default: main)
  --toolset NAME       default or explore (sub-agent toolset; default: default)
  --host KIND          terminal or protocol (default: terminal)
  --port NAME          Host port injected, repeatable or comma-separated: ${HOST_PORTS.join(', ')}
  --flag NAME[=BOOL]   Feature flag, repeatable: ${FEATURE_FLAGS.join(', ')}
  --allow NAMES        Session allowlist, repeatable or comma-separated
  --deny NAMES         Session denylist, repeatable or comma-separated
  --disallow RULE      Disallowed tool or rule, repeatable: Bash, Bash(rm:*)
  --no-embedded-search Register Glob and Grep next to Bash
  --boundary           Refuse file paths that resolve outside the workspace
  --trace              Write the call's trace (JSON) to standard error; tools whose
                       contract requires a trace refuse to run without it
  -h, --help           Show this help`;

class UsageError extends Error {}

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

function parseCallArgs(args: readonly string[], cwd: string): CallOptions | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      strict: true,
      options: {
        workspace: { type: 'string' },
        artifacts: { type: 'string' },
        timeout: { type: 'string' },
        model: { type: 'string' },
        provider: { type: 'string' },
        pdf: { type: 'boolean' },
        'native-search': { type: 'boolean' },
        session: { type: 'string' },
        toolset: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string', multiple: true },
        flag: { type: 'string', multiple: true },
        allow: { type: 'string', multiple: true },
        deny: { type: 'string', multiple: true },
        disallow: { type: 'string', multiple: true },
        'no-embedded-search': { type: 'boolean' },
        boundary: { type: 'boolean' },
        trace: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
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

  const ports: Partial<Record<HostPort, boolean>> = {};
  for (const port of nameList(values.port) ?? []) ports[oneOf(port, HOST_PORTS, '--port')] = true;
  const features: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of values.flag ?? []) {
    const [name = '', setting = 'true'] = flag.split('=', 2);
    features[oneOf(name, FEATURE_FLAGS, '--flag')] =
      oneOf(setting, ['true', 'false'] as const, `--flag ${name}`) === 'true';
  }
  for (const rule of values.disallow ?? []) {
    const parsedRule = safeParsePermissionRule(rule);
    if (!parsedRule.success) throw new UsageError(`--disallow: ${parsedRule.error.message}`);
  }
  const allowlist = nameList(values.allow);
  const denylist = nameList(values.deny);
  const gate: RegistrationGateInput = {
    ports,
    features,
    hostKind: oneOf(values.host ?? 'terminal', ['terminal', 'protocol'] as const, '--host'),
    sessionKind: oneOf(values.session ?? 'main', SESSION_KINDS, '--session') satisfies SessionKind,
    toolset: oneOf(values.toolset ?? 'default', ['default', 'explore'] as const, '--toolset'),
    ...(allowlist === undefined ? {} : { allowlist }),
    ...(denylist === undefined ? {} : { denylist }),
    disallowedTools: values.disallow ?? [],
    embeddedSearch: values['no-embedded-search'] !== true,
  };

  const wantsModel =
    values.model !== undefined ||
    values.pdf === true ||
    values['native-search'] === true ||
    values.provider !== undefined;
  const provider = values.provider ?? 'anthropic';
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
    ...(wantsModel
      ? {
          model: {
            id: values.model ?? 'unspecified',
            provider,
            supportsPdf: values.pdf === true,
            supportsNativeWebSearch: values['native-search'] === true,
            firstParty: provider === 'anthropic',
          },
        }
      : {}),
    gate,
    enforceWorkspaceBoundary: values.boundary === true,
    trace: values.trace === true,
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
  io.out(result.content);
  for (const warning of result.warnings) io.err(`tool-contracts call: ${warning}`);
  return result.isError ? 1 : 0;
}
