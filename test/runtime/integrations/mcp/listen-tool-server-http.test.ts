/**
 * Sessions of a real `tool-contracts serve --http` child, driven by the MCP SDK client: a
 * session idle past `--session-idle-timeout` is closed with its background tasks; at the cap
 * (64) the least recently used idle session makes room, so a process that opened 64 sessions
 * and vanished does not lock the server; while every session is in use, a new client is refused.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, test, vi } from 'vitest';
import { authorizedTransport, serveHttp } from '../../../support/serve-child.js';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const sdkClient = path.join(root, 'node_modules/@modelcontextprotocol/sdk/dist/esm/client');

/** A separate process that opens `count` sessions and exits without closing any. */
function abandonSessions(url: string, token: string, count: number): Promise<string> {
  const script = `
    import { Client } from ${JSON.stringify(`${sdkClient}/index.js`)};
    import { StreamableHTTPClientTransport } from ${JSON.stringify(`${sdkClient}/streamableHttp.js`)};
    const { URL_, TOKEN, COUNT } = process.env;
    for (let index = 0; index < Number(COUNT); index += 1) {
      const client = new Client({ name: 'abandoner-' + index, version: '0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(URL_), {
        requestInit: { headers: { authorization: 'Bearer ' + TOKEN } },
      }));
    }
    process.stdout.write('opened ' + COUNT);
    process.exit(0);
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, URL_: url, TOKEN: token, COUNT: String(count) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(err))));
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A raw JSON-RPC POST to `url` with the token (and the session id when given). */
function post(url: string, token: string, body: object, sessionId?: string) {
  return fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
    },
    body: JSON.stringify(body),
  });
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  },
};

describe('serve --http sessions', () => {
  test('at the cap the least recently used idle session is the one closed', async () => {
    const served = await serveHttp(['--mode', 'yolo']);
    try {
      // Raw sessions: no notification stream, so each is idle once its request is answered.
      const ids: string[] = [];
      for (let index = 0; index < 63; index += 1) {
        const response = await post(served.url, served.token, initialize);
        expect(response.status).toBe(200);
        await response.text();
        ids.push(response.headers.get('mcp-session-id')!);
      }
      // The oldest is used again: now the second oldest is the least recently used.
      const ping = await post(
        served.url,
        served.token,
        { jsonrpc: '2.0', id: 2, method: 'ping' },
        ids[0],
      );
      expect(ping.status).toBe(200);
      await ping.text();
      const late = await post(served.url, served.token, initialize);
      expect(late.status).toBe(200);
      await late.text();
      const status = async (id: string) => {
        const response = await post(
          served.url,
          served.token,
          { jsonrpc: '2.0', id: 3, method: 'ping' },
          id,
        );
        await response.text();
        return response.status;
      };
      expect(await status(ids[1]!)).toBe(404);
      expect(await status(ids[0]!)).toBe(200);
      expect(await status(ids[2]!)).toBe(200);
      expect(served.stderr()).toContain(`closed the least recently used idle one (${ids[1]})`);
    } finally {
      await served.close();
    }
  });

  test('64 sessions abandoned by a process that exited: the next client still connects', async () => {
    const served = await serveHttp(['--mode', 'yolo']);
    try {
      expect(await abandonSessions(served.url, served.token, 63)).toBe('opened 63');
      // 63 abandoned + the helper's own client = the cap.
      const late = new Client({ name: 'late', version: '0' });
      await late.connect(authorizedTransport(served.url, served.token));
      expect((await late.listTools()).tools.length).toBeGreaterThan(0);
      await late.close();
      expect(served.stderr()).toMatch(
        /64 sessions open; closed the least recently used idle one \([0-9a-f-]{36}\)/,
      );
      // The helper's client, the least recently used once the others were opened, is untouched:
      // only abandoned sessions (idle) were closed.
      expect((await served.client.listTools()).tools.length).toBeGreaterThan(0);
    } finally {
      await served.close();
    }
  });

  test('while every session is in use, a new client is refused with 503', async () => {
    const served = await serveHttp(['--mode', 'yolo']);
    const clients: Client[] = [];
    try {
      // Each SDK client holds its notification stream (a GET) open: in use, never evicted.
      for (let index = 0; index < 63; index += 1) {
        const client = new Client({ name: `live-${index}`, version: '0' });
        await client.connect(authorizedTransport(served.url, served.token));
        clients.push(client);
      }
      await vi.waitFor(async () => {
        const response = await fetch(served.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${served.token}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-06-18',
              capabilities: {},
              clientInfo: { name: 'one-too-many', version: '0' },
            },
          }),
        });
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({
          error: { message: 'at most 64 MCP sessions at once, and every one is in use' },
        });
      });
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await served.close();
    }
  });

  test('a session idle past --session-idle-timeout is closed with its background tasks', async () => {
    const served = await serveHttp(['--mode', 'yolo', '--session-idle-timeout', '1']);
    try {
      const pidFile = path.join(served.workspace, 'background.pid');
      const started = (await served.client.callTool({
        name: 'Bash',
        arguments: {
          command: `echo $$ > ${pidFile}; exec sleep 600`,
          run_in_background: true,
        },
      })) as CallToolResult;
      expect(started.isError ?? false).toBe(false);
      const pid = await vi.waitFor(async () => Number(await readFile(pidFile, 'utf8')));
      expect(alive(pid)).toBe(true);
      const transport = served.client.transport as { sessionId?: string };
      const sessionId = transport.sessionId!;
      // The client goes away without ending its session (no DELETE).
      await served.client.close();
      await vi.waitFor(
        () => expect(served.stderr()).toContain(`session ${sessionId} closed after 1 s idle`),
        { timeout: 20_000, interval: 100 },
      );
      await vi.waitFor(() => expect(alive(pid)).toBe(false), { timeout: 10_000 });
      const response = await fetch(served.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${served.token}`,
          'mcp-session-id': sessionId,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      expect(response.status).toBe(404);
    } finally {
      await served.close();
    }
  });
});
