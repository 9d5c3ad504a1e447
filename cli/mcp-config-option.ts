/**
 * `--mcp-config FILE` (repeatable) of `list`, `call` and `serve`: every file loaded and checked
 * before anything connects. Problems of all files are reported together (each with its place);
 * warnings (ignored keys, disabled servers) go to standard error.
 */
import nodePath from 'node:path';
import type { McpServerConfig } from '../runtime/integrations/mcp/load-mcp-config.js';

/** Thrown when a file has problems; `message` lists them, one per line. */
export class McpConfigOptionError extends Error {}

export async function loadMcpConfigOption(
  files: readonly string[],
  cwd: string,
  warn: (message: string) => void,
): Promise<McpServerConfig[]> {
  if (files.length === 0) return [];
  const { loadMcpConfig, McpConfigError } =
    await import('../runtime/integrations/mcp/load-mcp-config.js');
  const servers: McpServerConfig[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      const config = await loadMcpConfig(nodePath.resolve(cwd, file), { displayName: file });
      for (const warning of config.warnings) warn(warning);
      servers.push(...config.servers);
    } catch (error) {
      if (!(error instanceof McpConfigError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new McpConfigOptionError(problems.join('\n'));
  return servers;
}
