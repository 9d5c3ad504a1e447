/**
 * What the model sees of one tool, per request projection, as bytes: the `prompt cache` class of
 * `diff` compares these between revisions. The projections are the formats of
 * `generated/model-view/` (`MODEL_VIEW_FORMATS`), so a change `diff` reports is a change of the
 * committed views, and the other way round.
 *
 * The model contract is built from the manifest alone, the way the generated module and the
 * runtime would (`contractValue`, then `renderModelContract` with fixed description settings), so
 * another revision needs no generated code, no ts-morph and no handlers.
 */
import Handlebars from 'handlebars';
import type { JsonSchema, ModelToolContract, ToolEntry } from '../../runtime/core/contract.js';
import {
  MODEL_VIEW_CONTEXTS,
  MODEL_VIEW_FORMATS,
  modelViewRequest,
} from '../../runtime/integrations/providers/model-view.js';
import type { DescriptionSettings } from '../../runtime/core/visibility/description-context.js';
import { renderModelContract } from '../../runtime/core/visibility/render-model-contract.js';
import { canonicalJson } from '../../runtime/core/visibility/tools-fingerprint.js';
import { compileSchema } from '../emit/compile-schema.js';
import { contractValue } from '../emit/contract-value.js';
import { findDescriptionTemplates } from '../manifest/description-templates.js';
import type { LoadedTool } from '../manifest/manifest-set.js';
import type { ToolIndex } from '../manifest/manifest-schema.js';

/** One request shape a tool is sent in. */
export interface ModelProjection {
  /** Stable name, used in reports and `--json`: the model-view format (`anthropic`, `gemini-openapi`, …). */
  readonly name: string;
  /** What it is, for `--help` and docs. */
  readonly summary: string;
  /** The tool as this projection sends it; `undefined` when it does not send the tool. */
  project(contract: ModelToolContract): unknown;
}

/** The same settings for both revisions: only the contracts may make the bytes differ. */
const DESCRIPTION_SETTINGS: DescriptionSettings = {
  currentMonth: 'January 2026',
  dynamicWorkflows: false,
};

/** The model of the views' default context (`generated/model-view/main/`). */
const VIEW_MODEL = MODEL_VIEW_CONTEXTS[0]!.model;

/**
 * The formats of `generated/model-view/`, each the request fragment `projectProviderRequest`
 * makes of the one tool (as the views do for the whole list), so `diff` and the committed views
 * agree on what the model is sent.
 */
export const MODEL_PROJECTIONS: readonly ModelProjection[] = MODEL_VIEW_FORMATS.map((format) => ({
  name: format.name,
  summary: `the ${format.name} request fragment, as in generated/model-view/`,
  project: (contract: ModelToolContract) => {
    const request = modelViewRequest(format, [contract], VIEW_MODEL);
    if (request.tools.length === 0) return undefined;
    if (format.provider !== 'ai-sdk') return request.request;
    // The AI SDK view's `needsApproval` stays on the client (the provider never sees it): a
    // change of it is a safety change, not a prompt-cache one.
    const { tools } = request.request as { tools: Record<string, { needsApproval?: unknown }> };
    return {
      ...request.request,
      tools: Object.fromEntries(
        Object.entries(tools).map(([name, { needsApproval: _client, ...sent }]) => [name, sent]),
      ),
    };
  },
}));

/** Projection name → the canonical bytes the model sees of `tool`; empty when it sees nothing. */
export function modelBytes(
  tool: LoadedTool,
  groups?: ToolIndex['groups'],
): ReadonlyMap<string, string> {
  const contract = modelContractOf(tool, groups);
  const bytes = new Map<string, string>();
  if (contract === undefined) return bytes;
  for (const projection of MODEL_PROJECTIONS) {
    const projected = projection.project(contract);
    if (projected !== undefined) bytes.set(projection.name, canonicalJson(projected));
  }
  return bytes;
}

/**
 * The tool's model contract in the default context, or `undefined` when it is never sent.
 * `groups`: manifest/tools.yaml's groups of the same revision (a `group`'s description is sent).
 */
export function modelContractOf(
  tool: LoadedTool,
  groups?: ToolIndex['groups'],
): ModelToolContract | undefined {
  const { manifest } = tool;
  if (!manifest.flags.providerVisible) return undefined;
  const inputSchema = compileSchema(manifest.input).jsonSchema;
  const outputSchema = compileSchema(manifest.output).jsonSchema;
  const templates = findDescriptionTemplates(manifest.description, inputSchema, outputSchema);
  const value = contractValue({
    manifest,
    file: tool.file,
    inputSchema,
    outputSchema,
    ...(groups === undefined ? {} : { groups }),
  });
  const compiled = new Map(
    templates.map((template) => [
      template.pointer,
      Handlebars.create().compile(template.source, { noEscape: true, knownHelpersOnly: true }),
    ]),
  );
  const entry = {
    ...value,
    inputSchema: inputSchema as JsonSchema,
    outputSchema: outputSchema as JsonSchema,
    descriptionTemplates:
      templates.length === 0
        ? undefined
        : {
            sources: Object.fromEntries(
              templates.map((template) => [template.pointer, template.source]),
            ),
            render: (pointer: string, context: unknown) => compiled.get(pointer)!(context),
          },
  } as unknown as ToolEntry;
  return renderModelContract(entry, DESCRIPTION_SETTINGS);
}
