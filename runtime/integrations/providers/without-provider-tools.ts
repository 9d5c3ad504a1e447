import type { ModelToolContract } from '../../core/contract.js';
import type { ProjectionNote } from './provider-request.js';

/**
 * `contracts` without the ones `allowed` excludes, each removal noted: for a request format with
 * no parameter that restricts the callable set while the list stays the same.
 */
export function restrictByRemoval(
  contracts: readonly ModelToolContract[],
  allowed: readonly string[] | undefined,
  notes: ProjectionNote[],
): ModelToolContract[] {
  if (allowed === undefined) return [...contracts];
  const allowedSet = new Set(allowed);
  return contracts.filter((contract) => {
    if (allowedSet.has(contract.name)) return true;
    notes.push({
      tool: contract.name,
      code: 'restricted-by-removal',
      message: `${contract.name}: removed for this turn (the request format has no allowed-tools parameter), so the cached prefix changes`,
    });
    return false;
  });
}

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
