/**
 * A tool runtime: the registry filled through the registration gate, MCP servers added at run
 * time, and `getTools` — the cached list of contracts a model sees (SPEC §5.2–5.3).
 *
 * ```ts
 * const runtime = createToolRuntime({ builtInTools, sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES, gate });
 * registerMcpTools(runtime, 'github', (await client.listTools()).tools, { callMcpTool });
 * const tools = applyTurnFilter(runtime.getTools({ model }), { kind: 'cron' });
 * ```
 */
import type { ModelProfile, ModelToolContract, ToolEntry } from './contract.js';
import { formatCurrentMonth, type DescriptionSettings } from './visibility/description-context.js';
import { computeVisibleTools } from './visibility/get-tools.js';
import type { ComputerUseVerifier } from './mcp/computer-use-verifier.js';
import {
  resolveRegistrationGate,
  type RegistrationGateInput,
  type RegistrationGateResult,
} from './visibility/registration-gate.js';
import { stderrLogger, type RuntimeLogger } from './runtime-logger.js';
import { ToolRegistry } from './tool-registry.js';
import { canonicalJson } from './visibility/tools-fingerprint.js';

export interface ToolRuntimeOptions {
  /** Every built-in tool, in registration order (`generated/index.ts`: `builtInTools`). */
  readonly builtInTools: readonly ToolEntry[];
  /** The sorted-name table (`generated/provider-order.ts`: `SORTED_PROVIDER_TOOL_NAMES`). */
  readonly sortedProviderToolNames: ReadonlySet<string>;
  /** Inputs of the registration gate. */
  readonly gate: RegistrationGateInput;
  /** Default: standard error. */
  readonly logger?: RuntimeLogger;
  /** Clock for WebSearch's current month. Default: `() => new Date()`. */
  readonly clock?: () => Date;
  /** Sub-agent profiles Agent and Task list. Default: none. */
  readonly subagentProfiles?: DescriptionSettings['subagentProfiles'];
  /** Host's shell timeout policy for description texts. Default: each tool's own contract timeout. */
  readonly timeoutPolicy?: DescriptionSettings['timeout'];
  /** Verifier whose token marks the official computer-use server. Without it no server is trusted. */
  readonly computerUse?: ComputerUseVerifier;
}

/** What `getTools` depends on besides the registry. */
export interface GetToolsContext {
  readonly model: ModelProfile;
}

/**
 * The runtime's tool state. `getTools` results are cached per (model, description settings)
 * and the cache is cleared when an MCP server is registered or removed or the search branch is
 * refreshed — the only events that change the registry after construction.
 */
export class ToolRuntime {
  readonly registry: ToolRegistry;
  readonly logger: RuntimeLogger;
  readonly #options: ToolRuntimeOptions;
  readonly #registrationOrder: readonly string[];
  readonly #mcpServers = new Map<string, readonly ToolEntry[]>();
  readonly #cache = new Map<string, readonly ModelToolContract[]>();
  #gateInput: RegistrationGateInput;
  #gate: RegistrationGateResult;

  constructor(options: ToolRuntimeOptions) {
    this.#options = options;
    this.logger = options.logger ?? stderrLogger;
    this.registry = new ToolRegistry({ logger: this.logger });
    this.#registrationOrder = options.builtInTools.map((tool) => tool.metadata.name);
    this.#gateInput = options.gate;
    this.#gate = this.#registerBuiltIns();
  }

  /** The gate's inputs as currently in effect (the search branch may have been refreshed). */
  get gateInput(): RegistrationGateInput {
    return this.#gateInput;
  }

  /** The gate's current result: registered and skipped built-ins, disallow rules, flags. */
  get gate(): RegistrationGateResult {
    return this.#gate;
  }

  /** Names of the MCP servers registered so far, in registration order. */
  get mcpServers(): readonly string[] {
    return [...this.#mcpServers.keys()];
  }

  /** Description settings in effect now (the month follows the clock). */
  descriptionSettings(): DescriptionSettings {
    const clock = this.#options.clock ?? (() => new Date());
    return {
      timeout: this.#options.timeoutPolicy,
      subagentProfiles: this.#options.subagentProfiles ?? [],
      currentMonth: formatCurrentMonth(clock()),
      dynamicWorkflows: this.#gate.features.dynamicWorkflows,
    };
  }

  /** The contracts `context.model` sees, in provider order (cached; frozen). */
  getTools(context: GetToolsContext): readonly ModelToolContract[] {
    const descriptionSettings = this.descriptionSettings();
    const key = canonicalJson({ model: context.model, descriptionSettings });
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const tools = computeVisibleTools({
      entries: this.registry.list(),
      model: context.model,
      descriptionSettings,
      embeddedSearch: this.#gateInput.embeddedSearch ?? true,
      order: {
        sortedNames: this.#options.sortedProviderToolNames,
        registrationOrder: this.#registrationOrder,
      },
      onRenderError: (error) => this.logger.warn(error.message),
    });
    this.#cache.set(key, tools);
    return tools;
  }

  /**
   * Re-run the gate with a new search branch (after the shell environment is known) and
   * re-register the built-ins; MCP tools stay. Same gate function as construction.
   */
  refreshBranchAwareTools(update: { readonly embeddedSearch: boolean }): RegistrationGateResult {
    this.#gateInput = { ...this.#gateInput, embeddedSearch: update.embeddedSearch };
    this.registry.clear();
    this.#gate = this.#registerBuiltIns();
    for (const entries of this.#mcpServers.values())
      for (const entry of entries) this.registry.register(entry);
    this.#cache.clear();
    return this.#gate;
  }

  /** Whether `server`'s tools were registered already (each server is registered once). */
  hasMcpServer(server: string): boolean {
    return this.#mcpServers.has(server);
  }

  /** Whether `token` is the host's computer-use token. */
  isVerifiedComputerUse(token: unknown): boolean {
    return this.#options.computerUse?.verify(token) ?? false;
  }

  /**
   * Register one MCP server's entries (built by `registerMcpTools`, which checks names, lists
   * and flags first) and clear the tools cache.
   */
  addMcpServer(server: string, entries: readonly ToolEntry[]): void {
    if (this.#mcpServers.has(server))
      throw new Error(`MCP server "${server}" is already registered in this runtime`);
    this.#mcpServers.set(server, entries);
    for (const entry of entries) this.registry.register(entry);
    this.#cache.clear();
  }

  /**
   * Remove `server`'s tools (the server died or its tool list changed) and clear the tools
   * cache. The built-ins and the other servers' tools keep their entries and their order.
   * Returns whether the server was registered.
   */
  removeMcpServer(server: string): boolean {
    if (!this.#mcpServers.delete(server)) return false;
    this.registry.clear();
    for (const entry of this.#gate.registered) this.registry.register(entry);
    for (const entries of this.#mcpServers.values())
      for (const entry of entries) this.registry.register(entry);
    this.#cache.clear();
    return true;
  }

  #registerBuiltIns(): RegistrationGateResult {
    const gate = resolveRegistrationGate(this.#options.builtInTools, this.#gateInput);
    for (const problem of gate.ruleProblems) this.logger.warn(problem.message);
    for (const entry of gate.registered) this.registry.register(entry);
    return gate;
  }
}

/** A runtime with the built-ins that pass the gate registered. */
export function createToolRuntime(options: ToolRuntimeOptions): ToolRuntime {
  return new ToolRuntime(options);
}
