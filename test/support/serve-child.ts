/**
 * `tool-contracts serve` as a child process with an SDK client connected to it, over stdio or
 * Streamable HTTP, in a fresh workspace that is removed on close.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = path.join(root, 'bin/tool-contracts.js');

/** A `serve` child and an SDK client connected to it. */
export interface Served {
  readonly client: Client;
  readonly workspace: string;
  /** What the child wrote to standard error so far. */
  stderr(): string;
  close(): Promise<void>;
}

/** Start `serve ARGS` over stdio, in a fresh workspace. */
export async function serveStdio(
  args: readonly string[],
  client = new Client({ name: 'serve-test', version: '0.0.0' }),
): Promise<Served> {
  const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'tool-contracts-serve-')));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'serve', '--workspace', workspace, ...args],
    cwd: root,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  try {
    await client.connect(transport);
  } catch (error) {
    await rm(workspace, { recursive: true, force: true });
    throw error;
  }
  return {
    client,
    workspace,
    stderr: () => stderr,
    close: async () => {
      await client.close();
      await rm(workspace, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

/** Start `serve --http 0 ARGS` and connect over Streamable HTTP. */
export async function serveHttp(
  args: readonly string[],
  client = new Client({ name: 'serve-test', version: '0.0.0' }),
): Promise<Served & { readonly url: string; readonly child: ChildProcess }> {
  const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'tool-contracts-serve-')));
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--http', '0', '--workspace', workspace, ...args],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(workspace, { recursive: true, force: true, maxRetries: 5 });
  };
  let text = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const match = /listening on (\S+)/.exec(text);
        if (match !== null) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${text}`)));
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return {
      client,
      workspace,
      url,
      child,
      stderr: () => text,
      close: async () => {
        await client.close().catch(() => {});
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
