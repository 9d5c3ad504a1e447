/**
 * Bash: run a command with `bash -c` in the working directory, in the foreground (its process
 * group registered for cancellation, killed on abort) or as a background task.
 *
 * The permission hooks recompute the capability from the command: a command made only of
 * read-only simple commands ({@link classifyShellCommand}) is read-only, low risk, needs no
 * approval and touches nothing; rules match each simple command of a compound one.
 */
import { stat } from 'node:fs/promises';
import type { Input, Output } from '../../generated/tools/bash.js';
import type { ToolImplementation } from '../core/contract.js';
import { startBackgroundTask } from './support/background-tasks.js';
import { startShellCommand } from './support/start-shell-command.js';
import { toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

// The hooks that decide from the command alone, before the handler runs.
export {
  READ_ONLY_CAPABILITY,
  resolvePermissionCapability,
  resolvePermissionRulePolicy,
  resolveTimeoutBudgetMs,
} from './bash-permission-hooks.js';

export const handler: Implementation['handler'] = async (input, context) => {
  const cwd = context.workingDirectory;
  const directory = await stat(cwd).catch(() => undefined);
  if (directory === undefined || !directory.isDirectory()) {
    return toolFailure(
      'working_directory_missing',
      `The working directory ${cwd} does not exist or is not a directory.`,
    );
  }
  const limit = context.maxOutputBytes ?? Number.MAX_SAFE_INTEGER;

  if (input.run_in_background) {
    const task = startBackgroundTask(context.session, {
      command: input.command,
      cwd,
      maxOutputBytes: limit,
    });
    return {
      ok: true,
      output: {
        output: '',
        exitCode: null,
        interrupted: false,
        outputTruncated: false,
        backgroundTaskId: task.id,
      },
    };
  }

  const run = startShellCommand({
    command: input.command,
    cwd,
    maxOutputBytes: limit,
    signal: context.signal,
  });
  if (run.pid > 0) context.trackProcess(run.pid);
  try {
    const result = await run.done;
    return {
      ok: true,
      output: {
        output: result.output,
        exitCode: result.exitCode,
        interrupted: result.interrupted,
        outputTruncated: result.outputTruncated,
      },
    };
  } catch (error) {
    return toolFailure('spawn_failed', `Could not start bash: ${(error as Error).message}`);
  }
};

function statusLine(output: Output): string | undefined {
  if (output.interrupted)
    return 'The command was interrupted (timeout or cancellation); its process group was killed.';
  if (output.exitCode === null) return 'The command was killed by a signal.';
  if (output.exitCode !== 0) return `Exit code ${output.exitCode}`;
  return undefined;
}

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.backgroundTaskId !== undefined) {
    return `Command running in the background with id ${output.backgroundTaskId}. Read its output with TaskOutput; stop it with TaskStop.`;
  }
  const parts: string[] = [];
  if (output.outputTruncated) parts.push('[Output longer than the limit; only its end is kept.]');
  parts.push(output.output === '' ? '(no output)' : output.output.replace(/\n$/, ''));
  const status = statusLine(output);
  if (status !== undefined) parts.push(status);
  return parts.join('\n');
};

/** Lines of the output's end repeated in the summary, so the usual answer needs no second read. */
export const PERSISTED_TAIL_LINES = 20;
/** Cap on that tail in characters (minified or binary-ish output has very long lines). */
export const PERSISTED_TAIL_CHARACTERS = 2000;

export const formatPersistedModelContent: NonNullable<
  Implementation['formatPersistedModelContent']
> = (output, artifactPath, totalBytes) => {
  const lastLines = output.output
    .replace(/\n$/, '')
    .split('\n')
    .slice(-PERSISTED_TAIL_LINES)
    .join('\n');
  const tail =
    lastLines.length > PERSISTED_TAIL_CHARACTERS
      ? `…${lastLines.slice(-PERSISTED_TAIL_CHARACTERS)}`
      : lastLines;
  return [
    `The output was too large to show (${totalBytes} bytes) and was saved to ${artifactPath}.`,
    `Read it with the Read tool (offset and limit), or search it with Grep or \`grep -n PATTERN ${artifactPath}\`.`,
    statusLine(output) ?? 'Exit code 0',
    `Last ${PERSISTED_TAIL_LINES} lines:`,
    tail,
  ].join('\n');
};
