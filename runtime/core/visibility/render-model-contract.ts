/**
 * Contract projection (visibility layer 2): one {@link ToolEntry} → the {@link ModelToolContract}
 * the model sees. Templates are rendered, the `Usage:` list appended, flags, permission and
 * budget carried as plain data. The result never holds a function: entries carry handlers and
 * hooks, and a model SDK handed a function might execute the tool on its own.
 *
 * Nothing is copied that need not be: schemas, permission and budget that were frozen by
 * `deepFreeze` (generated contracts at import, MCP entries at registration) are shared as they
 * are; a template rendered into a schema copies only the nodes on the path to the text it writes
 * (copy on write), its siblings stay shared. Anything else (a hand-written entry's own mutable
 * objects) is copied whole, as its owner may still change it.
 */
import {
  type JsonSchema,
  type ModelProfile,
  type ModelToolContract,
  type ToolEntry,
} from '../contract.js';
import { freezeJsonTree, isFrozenData } from '../frozen-data.js';
import { parseJsonPointer, resolveJsonPointer } from '../json-schema/json-pointer.js';
import { defineEntry } from '../support/define-entry.js';
import { isJsonObject } from '../support/is-json-object.js';
import type { Writable } from '../support/writable.js';
import { descriptionContextFor, type DescriptionSettings } from './description-context.js';

/**
 * A description template that threw while rendering. The generator refuses every template that
 * could (see `generator/manifest/description-templates.ts`), so this means a hand-written or
 * outdated `descriptionTemplates`; `computeVisibleTools` leaves such a tool out of the list and
 * reports this error instead of failing the whole list.
 */
export class DescriptionRenderError extends Error {
  constructor(
    /** The tool whose template failed. */
    readonly tool: string,
    /** JSON pointer of the template (`/description`). */
    readonly pointer: string,
    cause: unknown,
  ) {
    super(
      `${tool}: the description template at ${JSON.stringify(pointer)} failed to render (${cause instanceof Error ? cause.message : String(cause)}); the tool is left out of the model's list`,
      { cause },
    );
    this.name = 'DescriptionRenderError';
  }
}

/** `description` followed by the `Usage:` list of `modelInstructions` (nothing when empty). */
export function appendUsageList(description: string, modelInstructions: readonly string[]): string {
  if (modelInstructions.length === 0) return description;
  return `${description}\n\nUsage:\n${modelInstructions.map((line) => `- ${line}`).join('\n')}`;
}

/**
 * Project `entry` for `model` (default: one without capabilities) with its templates rendered
 * under `settings`.
 *
 * @throws DescriptionRenderError when a template throws.
 */
export function renderModelContract(
  entry: ToolEntry,
  settings: DescriptionSettings,
  model?: Pick<ModelProfile, 'supportsPdf' | 'supportsNativeWebSearch'>,
): ModelToolContract {
  return project(entry, settings, model, undefined);
}

/**
 * What {@link renderFrozenModelContract} keeps across the contracts of one list: whether they all
 * are frozen data, and the last output schema and budget found to be frozen data (most entries
 * share theirs: checked once, not once per contract; a mark, once made, stays).
 */
export interface FrozenListRender {
  /** Set to false when a contract is not frozen data throughout, as `isFrozenData` means it. */
  data: boolean;
  outputSchema?: unknown;
  resultBudget?: unknown;
}

/**
 * {@link renderModelContract}, deeply frozen, for a list that shares it (`computeVisibleTools`,
 * for an entry without a `resolveModelContract` hook). `list.data` is set to false when the
 * contract is not frozen data throughout as `isFrozenData` means it (else it is left as it is:
 * a list whose contracts all are is marked without a walk). When nothing was copied (schemas,
 * permission and budget are the entry's frozen data, no template wrote into a schema, no
 * provider-native spec) the nodes built here are frozen as they are built, unmarked (a mark per
 * contract costs more than the rest of it); otherwise the contract is frozen and marked by
 * `freezeJsonTree`.
 *
 * @throws DescriptionRenderError when a template throws.
 */
export function renderFrozenModelContract(
  entry: ToolEntry,
  settings: DescriptionSettings,
  model: Pick<ModelProfile, 'supportsPdf' | 'supportsNativeWebSearch'> | undefined,
  list: FrozenListRender,
): ModelToolContract {
  const contract = project(entry, settings, model, list);
  if (Object.isFrozen(contract)) return contract; // built frozen by `project`
  freezeJsonTree(contract);
  if (!isFrozenData(contract)) list.data = false;
  return contract;
}

/** `node`, frozen when `frozen`. */
function frozenIf<Node extends object>(frozen: boolean, node: Node): Node {
  return frozen ? Object.freeze(node) : node;
}

/**
 * The contract. For a frozen list (`list` given), when nothing was copied and there is no
 * provider-native spec, every node built here (of strings, numbers, booleans and frozen data
 * only) is frozen as it is built, the contract last.
 */
