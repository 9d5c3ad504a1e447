/**
 * Add one MCP server's tools (as `tools/list` returned them) to a runtime (SPEC §5.4).
 *
 * - Once per runtime per server: a second call for the same server registers nothing, and says
 *   so in a warning (remove the server first to replace its tools).
 * - `features.mcp` off registers nothing, with a warning; the session's disallowed names, denylist and allowlist
 *   apply as to built-ins (matched against the provider-visible name and its alias).
 * - Per-server `includeTools` / `excludeTools` globs (picomatch) on the tool's original name;
 *   exclude wins.
 * - Names: `mcp__<server>__<tool>`, sanitised; shortened with a hash when too long or clashing
 *   (see `project-mcp-tool-name.ts`). Original names are kept for the call.
 * - The host's `node_repl` server: 64 KiB spilled budget; its `js` tool is `system`, high risk.
 * - A server registered with the host's computer-use token (see `computer-use-verifier.ts`):
 *   256 KiB budget, shown as `mcp__computer-use__<tool>` with its ordinary name kept as an alias.
 *   The same server without the token is an ordinary MCP server. Names starting with
 *   `mcp__computer-use__` belong to the verified server only: an unverified server that would get
 *   them (one named `computer-use`) is shown as `mcp__unverified-computer-use__<tool>`.
 * - A tool that can only be called as an MCP task (`execution.taskSupport: "required"`) is
 *   skipped with a warning: this runtime calls tools directly, and every call would fail.
 * - Schemas are normalised at registration (`shared-mcp-schema.ts`: by one fused walk for the
 *   common keywords, else by `normalize-mcp-input-schema.ts` once per identical schema); their
 *   warnings are reported then, for each tool.
 * - Registering clears the runtime's tools cache.
 */
import {
  checkMcpPins,
  isUnapprovedChange,
  type McpLock,
  type McpPinPolicy,
} from './mcp-definition-lock.js';
import { capEcho } from '../../core/cap-echo.js';
import {
  boundMcpDescriptor,
  boundMcpSchemaSize,
  WARN_MCP_SCHEMA_CHARS,
} from './bound-mcp-descriptor.js';
import { picomatchOnDemand } from '../../core/support/picomatch-on-demand.js';
import { type ToolEntry } from '../../core/contract.js';
import { deepFreeze } from '../../core/frozen-data.js';
import { isJsonObject } from '../../core/support/is-json-object.js';
import type { Writable } from '../../core/support/writable.js';
import {
  sessionListVerdict,
  splitDisallowedTools,
} from '../../core/visibility/registration-gate.js';
import type { ToolRuntime } from '../../core/tool-runtime.js';
import { createMcpToolEntry, type McpToolEntryOptions } from './create-mcp-tool-entry.js';
import {
  COMPUTER_USE_RESULT_BUDGET,
  MCP_RESULT_BUDGET,
  NODE_REPL_RESULT_BUDGET,
} from './mcp-result-budgets.js';
import type { CallMcpTool, McpToolDescriptor } from './mcp-tool-descriptor.js';
import { normalizeCommonMcpSchema } from './normalize-common-mcp-schema.js';
import { sharedFullMcpSchema, sharedMcpSchema, type SharedMcpSchema } from './shared-mcp-schema.js';
import {
  mcpCapability,
  mcpNameProjections,
  mcpToolName,
  sanitizeMcpNamePart,
} from './project-mcp-tool-name.js';

/** Server name of the host's Node REPL (browser-use) MCP server. */
export const NODE_REPL_SERVER = 'node_repl';
/** Server part of the verified computer-use server's provider-visible names. */
export const COMPUTER_USE_VISIBLE_SERVER = 'computer-use';

/** What a tool without a usable schema gets (frozen: shared by every entry and list). */
const ANY_OBJECT_SCHEMA = deepFreeze({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
});

/** The aliases of every tool but the verified computer-use server's (frozen: shared). */
const NO_ALIASES: readonly string[] = deepFreeze([]);

