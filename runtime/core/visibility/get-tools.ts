/**
 * Visibility layer 3 (SPEC §5.3) as a pure step: registered entries → the contracts a model
 * sees. `ToolRuntime.getTools` caches its result; this module has no state.
 *
 * search-branch filter → model capabilities (WebSearch only for native-search models) →
 * provider-visible only → contract projection (templates rendered) → the tool's
 * `resolveModelContract` hook (Read shows `pages` only to PDF models) → provider order.
 */
import {
  type ModelCapability,
  type ModelProfile,
  type ModelToolContract,
  type ToolEntry,
} from '../contract.js';
import { adoptFrozenJsonTree, freezeJsonTree, isFrozenData } from '../frozen-data.js';
import type { DescriptionSettings } from './description-context.js';
import {
  orderProviderVisibleTools,
  type ProviderOrderOptions,
} from './order-provider-visible-tools.js';
import { isProviderVisible } from './provider-visible.js';
import {
  DescriptionRenderError,
  type FrozenListRender,
  renderFrozenModelContract,
  renderModelContract,
} from './render-model-contract.js';
import { filterSearchBranch } from './search-branch-filter.js';

export interface VisibleToolsInput {
  /** Registered entries (built-in and MCP), in any order. */
  readonly entries: readonly ToolEntry[];
  readonly model: ModelProfile;
  readonly descriptionSettings: DescriptionSettings;
  /** The search branch the gate used (default of the gate: true). */
  readonly embeddedSearch: boolean;
  readonly order: ProviderOrderOptions;
  /**
   * Told about each tool left out because its description template failed to render (the list
   * is served without it; one broken tool never fails every turn). Default: nothing is told.
   */
  readonly onRenderError?: (error: DescriptionRenderError) => void;
}

/** Whether `model` has `capability`. */
export function modelHasCapability(model: ModelProfile, capability: ModelCapability): boolean {
  switch (capability) {
    case 'nativeWebSearch':
      return model.supportsNativeWebSearch;
    case 'pdf':
      return model.supportsPdf;
  }
}

/** The model-facing contracts for `input.model`, in provider order, deeply frozen. */
export function computeVisibleTools(input: VisibleToolsInput): readonly ModelToolContract[] {
  const { kept } = filterSearchBranch(input.entries, input.embeddedSearch);
  // One loop, not filters and a flatMap: a list is built for every new model and registry.
  const contracts: ModelToolContract[] = [];
  // Whether every contract is frozen data throughout (then the list is marked without a walk).
  const list: FrozenListRender = { data: true };
  // (indexed: no iterator result per step while the loop is not optimised yet)
  const visible = kept.filter(isProviderVisible);
  for (let index = 0; index < visible.length; index += 1) {
    const entry = visible[index]!;
    const capabilities = entry.availability.modelCapabilities;
    if (
      capabilities.length > 0 &&
      !capabilities.every((capability) => modelHasCapability(input.model, capability))
    )
      continue;
    const hook = entry.resolveModelContract;
    let contract: ModelToolContract;
    try {
      if (hook === undefined) {
        // Frozen as it is built (a hook gets its contract unfrozen, below).
        contract = renderFrozenModelContract(entry, input.descriptionSettings, input.model, list);
      } else {
        contract = renderModelContract(entry, input.descriptionSettings, input.model);
      }
    } catch (error) {
      if (!(error instanceof DescriptionRenderError)) throw error;
      input.onRenderError?.(error);
      continue;
    }
    if (hook !== undefined) {
      contract = freezeJsonTree(hook.call(entry, contract, input.model));
      if (!isFrozenData(contract)) list.data = false;
    }
    contracts.push(contract);
  }
  // Cached lists are shared between callers; freezing keeps one caller from editing another's.
  // Every contract is frozen by now, and the schemas, permissions and budgets it shares with
  // frozen entries are not walked again; a list of data only is marked as it is.
  const ordered = orderProviderVisibleTools(contracts, input.order);
  return list.data ? adoptFrozenJsonTree(ordered) : freezeJsonTree(ordered);
}
