/**
 * Text from manifests, MCP servers and tool results is printed to terminals, where a control
 * character is an instruction: ESC starts sequences that recolour, move the cursor, clear the
 * screen, set the window title or plant hyperlinks; BEL rings; NUL and C1 controls confuse
 * terminals and pagers; bidirectional overrides make text read differently from what it says.
 * Every such character is printed as a visible `\uXXXX` escape instead; tab and line feed stay.
 * The escape is also valid inside JSON strings, so JSON output stays parseable.
 */

/** C0 controls but tab and line feed, DEL, C1 controls, bidi overrides and isolates. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/gu;

/** `text` with every control character but tab and line feed written as `\uXXXX`. */
export function terminalText(text: string): string {
  return text.replace(
    CONTROL_CHARACTERS,
    (character) => `\\u${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
