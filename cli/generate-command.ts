/**
 * `tool-contracts generate` (the default command): regenerate `generated/` and the manifest
 * schemas, print a one-screen summary. Exit codes: 0 done or up to date, 1 manifest problems
 * (nothing written) or a failed run, 2 usage.
 */
import type { GenerateResult } from '../generator/generate.js';
import { formatGenerateIssue } from '../generator/generate-issue.js';
import type { CommandIO } from './command-io.js';

export const GENERATE_USAGE = `Usage: tool-contracts generate [options]

Regenerate generated/ and manifest/*.schema.json from manifest/ and runtime/.
When no input and no output changed since the last run, stops at once ("up to date").
On any manifest problem prints every one (file:line:col) and writes nothing.

Options:
  --force     Regenerate even when nothing changed
  -h, --help  Show this help`;

export async function run(args: readonly string[], io: CommandIO): Promise<number> {
  let force = false;
  for (const arg of args) {
    if (arg === '-h' || arg === '--help') {
      io.out(GENERATE_USAGE);
      return 0;
    }
    if (arg === '--force') force = true;
    else return usageError(io, 'generate', arg, GENERATE_USAGE);
  }
  const { generate } = await import('../generator/generate.js');
  try {
    const result = await generate({ projectRoot: io.cwd, write: true, force });
    for (const line of generateReport(result, io.color)) (result.ok ? io.out : io.err)(line);
    return result.ok ? 0 : 1;
  } catch (error) {
    io.err(
      paint(
        io.color,
        'red',
        `tool-contracts generate: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    io.err('generated/ was left as it was.');
    return 1;
  }
}

/** The lines `generate` (and `watch`, after each run) prints for a result. */
export function generateReport(result: GenerateResult, color: boolean): string[] {
  const seconds = `${(result.durationMs / 1000).toFixed(2)} s`;
  if (!result.ok) {
    return [
      ...result.issues.map((issue) => formatGenerateIssue(issue)),
      ...result.warnings.map((warning) => paint(color, 'yellow', `warning: ${warning}`)),
      paint(
        color,
        'red',
        `${count(result.issues.length, 'problem')} in manifests; nothing was written.`,
      ),
    ];
  }
  if (result.upToDate) {
    return [
      paint(
        color,
        'green',
        `Up to date: ${count(result.toolCount, 'tool')}, nothing changed (${seconds}).`,
      ),
    ];
  }
  const written = [...result.changed];
  const lines = [
    paint(color, 'green', `Generated ${count(result.toolCount, 'tool')} in ${seconds}.`),
    `  written:   ${count(written.length, 'file')}${listed(written)}`,
    `  removed:   ${count(result.extra.length, 'file')}${listed(result.extra)}`,
    `  unchanged: ${count(result.unchanged.length, 'file')}`,
    `  warnings:  ${result.warnings.length === 0 ? 'none' : result.warnings.length}`,
    ...result.warnings.map((warning) => paint(color, 'yellow', `  warning: ${warning}`)),
  ];
  return lines;
}

/** Up to eight file names after a count, so the summary stays on one screen. */
function listed(files: readonly string[]): string {
  if (files.length === 0) return '';
  const shown = files.slice(0, 8).join(', ');
  return files.length > 8 ? ` (${shown}, …)` : ` (${shown})`;
}

export function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

const COLORS = { red: 31, green: 32, yellow: 33 } as const;

/** ANSI colour only when the terminal wants it (a TTY and no `NO_COLOR`). */
export function paint(color: boolean, name: keyof typeof COLORS, text: string): string {
  return color ? `\u001b[${COLORS[name]}m${text}\u001b[39m` : text;
}

export function usageError(io: CommandIO, command: string, arg: string, usage: string): number {
  io.err(`tool-contracts ${command}: unknown option "${arg}"\n\n${usage}`);
  return 2;
}
