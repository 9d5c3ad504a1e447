/**
 * `tool-contracts check`: regenerate in memory, compare with disk, write nothing. Exit 1 naming
 * every stale, missing or extra file and every manifest problem; 0 when everything is current;
 * 2 for a usage error. This is what CI runs after the tests.
 */
import type { GenerateResult } from '../generator/generate.js';
import { formatGenerateIssue } from '../generator/generate-issue.js';
import type { CommandIO } from './command-io.js';
import { count, paint, usageError } from './generate-command.js';

export const CHECK_USAGE = `Usage: tool-contracts check [options]

Regenerate everything in memory and compare it with generated/ and manifest/*.schema.json.
Exits 1 naming each stale, missing or extra file and each manifest problem; writes nothing.

Options:
      --strict  Also fail on contract fields no runtime code reads (unless reserved in
                RESERVED_CONTRACT_FIELDS, generator/manifest/manifest-schema.ts)
  -h, --help    Show this help`;

/** What the command line asked for. More checks (the audit's `--strict`) add a field here. */
export interface CheckArguments {
  readonly help: boolean;
  /** Also fail on unread contract fields that are not reserved (from the audit's report). */
  readonly strict: boolean;
}

export function parseCheckArguments(
  args: readonly string[],
): CheckArguments | { readonly unknown: string } {
  let help = false;
  let strict = false;
  for (const arg of args) {
    if (arg === '-h' || arg === '--help') help = true;
    else if (arg === '--strict') strict = true;
    // Further options are parsed here.
    else return { unknown: arg };
  }
  return { help, strict };
}

export async function run(args: readonly string[], io: CommandIO): Promise<number> {
  const parsed = parseCheckArguments(args);
  if ('unknown' in parsed) return usageError(io, 'check', parsed.unknown, CHECK_USAGE);
  if (parsed.help) {
    io.out(CHECK_USAGE);
    return 0;
  }
  const { generate } = await import('../generator/generate.js');
  let result: GenerateResult;
  try {
    result = await generate({ projectRoot: io.cwd, write: false });
  } catch (error) {
    io.err(
      paint(
        io.color,
        'red',
        `tool-contracts check: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    return 1;
  }
  const problems = checkProblems(result);
  // Further checks on `result` (the audit's `--strict`) append to `problems` here.
  let unread: string[] = [];
  if (parsed.strict && result.ok) {
    const { strictAuditProblems } = await import('../generator/audit/strict-audit-problems.js');
    unread = strictAuditProblems(result.files);
  }
  for (const warning of result.warnings) io.err(paint(io.color, 'yellow', `warning: ${warning}`));
  if (problems.length > 0 || unread.length > 0) {
    for (const line of [...problems, ...unread]) io.err(line);
    if (problems.length > 0) io.err(paint(io.color, 'red', summaryOfProblems(result)));
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

function summaryOfProblems(result: GenerateResult): string {
  if (!result.ok) return `${count(result.issues.length, 'problem')} in manifests.`;
  const files = result.changed.length + result.extra.length;
  return `${count(files, 'file')} out of date with manifest/ and runtime/; run \`npm run generate\`.`;
}
