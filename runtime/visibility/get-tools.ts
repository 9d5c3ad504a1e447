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
import { DescriptionRenderError, renderModelContract } from './render-model-contract.js';
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
  const contracts = kept
    .filter((entry) =>
      entry.availability.modelCapabilities.every((capability) =>
        modelHasCapability(input.model, capability),
      ),
    )
    .filter(isProviderVisible)
    .flatMap((entry) => {
      let contract: ModelToolContract;
      try {
        contract = renderModelContract(entry, input.descriptionSettings, input.model);
      } catch (error) {
        if (!(error instanceof DescriptionRenderError)) throw error;
        input.onRenderError?.(error);
        return [];
      }
      return [
        entry.resolveModelContract === undefined
          ? contract
          : entry.resolveModelContract(contract, input.model),
      ];
    });
  // Cached lists are shared between callers; freezing keeps one caller from editing another's.
  // The schemas, permissions and budgets shared with frozen entries are not walked again, and
  // of the new nodes only the list is marked as frozen data (marking each contract cost more
  // than building it; nothing reaches a contract but through the list).
  return freezeJsonTree(orderProviderVisibleTools(contracts, input.order));
}
