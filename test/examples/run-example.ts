/**
 * `examples/run.ts` as a user runs it: a real process (`tsx`), its SDK pointed at a replay server
 * through the provider's own environment variable, approvals answered on standard input as a
 * person would. Shared by the examples' tests in this checkout and from the packed packages.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { HostName } from './recorded-conversations.js';

const ROOT = path.join(import.meta.dirname, '..', '..');

/** The environment that points `host`'s SDK at the replay server at `url`. */
export function environment(host: HostName, url: string): Record<string, string> {
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

export interface ExampleRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run `examples/run.ts` in `cwd` (default: this checkout); answer `answer` to each approval
 * prompt once it is asked, or pipe `piped` into standard input at once.
 */
export function runExample(
  args: string[],
  env: Record<string, string>,
  options: { answer?: string; piped?: string; cwd?: string } = {},
): Promise<ExampleRun> {
  const { answer, piped, cwd = ROOT } = options;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'examples/run.ts', ...args], {
      cwd,
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