/** Provider-visible names that belong to the verified computer-use server only. */
export const COMPUTER_USE_NAME_PREFIX = `mcp__${COMPUTER_USE_VISIBLE_SERVER}__`;
/** Server part prefix given to an unverified server whose names would start with that prefix. */
export const UNVERIFIED_PREFIX = 'unverified-';

/**
 * Whether an unverified server's tools would be named `mcp__computer-use__…` (a server called
 * `computer-use`, or `computer-use__x`). Those names are the verified server's, so such a server
 * is shown as `unverified-<server>`: it can neither pose as the verified server nor, by
 * registering first, push the verified server's tools to hashed names.
 */
export function claimsComputerUseNames(server: string): boolean {
  return mcpToolName(server, '').startsWith(COMPUTER_USE_NAME_PREFIX);
}

export interface RegisterMcpToolsOptions {
  /** Calls a tool on a server; the entries' handlers go through it. */
  readonly callMcpTool: CallMcpTool;
  /** Only tools whose original name matches one of these globs. Default: all. */
  readonly includeTools?: readonly string[];
  /** Never tools whose original name matches one of these globs; wins over `includeTools`. */
  readonly excludeTools?: readonly string[];
  /** The host's computer-use token when this server is the official computer-use server. */
  readonly computerUseToken?: unknown;
  /**
   * Approved definitions (see `mcp-definition-lock.ts`): a pinned tool whose definition changed,
   * or a tool added to an approved server, is reported with a diff, and with `onChange: 'hide'`
   * skipped (`definitionChanged`). Default: no pinning.
   */
  readonly pins?: { readonly lock: McpLock; readonly onChange?: McpPinPolicy };
  /** The server is trusted: its read-only tools need no approval. Default: false. */
  readonly trusted?: boolean;
  /**
   * `callMcpTool` calls task-only tools (`execution.taskSupport: "required"`) through the MCP
   * tasks API: they are registered. Default: false (skipped, `taskRequired`).
   */
  readonly callsTasks?: boolean;
}

export type McpSkipReason =
  | 'invalidDescriptor'
  | 'duplicateName'
  | 'taskRequired'
  | 'excluded'
  | 'notIncluded'
  | 'featureOff'
  | 'disallowed'
  | 'denylist'
  | 'allowlist'
  | 'nameCollision'
  | 'definitionChanged';

export interface McpRegistrationResult {
  readonly server: string;
  /** The server had been registered before; nothing was done. */
  readonly alreadyRegistered: boolean;
  readonly computerUse: boolean;
  /** Registered tools: provider-visible name, original name, aliases, whether shortened. */
  readonly registered: readonly {
    readonly name: string;
    readonly tool: string;
    readonly aliases: readonly string[];
    readonly shortened: boolean;
  }[];
  readonly skipped: readonly { readonly tool: string; readonly reason: McpSkipReason }[];
  /** Schema normalisation notes and other problems, also sent to the runtime's logger. */
  readonly warnings: readonly string[];
}

