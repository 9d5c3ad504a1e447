/**
 * First pass over a shell command for Bash's permission hooks: split it into the simple commands
 * it runs, and note the constructs that run code the split cannot see.
 *
 * shell-quote parses words and operators well but drops newlines (so `ls\nrm -rf x` would read
 * as one `ls`), and loses `$(…)` inside double quotes and backticks altogether. This quote-aware
 * scan finds the separators (`&&`, `||`, `;`, `|`, `|&`, `&`, newlines, `(`, `)`) and the hazards
 * first; shell-quote then parses each piece.
 */

/** Constructs whose effect the static split cannot judge. */
export type ShellHazard =
  'commandSubstitution' | 'processSubstitution' | 'hereDocument' | 'unterminatedQuote';

export interface ShellCommandSplit {
  /** Each simple command as written (trimmed), in order; empty pieces are dropped. */
  readonly segments: readonly string[];
  /** Hazards found, in order of first appearance, each once. */
  readonly hazards: readonly ShellHazard[];
}

export function splitShellCommand(command: string): ShellCommandSplit {
  const segments: string[] = [];
  const hazards = new Set<ShellHazard>();
  let current = '';
  let quote: "'" | '"' | undefined;

  const flush = () => {
    const trimmed = current.trim();
    if (trimmed !== '') segments.push(trimmed);
    current = '';
  };

  for (let index = 0; index < command.length; index += 1) {
    const char = command[index] as string;
    const next = command[index + 1];
    if (quote === "'") {
      current += char;
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === '\\') {
      // An escaped character is literal, in double quotes and outside; a line continuation joins lines.
      if (next === '\n') {
        index += 1;
        continue;
      }
      current += char + (next ?? '');
      index += 1;
      continue;
    }
    if (char === '`' || (char === '$' && next === '(')) hazards.add('commandSubstitution');
    if (quote === '"') {
      current += char;
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      current += char;
      continue;
    }
    if ((char === '<' || char === '>') && next === '(') hazards.add('processSubstitution');
    if (char === '<' && next === '<' && command[index + 2] !== '<') hazards.add('hereDocument');
    if (char === '#' && (current === '' || /\s$/.test(current))) {
      // A comment runs to the end of the line.
      while (index + 1 < command.length && command[index + 1] !== '\n') index += 1;
      continue;
    }
    if (char === '\n' || char === ';' || char === '(' || char === ')') {
      flush();
      continue;
    }
    if (char === '|') {
      flush();
      if (next === '|' || next === '&') index += 1;
      continue;
    }
    if (char === '&') {
      const previous = command[index - 1];
      // `2>&1`, `<&3`, `&>file` and `&>>file` are redirections, not separators.
      if (previous === '>' || previous === '<' || next === '>') {
        current += char;
        continue;
      }
      flush();
      if (next === '&') index += 1;
      continue;
    }
    current += char;
  }
  if (quote !== undefined) hazards.add('unterminatedQuote');
  flush();
  return { segments, hazards: [...hazards] };
}
