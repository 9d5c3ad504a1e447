/**
 * The command to suggest for a mistyped one. A reading command is suggested as any name is
 * (`suggestName`); a command that writes files (`init`, `generate`, `format`, `watch`, `mcp`,
 * whose `approve` writes the lock) only for a slip of one key — one letter wrong, missing, extra,
 * or two letters swapped — so a mistyped reading command (`lsit`) is never answered with a
 * command that writes (`init`).
 */
import { suggestName } from '../generator/manifest/suggest-name.js';

/** The commands that write files. */
export const WRITING_COMMANDS: ReadonlySet<string> = new Set([
  'init',
  'generate',
  'format',
  'watch',
  'mcp',
]);

export function suggestCommand(typed: string, commands: readonly string[]): string | undefined {
  const lower = typed.toLowerCase();
  const slipOf = (writing: boolean) =>
    commands.find((name) => WRITING_COMMANDS.has(name) === writing && oneSlipApart(lower, name));
  const writing = slipOf(true);
  // A writing command one slip away wins only over reading commands that are further.
  if (writing !== undefined && slipOf(false) === undefined) return writing;
  return suggestName(
    typed,
    commands.filter((name) => !WRITING_COMMANDS.has(name)),
  );
}

/** Whether `a` becomes `b` by one substitution, insertion, deletion or swap of neighbours. */
export function oneSlipApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    const diffs = [...a].flatMap((char, index) => (char === b[index] ? [] : [index]));
    if (diffs.length === 1) return true;
    const [first, second] = diffs as [number, number];
    return (
      diffs.length === 2 && second === first + 1 && a[first] === b[second] && a[second] === b[first]
    );
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  for (let index = 0; index < long.length; index += 1)
    if (long.slice(0, index) + long.slice(index + 1) === short) return true;
  return false;
}
