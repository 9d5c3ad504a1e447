/**
 * examples/run.ts as a user runs it (`run-example.ts`), in this checkout. Each host edits the
 * file after the approval and prints the model's answer; the same from the packed packages is in
 * test/package/packed-package.test.ts.
 */
import { readFile } from 'node:fs/promises';
import { expect, onTestFinished, test } from 'vitest';
import { HOSTS, scriptedConversation } from './recorded-conversations.js';
import { startReplayServer } from './replay-server.js';
import { environment, runExample } from './run-example.js';
import { exampleWorkspace } from './workspace.js';

test.each(HOSTS)(
  '%s: edits the file after the approval typed on standard input, prints the answer',
  async (host) => {
    const workspace = await exampleWorkspace();
    const server = await startReplayServer(scriptedConversation(host, workspace));
    onTestFinished(() => server.close());
    const run = await runExample(
      [host, 'Change beta to gamma in notes.txt', workspace.root],
      environment(host, server.url),
      { answer: 'y' },
    );
    expect({ code: run.code, stdout: run.stdout }).toEqual({
      code: 0,
      stdout: 'Changed beta to gamma.\n',
    });
    // Asked once, for the Edit.
    expect(run.stderr.split('Allow? [y/N] ')).toHaveLength(2);
    expect(run.stderr).toContain('Edit');
    expect(server.requests).toHaveLength(3);
    expect(await readFile(workspace.notes, 'utf8')).toBe('alpha\ngamma\n');
  },
  60_000,
);

test('an answer piped in ahead of the question counts; "n" declines, and the file stays', async () => {
  const workspace = await exampleWorkspace();
  const server = await startReplayServer(scriptedConversation('anthropic', workspace));
  onTestFinished(() => server.close());
  const run = await runExample(
    ['anthropic', 'Change beta to gamma in notes.txt', workspace.root],
    environment('anthropic', server.url),
    { piped: 'n\n' },
  );
  expect(run.code).toBe(0);
  expect(await readFile(workspace.notes, 'utf8')).toBe('alpha\nbeta\n');
  // The model was told the user declined.
  expect(server.requests[2]!.body).toContain('The user declined.');
});

test('no provider or no prompt: the usage line and exit code 2', async () => {
  const run = await runExample(['claude'], {});
  expect(run).toEqual({
    code: 2,
    stdout: '',
    stderr:
      'usage: tsx examples/run.ts anthropic|openai-responses|openai-chat|gemini|ai-sdk PROMPT [DIRECTORY]\n',
  });
});
