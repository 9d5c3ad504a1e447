import type { ModelToolContract } from '../../core/contract.js';

/**
 * Whether the model may call `tools` in parallel: every one of them is `concurrentSafe` (an empty
 * list allows it). One unsafe tool is enough to ask the provider for one call at a time.
 */
export function allConcurrentSafe(tools: readonly Pick<ModelToolContract, 'flags'>[]): boolean {
  return tools.every((tool) => tool.flags.concurrentSafe);
}
