import type { ModelToolContract } from '../../core/contract.js';
import type { ProjectionNote } from './provider-request.js';

/** Client tools only: an `executionMode: provider` tool is the provider's own and is left out, noted. */
export function withoutProviderTools(
  contracts: readonly ModelToolContract[],
  notes: ProjectionNote[],
): ModelToolContract[] {
  return contracts.filter((contract) => {
    if (contract.executionMode === 'client') return true;
    notes.push({
      tool: contract.name,
      code: 'omitted',
      message: `${contract.name}: a provider-native tool; left out of the function tools`,
    });
    return false;
  });
}
