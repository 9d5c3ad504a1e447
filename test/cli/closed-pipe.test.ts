/**
 * A reader that hangs up early (`tool-contracts list --json | head -1`) must not crash the
 * command with EPIPE: it finishes quietly with its own exit code.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { temporaryDirectory } from '../support/temporary-directory.js';

const bin = path.resolve(import.meta.dirname, '../../bin/tool-contracts.js');

test('list --json into a reader that closes after the first chunk exits 0 with nothing on stderr', async () => {
  const directory = await temporaryDirectory('closed-pipe-');
  const server = path.join(directory, 'many.json');
  // Far more output than a pipe buffer holds, so the writes after the hang-up do fail.
  const tools = Array.from({ length: 400 }, (_, index) => ({
    name: `tool_${index}`,
    description: 'x'.repeat(500),
    inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
  }));
  await writeFile(server, JSON.stringify({ tools }));

  const child = spawn(process.execPath, [bin, 'list', '--json', '--mcp', server], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
});
