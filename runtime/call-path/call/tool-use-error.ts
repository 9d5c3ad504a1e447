/**
 * The model-facing texts of failed calls that are not about the input's schema. Each is built
 * here, in one place, so tests and documentation can quote them exactly.
 */
import { capEcho } from '../../core/cap-echo.js';

/** `<tool_use_error>text</tool_use_error>`: how a failure is marked for the model. */
export function toolUseError(text: string): string {
  return `<tool_use_error>${text}</tool_use_error>`;
}

/** A blank tool name, echoed exactly as the model sent it (whitespace included). */
export function blankToolNameContent(name: string): string {
  return toolUseError(`Error: No such tool available: ${capEcho(name)}`);
}

/** An unknown tool, with up to three close names: models loop on a wrong name without them. */
export function unknownToolContent(name: string, suggestions: readonly string[]): string {
  const hint = suggestions.length === 0 ? '' : `\nDid you mean: ${suggestions.join(', ')}?`;
  return `Tool not found: ${capEcho(name)}${hint}`;
}

/**
 * A call stopped by its timeout:
 * `<tool_use_error>Read timed out after 30000 ms and was stopped.</tool_use_error>`; when the
 * model may ask for more time, the text says how much:
 * `… was stopped. Pass a larger \`timeout\` (at most 600000 ms) to allow more time.`
 */
export function timeoutContent(
  toolName: string,
  timeoutMs: number,
  longerTimeoutAllowedUpToMs?: number,
): string {
  const hint =
    longerTimeoutAllowedUpToMs === undefined
      ? ''
      : ` Pass a larger \`timeout\` (at most ${longerTimeoutAllowedUpToMs} ms) to allow more time.`;
  return toolUseError(`${toolName} timed out after ${timeoutMs} ms and was stopped.${hint}`);
}

/** The handler threw: a fault of the tool, reported without blaming the input. */
export function handlerErrorContent(toolName: string, message: string): string {
  return toolUseError(`Error: ${toolName} failed unexpectedly: ${message}`);
}

/** The handler returned output its contract does not allow. */
export function invalidOutputContent(toolName: string): string {
  return toolUseError(
    `Error: ${toolName} produced output that does not match its declared output schema. This is a fault of the tool, not of your input.`,
  );
}

/** The host's pre-tool hook rewrote the input into something the tool refuses. */
export function hookInputInvalidContent(toolName: string): string {
  return toolUseError(
    `Error: ${toolName} was not run: a pre-tool hook rewrote its input into an invalid call.`,
  );
}

/** The tool requires tracing and the host gave no tracer: fail closed. */
export function traceUnavailableContent(toolName: string): string {
  return toolUseError(
    `Error: ${toolName} was not run: it requires a trace and no tracer is configured.`,
  );
}
