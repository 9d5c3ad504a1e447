/**
 * `tool-contracts generate` (the default command): regenerate `generated/` and the manifest
 * schemas, print a one-screen summary. Exit codes: 0 done or up to date, 1 manifest problems
 * (nothing written) or a failed run, 2 usage.
 */
import type { CommandIO } from './command-io.js';
import { terminalText } from './terminal-text.js';
import type { GenerateResult } from '../generator/generate.js';
import { formatGenerateIssue } from '../generator/generate-issue.js';
import { count } from './count-noun.js';
import { defineCommand } from './define-command.js';
import { jsonText, problemJson, type ProblemJson } from './json-output.js';
import { packageRoot } from '../generator/support/package-root.js';
import { requireProjectLayout } from './project-layout.js';

export const GENERATE_USAGE = `Usage: tool-contracts generate [options]

Regenerate generated/ and manifest/*.schema.json from manifest/ and runtime/.
When no input and no output changed since the last run, stops at once ("up to date").
On any manifest problem prints every one (file:line:col) and writes nothing.

Options:
  --force     Regenerate even when nothing changed
  --json      Print the result as JSON (shape: README.md, "Machine-readable output")
  -h, --help  Show this help`;

export const command = defineCommand({
  name: 'generate',
  usage: GENERATE_USAGE,
  options: { force: { type: 'boolean' }, json: { type: 'boolean' } },
  async run({ values }, io) {
    const layout = await requireProjectLayout(io.cwd);
    const { projectRoot } = layout;
    const { generate } = await import('../generator/generate.js');
    try {
      const result = await generate({
        ...layout.generateOptions,
        ...progressOption(io),
        projectRoot,
        write: true,
        force: values.force === true,
      });
      if (values.json === true) io.out(terminalText(jsonText(generateJson(result))));
      else for (const line of generateReport(result, io.color)) (result.ok ? io.out : io.err)(line);
      if (result.ok && projectRoot === packageRoot()) {
        // This package's own repository: keep its compiled build in step (cli/refresh-dist.ts).
        // On standard error, so that `--json` output stays one document.
        const { refreshDist } = await import('./refresh-dist.js');
        const refreshed = await refreshDist(projectRoot);
        if (refreshed.kind === 'rebuilt') io.err(refreshed.note);
        if (refreshed.kind === 'failed')
          io.err(
            paint(
              io.color,
              'yellow',
              `dist/ is stale and could not be rebuilt (the bin runs the sources through tsx until \`npm run build\`): ${refreshed.message}`,
            ),
          );
      }
      return result.ok ? 0 : 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (values.json === true) {
        io.out(jsonText({ ...FAILED_RUN, error: message }));
        return 1;
      }
      io.err(paint(io.color, 'red', `tool-contracts generate: ${message}`));
      io.err(`${layout.paths.generated}/ was left as it was.`);
      return 1;
    }
  },
});

export const run = command.run;

/** `generate --json`. */
export interface GenerateJson {
  /** No manifest problem, and everything was written. */
  readonly ok: boolean;
  /** Nothing changed since the last run; nothing was loaded or written. */
  readonly upToDate: boolean;
  readonly toolCount: number;
  /** Files written (project-relative). */
  readonly written: readonly string[];
  /** Files removed from generated/. */
  readonly removed: readonly string[];
  /** How many outputs were already current. */
  readonly unchanged: number;
  readonly problems: readonly ProblemJson[];
  readonly warnings: readonly string[];
  /** Set when the run itself failed (not a manifest problem); generated/ was left as it was. */
  readonly error?: string;
}

const FAILED_RUN: GenerateJson = {
  ok: false,
  upToDate: false,
  toolCount: 0,
  written: [],
  removed: [],
  unchanged: 0,
  problems: [],
  warnings: [],
};

export function generateJson(result: GenerateResult): GenerateJson {
  return {
    ok: result.ok,
    upToDate: result.upToDate,
    toolCount: result.toolCount,
    written: result.ok ? [...result.changed] : [],
    removed: result.ok ? [...result.extra] : [],
    unchanged: result.unchanged.length,
    problems: result.issues.map(problemJson),
    warnings: [...result.warnings],
  };
}

/** The lines `generate` (and `watch`, after each run) prints for a result. */
export function generateReport(result: GenerateResult, color: boolean): string[] {
  const seconds = `${(result.durationMs / 1000).toFixed(2)} s`;
  if (!result.ok) {
    return [
      ...result.issues.map((issue) => terminalText(formatGenerateIssue(issue))),
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
      // The warnings follow from the inputs, which did not change: they still hold.
      ...result.warnings.map((warning) => paint(color, 'yellow', `  warning: ${warning}`)),
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

export { count };

const COLORS = { red: 31, green: 32, yellow: 33 } as const;

/** ANSI colour only when the terminal wants it (a TTY and no `NO_COLOR`). */
/**
 * `text` in colour `name` when `color` is on. The text is made terminal-safe first
 * ({@link terminalText}): the only escape sequences printed are the colours added here.
 */
export function paint(color: boolean, name: keyof typeof COLORS, text: string): string {
  const safe = terminalText(text);
  return color ? `\u001b[${COLORS[name]}m${safe}\u001b[39m` : safe;
}

/**
 * `generate`'s `progress` for a command: each long step as a line on standard error when a
 * person watches it (a terminal); nothing for a pipe or a file, whose reader wants the result.
 */
export function progressOption(io: CommandIO): { progress?: (step: string) => void } {
  return io.stderrIsTTY === true ? { progress: (step) => io.err(`… ${step}`) } : {};
}
