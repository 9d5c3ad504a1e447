/**
 * `tool-contracts check`: regenerate in memory, compare with disk, change nothing. Exit 1 naming
 * every stale, missing or extra file and every manifest problem — the files `generate` would write
 * or remove, decided as it decides them (`generator/generate.ts`) — 0 when everything is current;
 * 2 for a usage error. This is what CI runs after the tests.
 */
import { terminalText } from './terminal-text.js';
import type { GenerateResult } from '../generator/generate.js';
import { formatGenerateIssue } from '../generator/generate-issue.js';
import { defineCommand } from './define-command.js';
import type { CommandIO } from './command-io.js';
import { generateCommandFor } from './generate-hint.js';
import { count, paint, progressOption } from './generate-command.js';
import { jsonText, problemJson, type ProblemJson } from './json-output.js';
import { requireProjectLayout, type ProjectLayout } from './project-layout.js';

export const CHECK_USAGE = `Usage: tool-contracts check [options]

Regenerate everything in memory and compare it with generated/ and manifest/*.schema.json.
Exits 1 naming each stale, missing or extra file and each manifest problem: the files generate
would write or remove. Changes nothing (the model views of changed modules are rendered from a
copy beside generated/, removed again).

Options:
      --strict  Also fail on contract fields no runtime code reads (unless reserved in
                RESERVED_CONTRACT_FIELDS, generator/manifest/manifest-schema.ts)
      --json    Print the result as JSON (shape: README.md, "Machine-readable output")
  -h, --help    Show this help`;

export const command = defineCommand({
  name: 'check',
  usage: CHECK_USAGE,
  options: { strict: { type: 'boolean' }, json: { type: 'boolean' } },
  async run({ values }, io) {
    const layout = await requireProjectLayout(io.cwd);
    const { projectRoot } = layout;
    const json = values.json === true;
    const { generate } = await import('../generator/generate.js');
    let result: GenerateResult;
    try {
      result = await generate({
        ...layout.generateOptions,
        ...progressOption(io),
        projectRoot,
        write: false,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (json) io.out(jsonText({ ...checkJson(undefined, []), error: message }));
      else io.err(paint(io.color, 'red', `tool-contracts check: ${message}`));
      return 1;
    }
    const problems = checkProblems(result);
    let unread: string[] = [];
    if (values.strict === true && result.ok) {
      const { strictAuditProblems } = await import('../generator/audit/strict-audit-problems.js');
      unread = strictAuditProblems(
        layout.generateOptions.audit === false ? await auditFiles(layout, io) : result.files,
        layout.paths.fieldReadersFile,
      );
    }
    const failed = problems.length > 0 || unread.length > 0;
    if (json) {
      io.out(terminalText(jsonText(checkJson(result, unread))));
      return failed ? 1 : 0;
    }
    for (const warning of result.warnings) io.err(paint(io.color, 'yellow', `warning: ${warning}`));
    if (failed) {
      for (const line of [...problems, ...unread]) io.err(terminalText(line));
      if (problems.length > 0)
        io.err(paint(io.color, 'red', summaryOfProblems(result, projectRoot)));
      if (unread.length > 0)
        io.err(
          paint(
            io.color,
            'red',
            `${count(unread.length, 'contract field')} unread by the runtime (--strict).`,
          ),
        );
      return 1;
    }
    io.out(
      paint(
        io.color,
        'green',
        `Up to date: ${count(result.toolCount, 'tool')}, ${count(result.files.size, 'file')} match manifest/ and runtime/.`,
      ),
    );
    return 0;
  },
});

export const run = command.run;

/**
 * The audit's report files for a project whose generate runs leave the audit out (a configured
 * project: its manifests, the package's runtime).
 */
async function auditFiles(
  layout: ProjectLayout,
  io: CommandIO,
): Promise<ReadonlyMap<string, string>> {
  const [{ loadManifestSet }, { auditProject }] = await Promise.all([
    import('../generator/manifest/load-manifest-set.js'),
    import('../generator/audit/audit-project.js'),
  ]);
  const loaded = await loadManifestSet(layout.projectRoot, {
    paths: layout.paths,
    valueCache: true,
  });
  // generate just loaded the same manifests without a problem.
  if (!loaded.ok) throw new Error('internal error: the manifests changed during check');
  const audit = await auditProject({
    projectRoot: layout.runtimeRoot,
    paths: layout.paths,
    set: loaded.set,
    ...progressOption(io),
  });
  return audit.files;
}

/** `check --json`. */
export interface CheckJson {
  /** Nothing to report: exit 0. */
  readonly ok: boolean;
  readonly toolCount: number;
  readonly problems: readonly ProblemJson[];
  /** Outputs whose text differs from what is on disk. */
  readonly stale: readonly string[];
  /** Outputs not on disk. */
  readonly missing: readonly string[];
  /** Files in generated/ no run produces. */
  readonly extra: readonly string[];
  /** `--strict`: `unread: PATH (…)` lines of contract fields no runtime code reads. */
  readonly unread: readonly string[];
  readonly warnings: readonly string[];
  /** Set when the run itself failed. */
  readonly error?: string;
}

export function checkJson(
  result: GenerateResult | undefined,
  unread: readonly string[],
): CheckJson {
  const missing = new Set(result?.missing ?? []);
  const stale = result?.ok === true ? result.changed.filter((file) => !missing.has(file)) : [];
  const problems = result?.issues.map(problemJson) ?? [];
  const extra = result?.ok === true ? [...result.extra] : [];
  return {
    ok:
      result !== undefined &&
      problems.length === 0 &&
      stale.length === 0 &&
      missing.size === 0 &&
      extra.length === 0 &&
      unread.length === 0,
    toolCount: result?.toolCount ?? 0,
    problems,
    stale,
    missing: [...missing],
    extra,
    unread: [...unread],
    warnings: [...(result?.warnings ?? [])],
  };
}

/** One line per manifest problem, then one per stale, missing or extra file. */
export function checkProblems(result: GenerateResult): string[] {
  if (!result.ok) return result.issues.map(formatGenerateIssue);
  const missing = new Set(result.missing);
  return [
    ...result.changed.map((file) => (missing.has(file) ? `missing: ${file}` : `stale:   ${file}`)),
    ...result.extra.map((file) => `extra:   ${file}`),
  ];
}

function summaryOfProblems(result: GenerateResult, projectRoot: string): string {
  if (!result.ok) return `${count(result.issues.length, 'problem')} in manifests.`;
  const files = result.changed.length + result.extra.length;
  return `${count(files, 'file')} out of date with manifest/ and runtime/; run \`${generateCommandFor(projectRoot)}\`.`;
}