function project(
  entry: ToolEntry,
  settings: DescriptionSettings,
  model: Pick<ModelProfile, 'supportsPdf' | 'supportsNativeWebSearch'> | undefined,
  list: FrozenListRender | undefined,
): ModelToolContract {
  let description = entry.description;
  // Frozen data is shared as it is; anything else is copied whole (its owner may change it).
  let copied = false;
  let inputSchema = entry.inputSchema;
  if (!isFrozenData(inputSchema)) {
    inputSchema = structuredClone(inputSchema);
    copied = true;
  }
  let outputSchema = entry.outputSchema;
  // (The list's last one was found to be frozen data: the same object needs no lookup.)
  if (list === undefined || outputSchema !== list.outputSchema) {
    if (!isFrozenData(outputSchema)) {
      outputSchema = structuredClone(outputSchema);
      copied = true;
    } else if (list !== undefined) list.outputSchema = outputSchema;
  }
  let permission = entry.permission;
  if (!isFrozenData(permission)) {
    permission = structuredClone(permission);
    copied = true;
  }
  let resultBudget = entry.resultBudget;
  // (The list's last one was found to be frozen data: the same object needs no lookup.)
  if (list === undefined || resultBudget !== list.resultBudget) {
    if (!isFrozenData(resultBudget)) {
      resultBudget = structuredClone(resultBudget);
      copied = true;
    } else if (list !== undefined) list.resultBudget = resultBudget;
  }
  const templates = entry.descriptionTemplates;
  if (templates !== undefined) {
    const context = descriptionContextFor(entry, settings, model);
    for (const pointer of Object.keys(templates.sources)) {
      let text: string;
      try {
        text = templates.render(pointer, context);
      } catch (error) {
        throw new DescriptionRenderError(entry.metadata.name, pointer, error);
      }
      if (pointer === '/description') description = text;
      else if (pointer.startsWith('/inputSchema/')) {
        inputSchema = withTextAt(inputSchema, pointer.slice('/inputSchema'.length), text, {
          tool: entry.metadata.name,
          pointer,
        });
        copied = true;
      } else if (pointer.startsWith('/outputSchema/')) {
        outputSchema = withTextAt(outputSchema, pointer.slice('/outputSchema'.length), text, {
          tool: entry.metadata.name,
          pointer,
        });
        copied = true;
      } else
        throw new Error(
          `${entry.metadata.name}: description template at "${pointer}" does not point into the description or a schema`,
        );
    }
  }
  const { metadata } = entry;
  const frozen = list !== undefined && !copied && entry.providerNative === undefined;
  const flags = frozenIf(frozen, {
    readOnly: metadata.readOnly,
    destructive: metadata.destructive,
    concurrentSafe: metadata.concurrentSafe,
    sideEffectScope: metadata.sideEffectScope,
    riskLevel: metadata.riskLevel,
    needsApproval: metadata.needsApproval,
    requiresUserInteraction: metadata.requiresUserInteraction,
    allowedInPlanMode: metadata.allowedInPlanMode,
    stopTurnOnSuccess: metadata.stopTurnOnSuccess,
    idempotent: metadata.idempotent,
  });
  const name = metadata.name;
  description = appendUsageList(description, metadata.modelInstructions);
  const { strict, executionMode } = entry;
  // Optional fields are added in their place in the key order, without spreads; an MCP tool's
  // (no provider-native spec, no output limit) is one literal, its `mcp` included.
  const mcp =
    entry.mcp === undefined
      ? undefined
      : frozenIf(frozen, { server: entry.mcp.server, tool: entry.mcp.tool });
  let contract: Writable<ModelToolContract>;
  if (
    entry.providerNative === undefined &&
    metadata.maxOutputBytes === undefined &&
    mcp !== undefined
  ) {
    contract = {
      name,
      description,
      inputSchema,
      outputSchema,
      strict,
      executionMode,
      flags,
      permission,
      resultBudget,
      mcp,
    };
  } else {
    contract =
      entry.providerNative === undefined
        ? {
            name,
            description,
            inputSchema,
            outputSchema,
            strict,
            executionMode,
            flags,
            permission,
            resultBudget,
          }
        : {
            name,
            description,
            inputSchema,
            outputSchema,
            strict,
            executionMode,
            providerNative: { ...entry.providerNative },
            flags,
            permission,
            resultBudget,
          };
    if (metadata.maxOutputBytes !== undefined) contract.maxOutputBytes = metadata.maxOutputBytes;
    if (mcp !== undefined) contract.mcp = mcp;
  }
  if (entry.loading !== undefined) contract.loading = entry.loading;
  if (entry.group !== undefined)
    contract.group = frozenIf(frozen, {
      name: entry.group.name,
      description: entry.group.description,
    });
  if (entry.searchHints !== undefined)
    contract.searchHints = frozenIf(frozen, [...entry.searchHints]);
  return frozenIf(frozen, contract);
}

/**
 * `root` with `value` written at JSON pointer `pointer` (RFC 6901; the parent must exist): the
 * nodes from the root to the parent are copies, everything else is shared, `root` is unchanged.
 */
function withTextAt<T extends JsonSchema>(
  root: T,
  pointer: string,
  value: string,
  template: { readonly tool: string; readonly pointer: string },
): T {
  const tokens = pointer.startsWith('/') ? parseJsonPointer(pointer) : [];
  if (tokens.length === 0 || !isJsonObject(resolveJsonPointer(root, tokens.slice(0, -1)))) {
    throw new Error(
      `${template.tool}: description template at "${template.pointer}" has no such place in the contract`,
    );
  }
  return copiedAlong(root, tokens, 0, value) as T;
}

/** A shallow copy of `node` whose child `tokens[index]` is replaced, recursively, by `value`. */
function copiedAlong(
  node: unknown,
  tokens: readonly string[],
  index: number,
  value: unknown,
): unknown {
  if (index === tokens.length) return value;
  const token = tokens[index]!;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(token)] = copiedAlong(node[Number(token)], tokens, index + 1, value);
    return copy;
  }
  const object = node as Record<string, unknown>;
  const copy = { ...object };
  defineEntry(copy, token, copiedAlong(object[token], tokens, index + 1, value));
  return copy;
}
