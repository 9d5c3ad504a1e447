/**
 * examples/run.ts as a user runs it: a real process (`tsx`), its SDK pointed at the replay
 * server through the provider's own environment variable, the approval answered on standard
 * input. Each host edits the file and prints the model's answer.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { HOSTS, scriptedConversation, type HostName } from './recorded-conversations.js';
import { startReplayServer } from './replay-server.js';
import { exampleWorkspace } from './workspace.js';

const ROOT = path.join(import.meta.dirname, '..', '..');

function environment(host: HostName, url: string): Record<string, string> {
  switch (host) {
    case 'anthropic':
    case 'ai-sdk':
      return { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: `${url}/v1` };
    case 'openai-chat':
    case 'openai-responses':
      return { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${url}/v1` };
    case 'gemini':
      return { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: url };
  }
}

/**
 * Run `examples/run.ts`; answer `answer` to each approval prompt as a person would, once it is
 * asked, or pipe `piped` into standard input at once.
 */
function runExample(args: string[], env: Record<string, string>, answer?: string, piped?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/run.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let prompts = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const asked = stderr.split('Allow? [y/N] ').length - 1;
      for (; prompts < asked; prompts += 1) child.stdin.write(`${answer ?? ''}\n`);
    });
    if (answer === undefined) child.stdin.end(piped ?? '');
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test.each(HOSTS)(
  '%s: edits the file after the approval typed on standard input, prints the answer',
  async (host) => {
    const workspace = await exampleWorkspace();
    const server = await startReplayServer(scriptedConversation(host, workspace));
    onTestFinished(() => server.close());
    const run = await runExample(
      [host, 'Change beta to gamma in notes.txt', workspace.root],
      environment(host, server.url),
      'y',
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
    undefined,
    'n\n',
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
