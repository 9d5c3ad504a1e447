/**
 * A value a generated module freezes once at import (`freezeJsonTree({…})`, from the contract
 * module): the schemas, permission and budget of a contract, each a new tree of data, so every
 * node is frozen and only the root marked as data (marking each node cost most of a cold
 * start's freezing). The runtime shares frozen data between every model-facing list instead of
 * copying it per list (`runtime/core/visibility/render-model-contract.ts`), reaching inner nodes only
 * through their root.
 */
export class FrozenValue {
  constructor(readonly value: unknown) {}
}

/** The contract fields emitted frozen: the data every projection of the tool would copy. */
export const FROZEN_CONTRACT_FIELDS = [
  'inputSchema',
  'outputSchema',
  'permission',
  'resultBudget',
] as const;

/** `contract` with {@link FROZEN_CONTRACT_FIELDS} wrapped to be printed frozen. */
export function withFrozenData(contract: Record<string, unknown>): Record<string, unknown> {
  const wrapped = { ...contract };
  for (const field of FROZEN_CONTRACT_FIELDS) wrapped[field] = new FrozenValue(contract[field]);
  return wrapped;
}
