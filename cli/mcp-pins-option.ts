/**
 * The MCP definition lock as the commands see it: `.tool-contracts/mcp-lock.json` under the
 * project root (the nearest folder with a project marker, from the current directory up; the
 * current directory when there is none — see `project-root.ts` and
 * `runtime/integrations/mcp/mcp-definition-lock.ts`), read by `list`, `call` and `serve`
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
} from '../runtime/integrations/mcp/mcp-definition-lock.js';
import { findProjectRoot } from './project-root.js';
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

/**
 * Where the lock is for a command run in `cwd`: under the project root, so that `mcp approve`
 * run from a subfolder writes the lock that `list`, `call` and `serve` run from the root read.
 * `shown` is the path as a message names it: relative to `cwd`, as the user typed the command.
 */
export function mcpLockLocation(cwd: string): { readonly file: string; readonly shown: string } {
  const file = nodePath.join(findProjectRoot(cwd) ?? nodePath.resolve(cwd), MCP_LOCK_FILE);
  return { file, shown: nodePath.relative(nodePath.resolve(cwd), file) || MCP_LOCK_FILE };
}

/** The lock for `cwd`; `undefined` when there is none. A damaged lock is a {@link CommandError}. */
export async function readMcpLockFile(cwd: string): Promise<McpLock | undefined> {
  const { file, shown } = mcpLockLocation(cwd);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CommandError(
      `${shown}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const parsed = parseMcpLock(text);
  if (!parsed.success) throw new CommandError(`${shown}: ${parsed.error}`);
  return parsed.lock;
}

/**
 * Write the lock for `cwd` whole (a temporary file renamed over it, so a reader never sees half of
 * it); returns the path as {@link mcpLockLocation} shows it.
 */
export async function writeMcpLockFile(cwd: string, lock: McpLock): Promise<string> {
  const { file, shown } = mcpLockLocation(cwd);
  await mkdir(nodePath.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, serializeMcpLock(lock));
  await rename(temporary, file);
  return shown;
}

/** The `pins` registration option for the lock of `cwd`, or nothing when there is no lock. */
export async function mcpPinsFor(
  cwd: string,
  policy: McpPinPolicy,
): Promise<{ readonly pins?: { readonly lock: McpLock; readonly onChange: McpPinPolicy } }> {
  const lock = await readMcpLockFile(cwd);
  return lock === undefined ? {} : { pins: { lock, onChange: policy } };
}
