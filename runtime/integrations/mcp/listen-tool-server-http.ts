/**
 * `serve --http`: the tool server over Streamable HTTP (the SDK's
 * `StreamableHTTPServerTransport`) at `http://ADDRESS:PORT/mcp`, one MCP session per client,
 * each with its own tool session (its read files, todos, background tasks), closed when the
 * client ends the session (`DELETE`) or the listener closes.
 *
 * Bound to 127.0.0.1 unless told otherwise; on a loopback address the SDK's DNS-rebinding
 * protection admits only loopback `Host` headers, so a web page cannot reach the tools through
 * the browser. Request bodies are capped (`maxBodyBytes`), and so is the number of open
 * sessions (`maxSessions`): a client cannot exhaust the process.
 */
import { randomUuid } from '../../core/support/lazy-crypto.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RuntimeLogger } from '../../core/runtime-logger.js';
import type { ToolSession } from '../../call-path/session/create-tool-session.js';
import type { ToolServer } from './create-tool-server.js';

export interface ToolServerHttpOptions {
  /** Default: 127.0.0.1. */
  readonly address?: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Default: `/mcp`. */
  readonly path?: string;
  /** A fresh tool session for a new MCP session. */
  readonly createSession: () => Promise<ToolSession>;
  /** The MCP server of one MCP session. */
  readonly createServer: (session: ToolSession) => ToolServer;
  /** Default: 4 MiB. */
  readonly maxBodyBytes?: number;
  /** Default: 64. */
  readonly maxSessions?: number;
  readonly logger?: RuntimeLogger;
}

export interface ToolServerHttp {
  /** `http://ADDRESS:PORT/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Tell every connected client that its list may have changed. */
  toolsChanged(): void;
  /** Stop listening, end every MCP session and its tool session. */
  close(): Promise<void>;
}

interface OpenSession {
  readonly transport: StreamableHTTPServerTransport;
  readonly toolServer: ToolServer;
  readonly session: ToolSession;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function listenToolServerHttp(
  options: ToolServerHttpOptions,
): Promise<ToolServerHttp> {
  const address = options.address ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxSessions = options.maxSessions ?? 64;
  const sessions = new Map<string, OpenSession>();
  let port = 0;

  const endSession = async (open: OpenSession) => {
    const id = open.transport.sessionId;
    if (id !== undefined) sessions.delete(id);
    await open.toolServer.server.close().catch(() => {});
    await open.session.close().catch(() => {});
  };

  const openSession = async (): Promise<OpenSession> => {
    const session = await options.createSession();
    const toolServer = options.createServer(session);
    const loopback = LOOPBACK.has(address);
    const host = address.includes(':') ? `[${address}]` : address;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUuid(),
      onsessioninitialized: (id) => {
        sessions.set(id, open);
      },
      ...(loopback
        ? {
            enableDnsRebindingProtection: true,
            allowedHosts: [
              `${host}:${port}`,
              `localhost:${port}`,
              `127.0.0.1:${port}`,
              `[::1]:${port}`,
            ],
          }
        : {}),
    });
    const open: OpenSession = { transport, toolServer, session };
    transport.onclose = () => void endSession(open);
    await toolServer.server.connect(transport);
    return open;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== path) return reply(response, 404, `no MCP endpoint here; use ${path}`);
    let body: unknown;
    if (request.method === 'POST') {
      const read = await readJsonBody(request, maxBodyBytes);
      if (!read.ok) return replyJsonRpcError(response, read.status, read.code, read.message);
      body = read.value;
    }
    const id = request.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing !== undefined) return existing.transport.handleRequest(request, response, body);
    if (typeof id === 'string')
      return replyJsonRpcError(response, 404, -32001, 'Session not found');
    if (request.method !== 'POST')
      return replyJsonRpcError(response, 400, -32000, 'Bad Request: No valid session ID provided');
    if (sessions.size >= maxSessions)
      return replyJsonRpcError(
        response,
        503,
        -32000,
        `at most ${maxSessions} MCP sessions at once`,
      );
    const open = await openSession();
    await open.transport.handleRequest(request, response, body);
    // Not an initialize request: the transport refused it and no session began.
    if (open.transport.sessionId === undefined) await endSession(open);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.logger?.warn(
        `serve --http: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!response.headersSent) replyJsonRpcError(response, 500, -32603, 'Internal error');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port, address, () => {
      http.off('error', reject);
      resolve();
    });
  });
  port = (http.address() as AddressInfo).port;
  const shownHost = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${shownHost}:${port}${path}`,
    port,
    toolsChanged: () => {
      for (const open of sessions.values()) open.toolServer.toolsChanged();
    },
    close: async () => {
      await Promise.all([...sessions.values()].map(endSession));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}

type BodyRead =
  | { readonly ok: true; readonly value: unknown }
  | {
      readonly ok: false;
      readonly status: number;
      readonly code: number;
      readonly message: string;
    };

async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Past the cap the rest is read and dropped, so the answer can still be sent.
    if (size <= maxBytes) chunks.push(chunk);
  }
  if (size > maxBytes)
    return { ok: false, status: 413, code: -32600, message: `request body over ${maxBytes} bytes` };
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch (error) {
    return {
      ok: false,
      status: 400,
      code: -32700,
      message: `Parse error: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function reply(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
}

function replyJsonRpcError(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
): void {
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
