/**
 * Surroundings for the executor tests: tools whose handlers record what happens in one shared
 * event log and can be held until the test releases them, a runtime over chosen entries, and a
 * batch context in a fresh temporary directory.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { ToolCall } from '../../../../runtime/call-path/call/call-tool.js';
import type { ToolEntry } from '../../../../runtime/core/contract.js';
import type {
  ToolBatchContext,
  ToolBatchRuntime,
} from '../../../../runtime/call-path/executor/index.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';
import type { ParsedRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { fixtureTool } from '../call/fixture-tool.js';

/** `{ label?: string }`: the label names the call in the event log. */
export const LabelInput = z.object({ label: z.string().optional() }).strict();

type FixtureOverrides = Parameters<typeof fixtureTool>[2];

/**
 * A tool with `LabelInput` whose handler logs `start <label>` and `end <label>` into `log`,
 * waiting in between for `hold(label)` (default: a turn of the event loop).
 */
export function loggingTool(
  name: string,
  log: string[],
  overrides: FixtureOverrides & { readonly hold?: (label: string) => Promise<void> } = {},
): ToolEntry {
  const { hold, ...rest } = overrides;
  return fixtureTool(name, LabelInput, {
    runtimeOutputSchema: z.string(),
    handler: async (input: { label?: string }) => {
      const label = input.label ?? name;
      log.push(`start ${label}`);
      await (hold ?? (() => new Promise<void>((resolve) => setImmediate(resolve))))(label);
      log.push(`end ${label}`);
      return { ok: true, output: `done ${label}` };
    },
    ...rest,
  });
}

/** Flags of a tool that writes the workspace (a barrier). */
export const WRITES_WORKSPACE = {
  readOnly: false,
  concurrentSafe: false,
  sideEffectScope: 'workspace',
} as const;

/** Promises a test resolves by name, and a way to wait until a handler reached them. */
export class Holds {
  readonly #waiting = new Map<string, () => void>();
  readonly #arrivals = new Map<string, () => void>();
  readonly #arrived = new Map<string, Promise<void>>();

  /** Handler side: wait until `release(label)`. */
  readonly hold = (label: string): Promise<void> => {
    this.#arrivalOf(label);
    this.#arrivals.get(label)!();
    return new Promise<void>((resolve) => this.#waiting.set(label, resolve));
  };

  /** Resolves once a handler is waiting at `label`. */
  reached(label: string): Promise<void> {
    return this.#arrivalOf(label);
  }

  /** Let the handler waiting at `label` go on. */
  async release(label: string): Promise<void> {
    await this.reached(label);
    this.#waiting.get(label)!();
  }

  #arrivalOf(label: string): Promise<void> {
    let arrived = this.#arrived.get(label);
    if (arrived === undefined) {
      arrived = new Promise<void>((resolve) => this.#arrivals.set(label, resolve));
      this.#arrived.set(label, arrived);
    }
    return arrived;
  }
}

/** A runtime over `entries` (plus the gate's deny rules, as `ToolRuntime` has them). */
export function batchRuntime(
  entries: readonly ToolEntry[],
  permissionRules: readonly ParsedRule[] = [],
): ToolBatchRuntime {
  const byName = new Map<string, ToolEntry>();
  for (const entry of entries) byName.set(entry.metadata.name, entry);
  for (const entry of entries)
    for (const alias of entry.metadata.aliases) if (!byName.has(alias)) byName.set(alias, entry);
  return {
    registry: { get: (name) => byName.get(name), list: () => entries },
    gate: { permissionRules },
  };
}

/**
 * A batch context in a fresh temporary directory (removed when the current test finishes);
 * permission mode `yolo` unless overridden.
 */
export async function batchContext(
  overrides: Partial<ToolBatchContext> = {},
): Promise<ToolBatchContext & { readonly root: string }> {
  const root = await realpath(await temporaryDirectory('executor-'));
  return {
    root,
    workspaceRoot: root,
    workingDirectory: root,
    artifactDirectory: path.join(root, '.artifacts'),
    permissions: { mode: 'yolo' },
    ...overrides,
  };
}

/** Calls of `name` labelled `labels`, with ids `call-<label>`. */
export function labelledCalls(name: string, ...labels: string[]): ToolCall[] {
  return labels.map((label) => ({ name, input: { label }, id: `call-${label}` }));
}
