/**
 * Contract projection (visibility layer 2): one {@link ToolEntry} → the {@link ModelToolContract}
 * the model sees. Templates are rendered, the `Usage:` list appended, flags, permission and
 * budget copied as plain data. The result never holds a function: entries carry handlers and
 * hooks, and a model SDK handed a function might execute the tool on its own.
 */
import type { JsonSchema, ModelProfile, ModelToolContract, ToolEntry } from '../contract.js';
import { parseJsonPointer, resolveJsonPointer } from '../json-schema/json-pointer.js';
import { isJsonObject } from '../support/is-json-object.js';
import { descriptionContextFor, type DescriptionSettings } from './description-context.js';

/**
 * A description template that threw while rendering. The generator refuses every template that
 * could (see `generator/emit/description-templates.ts`), so this means a hand-written or
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
  let description = entry.description;
  const inputSchema = structuredClone(entry.inputSchema) as Record<string, unknown>;
  const outputSchema = structuredClone(entry.outputSchema) as Record<string, unknown>;
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
      else if (pointer.startsWith('/inputSchema/'))
        setAtPointer(inputSchema, pointer.slice('/inputSchema'.length), text, entry, pointer);
      else if (pointer.startsWith('/outputSchema/'))
        setAtPointer(outputSchema, pointer.slice('/outputSchema'.length), text, entry, pointer);
      else
        throw new Error(
          `${entry.metadata.name}: description template at "${pointer}" does not point into the description or a schema`,
        );
    }
  }
  const { metadata } = entry;
  return {
    name: metadata.name,
    description: appendUsageList(description, metadata.modelInstructions),
    inputSchema: inputSchema as JsonSchema,
    outputSchema: outputSchema as JsonSchema,
    strict: entry.strict,
    executionMode: entry.executionMode,
    ...(entry.providerNative === undefined ? {} : { providerNative: { ...entry.providerNative } }),
    flags: {
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
    },
    permission: structuredClone(entry.permission),
    resultBudget: structuredClone(entry.resultBudget),
    ...(metadata.maxOutputBytes === undefined ? {} : { maxOutputBytes: metadata.maxOutputBytes }),
    ...(entry.mcp === undefined ? {} : { mcp: { server: entry.mcp.server, tool: entry.mcp.tool } }),
    ...(entry.loading === undefined ? {} : { loading: entry.loading }),
    ...(entry.group === undefined
      ? {}
      : { group: { name: entry.group.name, description: entry.group.description } }),
    ...(entry.searchHints === undefined ? {} : { searchHints: [...entry.searchHints] }),
  };
}

/** Write `value` at JSON pointer `pointer` (RFC 6901) inside `root`; the parent must exist. */
function setAtPointer(
  root: Record<string, unknown>,
  pointer: string,
  value: string,
  entry: ToolEntry,
  fullPointer: string,
): void {
  const tokens = pointer.startsWith('/') ? parseJsonPointer(pointer) : [];
  const node = resolveJsonPointer(root, tokens.slice(0, -1));
  if (!isJsonObject(node) || tokens.length === 0) {
    throw new Error(
      `${entry.metadata.name}: description template at "${fullPointer}" has no such place in the contract`,
    );
  }
  node[tokens[tokens.length - 1]!] = value;
}
