/**
 * The `tool-contracts` command line: a dispatcher over lazily imported commands.
 * Each command module exports `run(args, io)` (made with `defineCommand`, see
 * `cli/define-command.ts`) and returns the process exit code.
 */
import { createRequire } from 'node:module';
import type { CommandIO } from './command-io.js';
import { processIO } from './command-io.js';
import { readFileSync } from './sync-fs.js';
import { suggestCommand } from './suggest-command.js';

interface CommandSpec {
  readonly summary: string;
  readonly load: () => Promise<{ run(args: readonly string[], io: CommandIO): Promise<number> }>;
}

const COMMANDS: Readonly<Record<string, CommandSpec>> = {
  init: {
    summary: 'Create a project with one example tool, its handler, the config and a test',
    load: () => import('./init-command.js'),
  },
  import: {
    summary: 'Write manifests and forwarding handlers for the tools of an MCP server',
    load: () => import('./import-command.js'),
  },
  generate: {
    summary: 'Regenerate generated/ from manifest/ (default command)',
    load: () => import('./generate-command.js'),
  },
  check: {
    summary: 'Fail when generated/ is stale or a manifest is invalid',
    load: () => import('./check-command.js'),
  },
  format: {
    summary: 'Rewrite manifests into their canonical form (--check for CI)',
    load: () => import('./format-command.js'),
  },
  watch: {
    summary: 'Regenerate whenever a manifest or runtime file changes',
    load: () => import('./watch-command.js'),
  },
  audit: {
    summary: 'Show which contract fields the runtime reads, and where',
    load: () => import('./audit-command.js'),
  },
  diff: {
    summary: 'Classify contract changes against another revision (breaking, safety, prompt cache)',
    load: () => import('./diff-command.js'),
  },
  list: {
    summary: 'Print the tools a model would see for a session, host and model',
    load: () => import('./list-command.js'),
  },
  call: {
    summary: 'Call a tool with JSON input and print what the model would get',
    load: () => import('./call-command.js'),
  },
  serve: {
    summary: 'Serve the tools a model would see as an MCP server (stdio or HTTP)',
    load: () => import('./serve-command.js'),
  },
  mcp: {
    summary:
      'Approve MCP tool definitions (mcp approve) or compare them with the lock (mcp status)',
    load: () => import('./mcp-command.js'),
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, spec]) => `  ${name.padEnd(width)}  ${spec.summary}`,
  );
  return [
    'Usage: tool-contracts [command] [options]',
    '       tool-contracts --version',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `tool-contracts <command> --help` for the options of a command.',
  ].join('\n');
}

/** The package's version (`package.json`), printed by `--version`. */
export function packageVersion(): string {
  // By the package's own name: the same file from the sources and from the build in dist/.
  const file = createRequire(import.meta.url).resolve('tool-contracts/package.json');
  const text = readFileSync(file, 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

export async function main(argv: readonly string[], io: CommandIO = processIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--help' || first === '-h' || first === 'help') {
    io.out(usage());
    return 0;
  }
  if (first === '--version' || first === '-V' || first === 'version') {
    io.out(packageVersion());
    return 0;
  }
  if (first === undefined || first.startsWith('-')) {
    const command = await COMMANDS.generate!.load();
    return command.run(argv, io);
  }
  const spec = COMMANDS[first];
  if (spec === undefined) {
    const suggestion = suggestCommand(first, Object.keys(COMMANDS));
    io.err(
      `tool-contracts: unknown command "${first}"${suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`}\nUsage: tool-contracts [command] [options]\nSee \`tool-contracts --help\` for the commands.`,
    );
    return 2;
  }
  const command = await spec.load();
  return command.run(rest, io);
}
