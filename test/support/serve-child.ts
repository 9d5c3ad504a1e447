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

/** A `serve --http` child: its URL and bearer token, and what it wrote to standard error. */
export interface ServedHttp extends Served {
  readonly url: string;
  readonly token: string;
  readonly child: ChildProcess;
  /** Standard error so far. */
  stderr(): string;
}

/** The token a `serve --http` child printed (it generated one), or `undefined`. */
export function printedToken(stderr: string): string | undefined {
  return /serve: token (\S+) \(clients send/.exec(stderr)?.[1];
}

/**
 * A Streamable HTTP client transport to `url` that sends `token` as its bearer token, as a
 * client configured with `headers` does.
 */
export function authorizedTransport(url: string, token: string): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
}

/**
 * Start `serve --http 0 ARGS` and connect over Streamable HTTP with the token it printed (or the
 * one `env.TOOL_CONTRACTS_TOKEN` gave it). `connect: false` leaves `client` unconnected.
 */
export async function serveHttp(
  args: readonly string[],
  client = new Client({ name: 'serve-test', version: '0.0.0' }),
  options: { readonly env?: NodeJS.ProcessEnv; readonly connect?: boolean } = {},
): Promise<ServedHttp> {
  const workspace = await realpath(await mkdtemp(path.join(tmpdir(), 'tool-contracts-serve-')));
  const child = spawn(
    process.execPath,
    [bin, 'serve', '--http', '0', '--workspace', workspace, ...args],
    { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: options.env ?? process.env },
  );
  let text = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(workspace, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr!.on('data', () => {
        const match = /listening on (\S+)/.exec(text);
        if (match !== null) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited (${code}): ${text}`)));
    });
    const token = printedToken(text) ?? options.env?.['TOOL_CONTRACTS_TOKEN'];
    if (token === undefined) throw new Error(`serve printed no token: ${text}`);
    if (options.connect !== false) await client.connect(authorizedTransport(url, token));
    return {
      client,
      workspace,
      url,
      token,
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
