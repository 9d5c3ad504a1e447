import type { ModelToolContract } from '../../core/contract.js';
import type { ProjectionNote } from './provider-request.js';

/**
 * For a request format with no allowed-tools parameter that keeps the list: one
 * `restricted-by-refusal` note per listed tool `allowed` excludes. The list stays whole (and so
 * the cached prefix); the session refuses a call to such a tool this turn.
 */
export function restrictionNotes(
  listed: readonly Pick<ModelToolContract, 'name'>[],
  allowed: readonly string[] | undefined,
  format: string,
): ProjectionNote[] {
  if (allowed === undefined) return [];
  const allowedSet = new Set(allowed);
  return listed
    .filter((contract) => !allowedSet.has(contract.name))
    .map((contract) => ({
      tool: contract.name,
      code: 'restricted-by-refusal' as const,
      message: `${contract.name}: listed but refused this turn (${format} has no allowed-tools parameter that keeps the list, so the list and its cached prefix stay)`,
    }));
}
