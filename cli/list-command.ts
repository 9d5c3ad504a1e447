import type { CommandIO } from './command-io.js';

// Placeholder until the command lands; replaced by its owner.
export async function run(_args: readonly string[], io: CommandIO): Promise<number> {
  io.err('tool-contracts list: not implemented yet');
  return 2;
}