/** Register `descriptors` of `server` in `runtime`. Never throws for bad descriptors. */
export function registerMcpTools(
  runtime: ToolRuntime,
  server: string,
  descriptors: readonly unknown[],
  options: RegisterMcpToolsOptions,
): McpRegistrationResult {
  const computerUse =
    options.computerUseToken !== undefined &&
    runtime.isVerifiedComputerUse(options.computerUseToken);
  const warnings: string[] = [];
  const skipped: { tool: string; reason: McpSkipReason }[] = [];
  const result = (
    registered: McpRegistrationResult['registered'],
    alreadyRegistered = false,
  ): McpRegistrationResult => {
    for (const warning of warnings) runtime.logger.warn(warning);
    return { server, alreadyRegistered, computerUse, registered, skipped, warnings };
  };
  if (options.computerUseToken !== undefined && !computerUse) {
    warnings.push(
      `MCP server "${server}": computer-use token not recognised; registered as an ordinary MCP server`,
    );
  }
  if (runtime.hasMcpServer(server)) {
    warnings.push(
      `MCP server "${server}" is already registered; the second definition of it is ignored`,
    );
    return result([], true);
  }

  // Input schemas the fused walk normalises as it measures their depth (for the descriptor's
  // bound), one per descriptor kept (`undefined` where the full path must); not when nothing
  // will be registered.
  const inputs: (SharedMcpSchema | undefined)[] | undefined = runtime.gate.features.mcp
    ? []
    : undefined;
  const valid = collectDescriptors(
    server,
    descriptors,
    skipped,
    warnings,
    inputs,
    options.callsTasks === true,
  );
  if (!runtime.gate.features.mcp) {
    for (const descriptor of valid) skipped.push({ tool: descriptor.name, reason: 'featureOff' });
    if (valid.length > 0)
      warnings.push(
        `MCP server "${server}": ${valid.length} tool${valid.length === 1 ? '' : 's'} not registered, the feature flag mcp is off`,
      );
    return result([]);
  }
  const changed = checkPins(server, valid, options, warnings);
  const selected: McpToolDescriptor[] = [];
  const selectedInputs: (SharedMcpSchema | undefined)[] = [];
  for (let index = 0; index < valid.length; index += 1) {
    const descriptor = valid[index]!;
    const reason = changed.has(descriptor.name)
      ? 'definitionChanged'
      : toolFilterVerdict(descriptor.name, options);
    if (reason !== undefined) skipped.push({ tool: descriptor.name, reason });
    else {
      selected.push(descriptor);
      selectedInputs.push(inputs![index]);
    }
  }

  const visibleServer = computerUse
    ? COMPUTER_USE_VISIBLE_SERVER
    : claimsComputerUseNames(server)
      ? `${UNVERIFIED_PREFIX}${server}`
      : server;
  if (visibleServer !== server && !computerUse)
    warnings.push(
      `MCP server "${server}" is not the verified computer-use server; its tools are shown as ${mcpToolName(visibleServer, '')}<tool>`,
    );
  const taken = new Set([
    ...runtime.registry.list().map((entry) => entry.metadata.name),
    ...runtime.registry.aliases().keys(),
  ]);
  const names = mcpNameProjections(
    server,
    selected.map((descriptor) => descriptor.name),
    taken,
    visibleServer,
  );
  const disallowedRules = splitDisallowedTools(runtime.gateInput.disallowedTools).bareRules;
  // Without rules or lists no tool can be refused by them: the subject is not built per tool.
  const listsApply =
    disallowedRules.length > 0 ||
    runtime.gateInput.allowlist !== undefined ||
    runtime.gateInput.denylist !== undefined;
  const resultBudget = computerUse
    ? COMPUTER_USE_RESULT_BUDGET
    : server === NODE_REPL_SERVER
      ? NODE_REPL_RESULT_BUDGET
      : MCP_RESULT_BUDGET;
  const source = `mcp:${server}`;
  const capabilityServer = sanitizeMcpNamePart(server);
  const entries: ToolEntry[] = [];
  const registered: {
    name: string;
    tool: string;
    aliases: readonly string[];
    shortened: boolean;
  }[] = [];
  // One options object for every tool, its per-tool fields set before each entry is made
  // (`createMcpToolEntry` keeps none of it): a thousand tools are not a thousand of them more.
  const entryOptions: Writable<McpToolEntryOptions> = {
    server,
    descriptor: { name: '' },
    name: '',
    aliases: NO_ALIASES,
    inputSchema: ANY_OBJECT_SCHEMA,
    outputSchema: ANY_OBJECT_SCHEMA,
    resultBudget,
    sideEffectScope: 'network',
    riskLevel: undefined,
    callMcpTool: options.callMcpTool,
    capability: '',
    source,
    trusted: options.trusted === true,
  };
  // (indexed: no iterator result per step while the loop is not optimised yet)
  for (let index = 0; index < selected.length; index += 1) {
    const descriptor = selected[index]!;
    const projection = names[index]!;
    if (!projection.ok) {
      warnings.push(
        `MCP server "${server}": tool "${capEcho(descriptor.name)}" skipped, its name ${projection.name} is taken`,
      );
      skipped.push({ tool: descriptor.name, reason: 'nameCollision' });
      continue;
    }
    const aliases = computerUse
      ? computerUseAliases(server, descriptor.name, projection.name, taken)
      : NO_ALIASES;
    const capability = mcpCapability(server, descriptor.name, capabilityServer);
    // The same subject the entry gets below: permission = its name, capability mcp.<server>.<tool>.
    const listed = listsApply
      ? sessionListVerdict(
          { names: [projection.name, ...aliases], permission: projection.name, capability },
          runtime.gateInput,
          disallowedRules,
        )
      : undefined;
    if (listed !== undefined) {
      skipped.push({ tool: descriptor.name, reason: listed });
      continue;
    }
    // Normalised by the fused walk above, else once per identical schema, frozen and shared
    // (warnings repeated per tool).
    const input = selectedInputs[index] ?? sharedFullMcpSchema(descriptor.inputSchema);
    if (input.warnings.length > 0)
      for (const warning of input.warnings)
        warnings.push(toolWarning(server, descriptor.name, warning));
    const inputSchema =
      input.jsonCharsAtMost !== undefined && input.jsonCharsAtMost <= WARN_MCP_SCHEMA_CHARS
        ? input.schema // (what boundMcpSchemaSize returns, without a closure per tool)
        : boundMcpSchemaSize(
            input.schema,
            ANY_OBJECT_SCHEMA,
            (warning) => warnings.push(toolWarning(server, descriptor.name, warning)),
            input.jsonCharsAtMost,
          );
    const output =
      descriptor.outputSchema === undefined ? undefined : sharedMcpSchema(descriptor.outputSchema);
    const isNodeReplJs = server === NODE_REPL_SERVER && descriptor.name === 'js';
    entryOptions.descriptor = descriptor;
    entryOptions.name = projection.name;
    entryOptions.aliases = aliases;
    entryOptions.inputSchema = inputSchema;
    entryOptions.outputSchema = output?.schema ?? ANY_OBJECT_SCHEMA;
    entryOptions.sideEffectScope = isNodeReplJs ? 'system' : 'network';
    entryOptions.riskLevel = isNodeReplJs ? 'high' : undefined;
    entryOptions.capability = capability;
    entries.push(createMcpToolEntry(entryOptions));
    registered.push({
      name: projection.name,
      tool: descriptor.name,
      aliases,
      shortened: projection.shortened,
    });
  }
  runtime.addMcpServer(server, entries);
  return result(registered);
}

