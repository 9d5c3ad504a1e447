/**
 * Visibility layer 3 (SPEC §5.3) as a pure step: registered entries → the contracts a model
 * sees. `ToolRuntime.getTools` caches its result; this module has no state.
 *
 * search-branch filter → model capabilities (WebSearch only for native-search models) →
 * provider-visible only → contract projection (templates rendered) → the tool's
 * `resolveModelContract` hook (Read shows `pages` only to PDF models) → provider order.
 */
import {
  freezeJsonTree,
  type ModelCapability,
  type ModelProfile,
  type ModelToolContract,
  type ToolEntry,
} from '../contract.js';
import type { DescriptionSettings } from './description-context.js';
import {
  orderProviderVisibleTools,
  type ProviderOrderOptions,
} from './order-provider-visible-tools.js';
import { isProviderVisible } from './provider-visible.js';
import {
  DescriptionRenderError,
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
  for (const entry of kept) {
    if (!isProviderVisible(entry)) continue;
    const capabilities = entry.availability.modelCapabilities;
    if (
      capabilities.length > 0 &&
      !capabilities.every((capability) => modelHasCapability(input.model, capability))
    )
      continue;
    const hook = entry.resolveModelContract;
    let contract: ModelToolContract;
    try {
      // Without a hook the contract is frozen as it is built (a hook gets it unfrozen).
      contract =
        hook === undefined
          ? renderFrozenModelContract(entry, input.descriptionSettings, input.model)
          : renderModelContract(entry, input.descriptionSettings, input.model);
    } catch (error) {
      if (!(error instanceof DescriptionRenderError)) throw error;
      input.onRenderError?.(error);
      continue;
    }
    contracts.push(hook === undefined ? contract : hook.call(entry, contract, input.model));
  }
  // Cached lists are shared between callers; freezing keeps one caller from editing another's.
  // The contracts frozen as they were built and the schemas, permissions and budgets shared
  // with frozen entries are not walked again.
  return freezeJsonTree(orderProviderVisibleTools(contracts, input.order));
}
