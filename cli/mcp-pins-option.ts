/**
 * The MCP definition lock as the commands see it: `.tool-contracts/mcp-lock.json` under the
 * project root (see `runtime/mcp/mcp-definition-lock.ts`), read by `list`, `call` and `serve`
 * when it exists and written by `mcp approve`. `--mcp-pins warn|hide` (default `warn`) says what a
 * changed definition does: a warning on standard error, or the tool is also left out until it is
 * approved again.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import nodePath from 'node:path';
import {
  MCP_LOCK_FILE,
  parseMcpLock,
  serializeMcpLock,
  type McpLock,
  type McpPinPolicy,
} from '../runtime/mcp/mcp-definition-lock.js';
import { CommandError, UsageError } from './usage-error.js';

/** The `--mcp-pins` option, for a command's `parseArgs` options. */
export const MCP_PINS_OPTION = { 'mcp-pins': { type: 'string' } } as const;

/** The usage line of `--mcp-pins`. */
export const MCP_PINS_USAGE = `  --mcp-pins POLICY    When an MCP tool's definition differs from the one approved in
                       ${MCP_LOCK_FILE}: warn (default) or hide (leave it out)`;

/** `--mcp-pins` checked: `warn` when absent. */
export function parseMcpPinsOption(value: string | undefined): McpPinPolicy {
  if (value === undefined || value === 'warn' || value === 'hide') return value ?? 'warn';
  throw new UsageError(`--mcp-pins ${JSON.stringify(value)}: expected warn or hide`);
}

/** Where the lock of the project at `root` is. */
export function mcpLockPath(root: string): string {
  return nodePath.join(root, MCP_LOCK_FILE);
}

/** The project's lock; `undefined` when there is none. A damaged lock is a {@link CommandError}. */
export async function readMcpLockFile(root: string): Promise<McpLock | undefined> {
  let text: string;
  try {
    text = await readFile(mcpLockPath(root), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CommandError(
      `${MCP_LOCK_FILE}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const parsed = parseMcpLock(text);
  if (!parsed.success) throw new CommandError(`${MCP_LOCK_FILE}: ${parsed.error}`);
  return parsed.lock;
}

/** Write the lock whole (a temporary file renamed over it, so a reader never sees half of it). */
export async function writeMcpLockFile(root: string, lock: McpLock): Promise<void> {
  const file = mcpLockPath(root);
  await mkdir(nodePath.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serializeMcpLock(lock));
  await rename(temporary, file);
}

/** The `pins` registration option for the project's lock, or nothing when there is no lock. */
export async function mcpPinsFor(
  root: string,
  policy: McpPinPolicy,
): Promise<{ readonly pins?: { readonly lock: McpLock; readonly onChange: McpPinPolicy } }> {
  const lock = await readMcpLockFile(root);
  return lock === undefined ? {} : { pins: { lock, onChange: policy } };
}
