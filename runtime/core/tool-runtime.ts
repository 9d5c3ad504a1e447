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
import type { ComputerUseVerifier } from './computer-use-verifier.js';
import {
  resolveRegistrationGate,
  type RegistrationGateInput,
  type RegistrationGateResult,
} from './visibility/registration-gate.js';
import { stderrLogger, type RuntimeLogger } from './runtime-logger.js';
import { ToolRegistry } from './tool-registry.js';

export interface ToolRuntimeOptions {
  /** Every built-in tool, in registration order (`generated/index.ts`: `builtInTools`). */
  readonly builtInTools: readonly ToolEntry[];
  /** The sorted-name table (`generated/provider-order.ts`: `SORTED_PROVIDER_TOOL_NAMES`). */
  readonly sortedProviderToolNames: ReadonlySet<string>;
  /** Inputs of the registration gate. */
  readonly gate: RegistrationGateInput;
  /** Default: standard error. */
  readonly logger?: RuntimeLogger;
  /**
   * Clock for WebSearch's current month. `getTools` reads it for its first list, then a timer
   * reads it again at the next month's start (and at least every {@link MONTH_CHECK_MAX_MS}, so a
   * machine that slept through the change sees it within that time) — never per call.
   * Default: `() => new Date()`.
   */
  readonly clock?: () => Date;
  /** Sub-agent profiles Agent and Task list (read as given when a list is made). Default: none. */
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

/** Longest time between two reads of the clock while lists are cached (one hour). */
export const MONTH_CHECK_MAX_MS = 60 * 60 * 1000;

/** The fields of a model profile a list depends on, and that list. */
interface CachedList {
  readonly id: string;
  readonly provider: string;
  readonly supportsNativeWebSearch: boolean;
  readonly supportsPdf: boolean;
  readonly firstParty: boolean;
  readonly tools: readonly ModelToolContract[];
}

/**
 * The runtime's tool state. `getTools` results are cached per model profile (its five fields)
 * and dropped when the registry changes (any `register` or `clear` of it: MCP servers added or
 * removed, a reconnect, the search branch refreshed, a host registering an entry itself), when
 * the search branch is refreshed (the gate's flags feed the descriptions) and when the month
 * changes. A cache hit reads no clock and serialises nothing: the registry's version is
 * compared, and the profile found by identity (its fields compared) or by a short key.
 */
export class ToolRuntime {
  readonly registry: ToolRegistry;
  readonly logger: RuntimeLogger;
  readonly #options: ToolRuntimeOptions;
  readonly #registrationOrder: readonly string[];
  readonly #mcpServers = new Map<string, readonly ToolEntry[]>();
  /** Lists by profile key; `#byProfile` finds them by the profile object first. */
  #cache = new Map<string, CachedList>();
  #byProfile = new WeakMap<ModelProfile, CachedList>();
  /** The registry version the cached lists were made at. */
  #cachedVersion = -1;
  /** Description settings of the cached lists (the month as the clock last said). */
  #listSettings: DescriptionSettings | undefined;
  #monthTimer: ReturnType<typeof setTimeout> | undefined;
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
    return this.#settingsAt(this.#now());
  }

  #now(): Date {
    return (this.#options.clock ?? (() => new Date()))();
  }

  #settingsAt(now: Date): DescriptionSettings {
    return {
      timeout: this.#options.timeoutPolicy,
      subagentProfiles: this.#options.subagentProfiles ?? [],
      currentMonth: formatCurrentMonth(now),
      dynamicWorkflows: this.#gate.features.dynamicWorkflows,
    };
  }

  /** The contracts `context.model` sees, in provider order (cached; frozen). */
  getTools(context: GetToolsContext): readonly ModelToolContract[] {
    const { model } = context;
    if (this.registry.version !== this.#cachedVersion) this.#dropLists();
    const known = this.#byProfile.get(model);
    if (known !== undefined && sameProfile(known, model)) return known.tools;
    const key = profileKey(model);
    let list = this.#cache.get(key);
    if (list === undefined) {
      this.#listSettings ??= this.#settingsWatchingTheMonth();
      const tools = computeVisibleTools({
        entries: this.registry.list(),
        model,
        descriptionSettings: this.#listSettings,
        embeddedSearch: this.#gateInput.embeddedSearch ?? true,
        order: {
          sortedNames: this.#options.sortedProviderToolNames,
          registrationOrder: this.#registrationOrder,
        },
        onRenderError: (error) => this.logger.warn(error.message),
      });
      list = {
        id: model.id,
        provider: model.provider,
        supportsNativeWebSearch: model.supportsNativeWebSearch,
        supportsPdf: model.supportsPdf,
        firstParty: model.firstParty,
        tools,
      };
      this.#cache.set(key, list);
    }
    this.#byProfile.set(model, list);
    return list.tools;
  }

  /** Forget every cached list (they are made again on demand, with fresh settings). */
  #dropLists(): void {
    this.#cache = new Map();
    this.#byProfile = new WeakMap();
    this.#cachedVersion = this.registry.version;
  }

  /**
   * The description settings now, with a timer (unref'd: it never keeps the process alive; it
   * holds this runtime only weakly) that reads the clock again when the month should have
   * changed and drops the lists if it did.
   */
  #settingsWatchingTheMonth(): DescriptionSettings {
    const now = this.#now();
    const settings = this.#settingsAt(now);
    const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    const delay = Math.min(Math.max(nextMonth - now.getTime(), 1), MONTH_CHECK_MAX_MS);
    const runtime = new WeakRef(this);
    if (this.#monthTimer !== undefined) clearTimeout(this.#monthTimer);
    this.#monthTimer = setTimeout(() => {
      const alive = runtime.deref();
      if (alive !== undefined) alive.#checkMonth(settings.currentMonth);
    }, delay);
    this.#monthTimer.unref?.();
    return settings;
  }

  #checkMonth(month: string): void {
    this.#monthTimer = undefined;
    const settings = this.#settingsWatchingTheMonth();
    if (settings.currentMonth === month) return;
    this.#listSettings = settings;
    this.#dropLists();
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
    // The registry changed (its lists go); the gate's flags feed the descriptions too.
    this.#listSettings = undefined;
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
    // (indexed: no iterator result per step while the loop is not optimised yet)
    for (let index = 0; index < entries.length; index += 1) this.registry.register(entries[index]!);
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
    return true;
  }

  #registerBuiltIns(): RegistrationGateResult {
    const gate = resolveRegistrationGate(this.#options.builtInTools, this.#gateInput);
    for (const problem of gate.ruleProblems) this.logger.warn(problem.message);
    for (const entry of gate.registered) this.registry.register(entry);
    return gate;
  }
}

function sameProfile(list: CachedList, model: ModelProfile): boolean {
  return (
    list.id === model.id &&
    list.provider === model.provider &&
    list.supportsNativeWebSearch === model.supportsNativeWebSearch &&
    list.supportsPdf === model.supportsPdf &&
    list.firstParty === model.firstParty
  );
}

/** One string per distinct profile: three flag digits, the id's length, the id, the provider. */
function profileKey(model: ModelProfile): string {
  const flags = `${+model.supportsNativeWebSearch}${+model.supportsPdf}${+model.firstParty}`;
  return `${flags}${model.id.length}:${model.id}${model.provider}`;
}

/** A runtime with the built-ins that pass the gate registered. */
export function createToolRuntime(options: ToolRuntimeOptions): ToolRuntime {
  return new ToolRuntime(options);
}
