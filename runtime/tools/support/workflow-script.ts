/**
 * The workflow script shared by the four authoring tools (CreateWorkflow, AmendWorkflow,
 * SaveWorkflow, EvalWorkflowSnippet): the checks of their `validateInput`, the normalisation and
 * type check of their `resolveInput`, and the preview of their `prepareApproval`.
 */
import type { ToolCallContext, ToolFailure, ValidationOutcome } from '../../core/contract.js';
import { callHostPort } from './call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './port-unavailable.js';

/** Largest script, in UTF-8 bytes, the authoring tools accept. */
export const WORKFLOW_SCRIPT_MAX_BYTES = 256 * 1024;

/** Largest snippet, in UTF-8 bytes, EvalWorkflowSnippet accepts (it runs while the turn waits). */
export const WORKFLOW_SNIPPET_MAX_BYTES = 32 * 1024;

/**
 * `validateInput` of the authoring tools: the script is not blank, has no NUL character and fits
 * in `maxBytes` (the schema's `minLength` lets a script of spaces through and cannot count bytes).
 */
export function checkWorkflowScript(
  toolName: string,
  script: string,
  maxBytes: number = WORKFLOW_SCRIPT_MAX_BYTES,
): ValidationOutcome {
  if (script.trim() === '') {
    return {
      ok: false,
      code: 'invalid_script',
      message: `${toolName} needs a script; the one given is blank.`,
    };
  }
  if (script.includes('\u0000')) {
    return {
      ok: false,
      code: 'invalid_script',
      message: `The script contains a NUL character; ${toolName} takes TypeScript source text.`,
    };
  }
  const bytes = Buffer.byteLength(script, 'utf8');
  if (bytes > maxBytes) {
    return {
      ok: false,
      code: 'script_too_large',
      message: `The script is ${bytes} bytes; ${toolName} accepts at most ${maxBytes} bytes. Split the work or move data into the input.`,
    };
  }
  return { ok: true };
}

/**
 * The script as the host will run and store it: no byte-order mark, `\n` line ends, trailing
 * whitespace at the end removed and exactly one final newline. Normalising before the type
 * check means the user approves, and the host runs, the very text that was checked.
 */
export function normalizeWorkflowScript(script: string): string {
  const withoutBom = script.startsWith('\uFEFF') ? script.slice(1) : script;
  return `${withoutBom.replace(/\r\n?/gu, '\n').trimEnd()}\n`;
}

/**
 * `resolveInput` core: normalise the script and type-check it with the host. Fails with
 * `workflow_typecheck_failed` listing every diagnostic when the host reports any.
 */
export async function typecheckWorkflowScript(
  toolName: string,
  script: string,
  context: ToolCallContext,
): Promise<{ readonly ok: true; readonly script: string } | ToolFailure> {
  const workflow = context.ports.workflow;
  if (workflow === undefined) return portUnavailable(toolName, HOST_SERVICES.workflow);
  const normalized = normalizeWorkflowScript(script);
  const checked = await callHostPort(toolName, context.signal, () =>
    workflow.typecheck(normalized),
  );
  if (!checked.ok) return checked;
  const diagnostics = checked.value;
  if (diagnostics.length > 0) {
    const count = diagnostics.length === 1 ? '1 error' : `${diagnostics.length} errors`;
    return {
      ok: false,
      code: 'workflow_typecheck_failed',
      message: `The script does not type-check (${count}):\n${diagnostics.join('\n')}\nFix the script and call ${toolName} again.`,
    };
  }
  return { ok: true, script: normalized };
}

/**
 * `text` in a fenced markdown block whose fence is longer than any backtick run inside, so a
 * script containing ``` cannot end the block early.
 */
export function fencedBlock(text: string, language: string): string {
  const longestRun = Math.max(0, ...Array.from(text.matchAll(/`+/gu), (match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${language}\n${body}${fence}`;
}
