/**
 * Bounded echoes of text a model, an MCP server or a manifest supplied. Error messages quote what
 * they refuse (an unknown tool name, a path, a parameter name); quoted whole, a 5 MB name comes
 * back to the model as a 5 MB error. Every such echo goes through {@link capEcho}: the head of the
 * text, then a marker that says how much was left out.
 */

/** Characters of one echoed value (a tool name, a path, a parameter name). */
export const MAX_ECHO_CHARS = 256;
/** Characters of a whole failure message that a tool built around echoed values. */
export const MAX_FAILURE_MESSAGE_CHARS = 4_000;
/** Lines of a list of problems (unexpected parameters, …). */
export const MAX_ECHO_LINES = 20;

/**
 * `text` when it has at most `maxChars` UTF-16 code units; else its head (never splitting a
 * surrogate pair) followed by `… [N more characters]`.
 */
export function capEcho(text: string, maxChars: number = MAX_ECHO_CHARS): string {
  if (text.length <= maxChars) return text;
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… [${text.length - end} more characters]`;
}

/** The first `maxLines` of `lines`, then `… and N more` when some were left out. */
export function capLines(lines: readonly string[], maxLines: number = MAX_ECHO_LINES): string[] {
  if (lines.length <= maxLines) return [...lines];
  return [...lines.slice(0, maxLines), `… and ${lines.length - maxLines} more`];
}