/** A warning about one tool of `server`. */
function toolWarning(server: string, tool: string, warning: string): string {
  return `MCP server "${server}", tool "${capEcho(tool)}": ${warning}`;
}

/**
 * The verified computer-use server's tool keeps its ordinary name `mcp__<server>__<tool>` as an
 * alias when that differs from its name, fits, and is free.
 */
function computerUseAliases(
  server: string,
  tool: string,
  name: string,
  taken: ReadonlySet<string>,
): string[] {
  const ordinaryName = mcpToolName(server, tool);
  return ordinaryName !== name && ordinaryName.length <= 64 && !taken.has(ordinaryName)
    ? [ordinaryName]
    : [];
}

/** A definition diff under a warning: each line indented by four spaces. */
function indentDiff(diff: string): string {
  return diff
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

/** Report pinned tools that changed or were added, and unapproved servers; the names to hide. */
function checkPins(
  server: string,
  descriptors: readonly McpToolDescriptor[],
  options: RegisterMcpToolsOptions,
  warnings: string[],
): ReadonlySet<string> {
  const hidden = new Set<string>();
  if (options.pins === undefined) return hidden;
  const { lock, onChange = 'warn' } = options.pins;
  const approve = (tool?: string) =>
    `approve with: tool-contracts mcp approve ${server}${tool === undefined ? '' : ` --tool ${tool}`}`;
  const verdicts = checkMcpPins(lock, server, descriptors);
  if (!Object.hasOwn(lock.servers, server)) {
    if (verdicts.length > 0)
      warnings.push(`MCP server "${server}": no approved definitions yet; ${approve()}`);
    return hidden;
  }
  for (const verdict of verdicts) {
    if (!isUnapprovedChange(verdict)) continue;
    const tool = capEcho(verdict.tool);
    if (onChange === 'hide') hidden.add(verdict.tool);
    const what =
      verdict.status === 'added'
        ? 'appeared after the server was approved'
        : `changed since it was approved (${verdict.fields.join(', ')})`;
    const outcome =
      onChange === 'hide'
        ? `hidden until approved${verdict.status === 'added' ? '' : ' again'}`
        : 'registered anyway';
    warnings.push(
      `MCP server "${server}": tool "${tool}" ${what}; ${outcome}; ${approve(tool)}\n${indentDiff(verdict.diff)}`,
    );
  }
  return hidden;
}

/** The descriptors of a `tools/list` result that registration would consider (`mcp approve`). */
export function usableMcpDescriptors(
  server: string,
  descriptors: readonly unknown[],
): McpToolDescriptor[] {
  return collectDescriptors(server, descriptors, [], []);
}

/**
 * Descriptors with a usable name, first of each name kept. With `inputs`, each input schema is
 * given to the fused walk first (`normalize-common-mcp-schema.ts`), which also measures its
 * depth: what it gives is pushed to `inputs` for each descriptor kept (in their order), and the
 * schemas it answers for are not measured again by `boundMcpDescriptor`; for the others it
 * pushes `undefined`, and they are bounded as before (and go to the full path).
 */
function collectDescriptors(
  server: string,
  descriptors: readonly unknown[],
  skipped: { tool: string; reason: McpSkipReason }[],
  warnings: string[],
  inputs?: (SharedMcpSchema | undefined)[],
  callsTasks = false,
): McpToolDescriptor[] {
  const seen = new Set<string>();
  const valid: McpToolDescriptor[] = [];
  // One warning callback for every descriptor (told which tool it is about), not one each.
  let current = '';
  const warn = (warning: string) => warnings.push(toolWarning(server, current, warning));
  descriptors.forEach((descriptor, index) => {
    const name = isJsonObject(descriptor) ? descriptor['name'] : undefined;
    if (typeof name !== 'string' || name === '') {
      warnings.push(`MCP server "${server}": tool #${index} has no name; skipped`);
      skipped.push({ tool: `#${index}`, reason: 'invalidDescriptor' });
    } else if (!callsTasks && taskSupport(descriptor as object) === 'required') {
      warnings.push(
        `MCP server "${server}": tool "${capEcho(name)}" skipped, it can only be called as a task (execution.taskSupport "required") and this runtime calls tools directly`,
      );
      skipped.push({ tool: name, reason: 'taskRequired' });
    } else if (seen.has(name)) {
      warnings.push(
        `MCP server "${server}": tool "${capEcho(name)}" listed twice; the first is kept`,
      );
      skipped.push({ tool: name, reason: 'duplicateName' });
    } else {
      seen.add(name);
      const raw = descriptor as unknown as McpToolDescriptor;
      const rawInput = inputs === undefined ? undefined : raw.inputSchema;
      const common = rawInput === undefined ? undefined : normalizeCommonMcpSchema(rawInput);
      current = name;
      const bounded = boundMcpDescriptor(
        raw,
        warn,
        common === undefined ? undefined : (rawInput as object),
      );
      inputs?.push(common);
      valid.push(bounded);
    }
  });
  return valid;
}

export function taskSupport(descriptor: object): unknown {
  const execution = (descriptor as { execution?: unknown }).execution;
  return typeof execution === 'object' && execution !== null
    ? (execution as { taskSupport?: unknown }).taskSupport
    : undefined;
}

function toolFilterVerdict(
  tool: string,
  options: RegisterMcpToolsOptions,
): 'excluded' | 'notIncluded' | undefined {
  if (matchesAny(tool, options.excludeTools ?? [])) return 'excluded';
  if (options.includeTools !== undefined && !matchesAny(tool, options.includeTools))
    return 'notIncluded';
  return undefined;
}

function matchesAny(tool: string, globs: readonly string[]): boolean {
  return globs.length > 0 && picomatchOnDemand().isMatch(tool, [...globs], { dot: true });
}
