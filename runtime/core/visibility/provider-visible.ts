/**
 * The one `providerVisible` filter: an entry with `providerVisible: false` (Task, the hidden copy
 * of Agent) is registered and callable but never listed to a model, nor suggested to it.
 */
import type { ToolEntry } from '../contract.js';

/** Whether `entry` may be shown to a model. */
export function isProviderVisible(entry: ToolEntry): boolean {
  return entry.metadata.providerVisible;
}
