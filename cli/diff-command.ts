/**
 * `tool-contracts diff`: what changed in the tool contracts between another revision and the
 * working tree, classified per tool as breaking, safety, prompt cache or compatible
 * (`generator/diff/`). Exit 0, or 1 when a class named by `--fail-on` occurs; 2 for a usage
 * error or when either side's manifests cannot be loaded. Loads no ts-morph: manifests, schemas
 * and the runtime's projections only.
 */
import type { ChangeClass, ContractDiff } from '../generator/diff/contract-change.js';
import { defineCommand, UsageError } from './define-command.js';
import { count, paint } from './generate-command.js';
import { jsonText } from './json-output.js';
import { requireProjectLayout } from './project-layout.js';

export const DIFF_USAGE = `Usage: tool-contracts diff [--against GIT_REF | --against DIR] [options]

Compare the tool contracts of the working tree with another revision and classify every
change per tool:
  breaking      existing calls, saved transcripts or output consumers break (a new required
                parameter, a removed parameter, enum value, alias or tool, a narrowed type,
                a closed object, a rename without an alias, an incompatible output schema)
  safety        less oversight (readOnly turned on, needsApproval or alwaysAsk off, riskLevel
                lowered, side-effect scope narrowed, a budget or timeout raised, a new permission)
  prompt cache  the bytes the model sees change (default context, each request format of
                generated/model-view/: anthropic, openai, openai-responses, gemini,
                gemini-openapi, ai-sdk)
  compatible    anything else that changed

Options:
      --against REV     A git revision (default: HEAD; in CI e.g. origin/main or
                        $(git merge-base HEAD origin/main)) or a directory holding a project
      --format FORMAT   text (one terminal screen; default), markdown (a pull request
                        comment) or json
      --json            Same as --format json (shape: README.md, "Reviewing a tool change")
      --fail-on LIST    Exit 1 when a change of one of these classes occurs, e.g.
                        breaking,safety (classes: breaking, safety, prompt-cache, compatible)
  -h, --help            Show this help`;

const CLASSES: readonly ChangeClass[] = ['breaking', 'safety', 'prompt-cache', 'compatible'];
const FORMATS = ['text', 'markdown', 'json'] as const;

export const command = defineCommand({
  name: 'diff',
  usage: DIFF_USAGE,
  options: {
    against: { type: 'string' },
    format: { type: 'string' },
    json: { type: 'boolean' },
    'fail-on': { type: 'string' },
  },
  async run({ values }, io) {
    const { format, failOn, against } = diffOptions(values);
    const { projectRoot, paths } = await requireProjectLayout(io.cwd);

    const [{ loadManifestSet }, { formatManifestIssue }, { loadRevision, RevisionError }] =
      await Promise.all([
        import('../generator/manifest/load-manifest-set.js'),
        import('../generator/manifest/manifest-issue.js'),
        import('../generator/diff/load-revision.js'),
      ]);
    const [current, other] = await Promise.all([
      loadManifestSet(projectRoot, { paths }),
      loadRevision(projectRoot, against, paths).catch((error: unknown) => {
        if (error instanceof RevisionError) return error;
        throw error;
      }),
    ]);
    if (other instanceof Error) {
      io.err(paint(io.color, 'red', `tool-contracts diff: ${other.message}`));
      return 2;
    }
    const failures = [
      ...(current.ok ? [] : current.issues.map((issue) => formatManifestIssue(issue))),
      ...(other.result.ok
        ? []
        : other.result.issues.map((issue) => `${against}: ${formatManifestIssue(issue)}`)),
    ];
    if (!current.ok || !other.result.ok) {
      for (const line of failures) io.err(line);
      io.err(
        paint(
          io.color,
          'red',
          `${count(failures.length, 'problem')} in manifests; nothing compared.`,
        ),
      );
      return 2;
    }
    const [{ contractDiff }, { modelBytes }, render] = await Promise.all([
      import('../generator/diff/contract-diff.js'),
      import('../generator/diff/model-projections.js'),
      import('../generator/diff/render-contract-diff.js'),
    ]);
    // Each revision's tools with that revision's groups (a group's description is sent).
    const [before, after] = [other.result.set, current.set];
    const groupsOf = new Map([
      ...before.tools.map((tool) => [tool, before.index.groups] as const),
      ...after.tools.map((tool) => [tool, after.index.groups] as const),
    ]);
    const diff: ContractDiff = contractDiff(
      {
        before: before.tools,
        after: after.tools,
        modelBytes: (tool) => modelBytes(tool, groupsOf.get(tool)),
      },
      against,
      other.commit,
    );
    if (format === 'json') io.out(jsonText(diff));
    else if (format === 'markdown') io.out(render.contractDiffMarkdown(diff).trimEnd());
    else
      io.out(
        render.contractDiffText(diff, (changeClass, text) =>
          paint(io.color, CLASS_COLORS[changeClass], text),
        ),
      );
    const failing = failOn.filter((changeClass) => diff.summary[changeClass] > 0);
    if (failing.length > 0 && format !== 'json')
      io.err(
        paint(
          io.color,
          'red',
          `tool-contracts diff: ${failing.join(', ')} changes (--fail-on ${failOn.join(',')})`,
        ),
      );
    return failing.length > 0 ? 1 : 0;
  },
});

export const run = command.run;

const CLASS_COLORS = {
  breaking: 'red',
  safety: 'yellow',
  'prompt-cache': 'yellow',
  compatible: 'green',
} as const;

/** The options of `diff` checked, with their defaults (text, HEAD, no failing class). */
export function diffOptions(values: {
  readonly json?: boolean | undefined;
  readonly format?: string | undefined;
  readonly 'fail-on'?: string | undefined;
  readonly against?: string | undefined;
}): { format: string; failOn: ChangeClass[]; against: string } {
  const format = values.json === true ? 'json' : (values.format ?? 'text');
  if (!(FORMATS as readonly string[]).includes(format))
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not "${format}"`);
  return { format, failOn: parseFailOn(values['fail-on']), against: values.against ?? 'HEAD' };
}

function parseFailOn(value: string | undefined): ChangeClass[] {
  if (value === undefined) return [];
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const unknown = names.filter((name) => !(CLASSES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError(
      `--fail-on takes classes from ${CLASSES.join(', ')}${unknown.length > 0 ? `, not "${unknown.join('", "')}"` : ''}`,
    );
  return names as ChangeClass[];
}
