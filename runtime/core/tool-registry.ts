/**
 * The tool registry (SPEC §5.2): one canonical-name map and one alias map, shared by built-in
 * and MCP tools.
 */
import type { ToolEntry } from './contract.js';
import { stderrLogger, type RuntimeLogger } from './runtime-logger.js';

export interface ToolRegistryOptions {
  /** Receives one warning per overwritten tool or skipped alias. Default: standard error. */
  readonly logger?: RuntimeLogger;
}

/**
 * Canonical names always win over aliases: an alias equal to a registered tool name, or already
 * taken by another tool, is skipped (with a warning), and a tool registered under a name that
 * was an alias takes the name over. Otherwise one call could reach a handler and a permission it
 * was never meant for.
 */
export class ToolRegistry {
  readonly #entries = new Map<string, ToolEntry>();
  /** alias → canonical name */
  readonly #aliases = new Map<string, string>();
  readonly #logger: RuntimeLogger;
  #version = 0;

  constructor(options: ToolRegistryOptions = {}) {
    this.#logger = options.logger ?? stderrLogger;
  }

  /** Add `entry`; a tool already registered under its name is replaced (with a warning). */
  register(entry: ToolEntry): void {
    this.#version += 1;
    const name = entry.metadata.name;
    if (this.#entries.has(name)) {
      this.#logger.warn(`tool "${name}" registered again; the new entry replaces the old one`);
      this.#dropAliasesOf(name);
    }
    const aliasOwner = this.#aliases.get(name);
    if (aliasOwner !== undefined) {
      this.#logger.warn(`tool "${name}" takes its name over from an alias of "${aliasOwner}"`);
      this.#aliases.delete(name);
    }
    this.#entries.set(name, entry);
    const { aliases } = entry.metadata;
    // (indexed: no iterator per entry, and an MCP server registers a thousand at once)
    for (let index = 0; index < aliases.length; index += 1) {
      const alias = aliases[index]!;
      if (alias === name) continue;
      if (this.#entries.has(alias)) {
        this.#logger.warn(`alias "${alias}" of "${name}" skipped: a tool has that name`);
        continue;
      }
      const owner = this.#aliases.get(alias);
      if (owner !== undefined && owner !== name) {
        this.#logger.warn(
          `alias "${alias}" of "${name}" skipped: it is already an alias of "${owner}"`,
        );
        continue;
      }
      this.#aliases.set(alias, name);
    }
  }

  /** The entry called `name`, or whose alias `name` is. */
  get(name: string): ToolEntry | undefined {
    return this.#entries.get(name) ?? this.#entries.get(this.#aliases.get(name) ?? '');
  }

  /** The canonical name `name` resolves to (itself for a tool name), if any. */
  resolveName(name: string): string | undefined {
    if (this.#entries.has(name)) return name;
    return this.#aliases.get(name);
  }

  has(name: string): boolean {
    return this.resolveName(name) !== undefined;
  }

  /** Remove every entry and alias (a runtime refreshing its built-ins starts over). */
  clear(): void {
    this.#version += 1;
    this.#entries.clear();
    this.#aliases.clear();
  }

  /**
   * A number that changes whenever the entries or aliases may have (every `register` and
   * `clear`): what was computed from the registry at one version holds while it stays.
   */
  get version(): number {
    return this.#version;
  }

  /** Every entry, in insertion order. */
  list(): readonly ToolEntry[] {
    return [...this.#entries.values()];
  }

  /** Every alias kept, with the canonical name it resolves to, in insertion order. */
  aliases(): ReadonlyMap<string, string> {
    return new Map(this.#aliases);
  }

  #dropAliasesOf(name: string): void {
    for (const [alias, owner] of this.#aliases) {
      if (owner === name) this.#aliases.delete(alias);
    }
  }
}
