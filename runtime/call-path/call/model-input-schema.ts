/**
 * The input schema a call is validated against is the one the model was shown: when a tool
 * rewrites its contract per model (`resolveModelContract`: Read shows `pages` only to PDF-capable
 * models), a model that was not shown a parameter must not get to use it.
 */
import type { JsonSchema, ModelProfile, ToolEntry } from '../../core/contract.js';
import {
  formatCurrentMonth,
  type DescriptionSettings,
} from '../../core/visibility/description-context.js';
import { renderModelContract } from '../../core/visibility/render-model-contract.js';

/** Projections per entry and model; a tool's projection depends on nothing else that validation reads. */
const projections = new WeakMap<ToolEntry, Map<string, JsonSchema>>();
/** The same, keyed by the profile object, so a host reusing its profile skips serialising it. */
const byProfile = new WeakMap<ToolEntry, WeakMap<ModelProfile, JsonSchema>>();

/**
 * `entry.inputSchema`, or, when the entry has `resolveModelContract` and a model is given, the
 * input schema of the contract projected for that model. Cached per entry and model profile.
 *
 * @throws when rendering or the hook throws (a fault of the tool).
 */
export function modelInputSchema(
  entry: ToolEntry,
  model: ModelProfile | undefined,
  descriptionSettings?: DescriptionSettings,
): JsonSchema {
  if (entry.resolveModelContract === undefined || model === undefined) return entry.inputSchema;
  if (entry === last.entry && model === last.model) return last.schema!;
  const known = byProfile.get(entry)?.get(model);
  if (known !== undefined) return remember(entry, model, known);
  let perModel = projections.get(entry);
  if (perModel === undefined) {
    perModel = new Map();
    projections.set(entry, perModel);
  }
  const key = JSON.stringify(model);
  let schema = perModel.get(key);
  if (schema === undefined) {
    // Descriptions do not take part in validation; any month renders the same schema shape.
    const settings = descriptionSettings ?? {
      currentMonth: formatCurrentMonth(new Date()),
      dynamicWorkflows: true,
    };
    schema = entry.resolveModelContract(
      renderModelContract(entry, settings, model),
      model,
    ).inputSchema;
    perModel.set(key, schema);
  }
  let profiles = byProfile.get(entry);
  if (profiles === undefined) {
    profiles = new WeakMap();
    byProfile.set(entry, profiles);
  }
  profiles.set(model, schema);
  return remember(entry, model, schema);
}

/** The last entry and profile asked: a tool called again and again skips both WeakMap lookups. */
const last: { entry?: ToolEntry; model?: ModelProfile; schema?: JsonSchema } = {};

function remember(entry: ToolEntry, model: ModelProfile, schema: JsonSchema): JsonSchema {
  last.entry = entry;
  last.model = model;
  last.schema = schema;
  return schema;
}
