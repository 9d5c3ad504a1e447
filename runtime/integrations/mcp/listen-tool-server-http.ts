/**
 * `serve --http`: the tool server over Streamable HTTP (the SDK's
 * `StreamableHTTPServerTransport`) at `http://ADDRESS:PORT/mcp`, one MCP session per client,
 * each with its own tool session (its read files, todos, background tasks), closed when the
 * client ends the session (`DELETE`) or the listener closes.
 *
 * Every request carries the bearer token (`Authorization: Bearer TOKEN`), checked by the SDK's
 * `requireBearerAuth` middleware with a constant-time verifier (`static-token-verifier.ts`);
 * without it the answer is 401 with a `WWW-Authenticate` header that points to the
 * protected-resource metadata (RFC 9728, served at `/.well-known/oauth-protected-resource/mcp`,
 * the one document readable without the token). A request whose `Origin` is not this server's
 * own is refused (403) before anything else: browsers send `Origin`, so a web page cannot drive
 * the tools even with a leaked token. On a loopback address the SDK's DNS-rebinding protection
 * also admits only loopback `Host` headers.
 *
 * Request bodies are capped (`maxBodyBytes`), and so is the number of open sessions
 * (`maxSessions`). A session is in use while one of its requests is open (a call running, the
 * client's notification stream); from the moment its last request ends it is idle, and after
 * `sessionIdleTimeoutMs` of idleness it is closed with its tool session (background tasks
 * included). At the cap, the least recently used idle session is closed to make room; only
 * when every session is in use is a new client refused (503).
 */
import { randomUuid } from '../../core/support/lazy-crypto.js';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { RuntimeLogger } from '../../core/runtime-logger.js';
import type { ToolSession } from '../../call-path/session/create-tool-session.js';
import type { ToolServer } from './create-tool-server.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { staticTokenVerifier } from './static-token-verifier.js';
import { isLoopbackAddress } from './is-loopback-address.js';
import { DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './default-session-idle-timeout.js';

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
  /** The bearer token every request must carry (compared in constant time). */
  readonly token: string;
  /** Idle time after which a session is closed. Default: 30 minutes. */
  readonly sessionIdleTimeoutMs?: number;
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
  /** Requests of this session whose responses are still open. */
  inFlight: number;
  /** When its last request ended (`performance.now()`); for least-recently-used eviction. */
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
}

/** The request as the SDK's Express-shaped middleware and transport read it. */
type AuthenticatedRequest = IncomingMessage & { auth?: AuthInfo };

export async function listenToolServerHttp(
  options: ToolServerHttpOptions,
): Promise<ToolServerHttp> {
  const address = options.address ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const maxBodyBytes = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const maxSessions = options.maxSessions ?? 64;
  const idleTimeoutMs = options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS;
  const sessions = new Map<string, OpenSession>();
  const ended = new WeakSet<OpenSession>();
  const loopback = isLoopbackAddress(address);
  const shownHost = address.includes(':') ? `[${address}]` : address;
  const metadataPath = `/.well-known/oauth-protected-resource${path}`;
  let port = 0;
  let origins = new Set<string>();
  let metadata: OAuthProtectedResourceMetadata | undefined;
  let authenticate: ReturnType<typeof bearerAuthenticator> | undefined;

  const endSession = async (open: OpenSession) => {
    if (ended.has(open)) return;
    ended.add(open);
    clearTimeout(open.idleTimer);
    const id = open.transport.sessionId;
    if (id !== undefined) sessions.delete(id);
    await open.toolServer.server.close().catch(() => {});
    await open.session.close().catch(() => {});
  };

  /** Count `response` as a request of `open` until it closes; idle from the last one's end. */
  const track = (open: OpenSession, response: ServerResponse) => {
    open.inFlight += 1;
    clearTimeout(open.idleTimer);
    open.idleTimer = undefined;
    response.once('close', () => {
      open.inFlight -= 1;
      open.lastUsed = performance.now();
      if (open.inFlight > 0 || ended.has(open)) return;
      open.idleTimer = setTimeout(() => {
        options.logger?.warn(
          `serve --http: session ${open.transport.sessionId ?? '(uninitialised)'} closed after ${Math.round(idleTimeoutMs / 1000)} s idle`,
        );
        void endSession(open);
      }, idleTimeoutMs);
      open.idleTimer.unref();
    });
  };

  /** At the cap, close the least recently used idle session; false when every one is in use. */
  const makeRoom = async (): Promise<boolean> => {
    let oldest: OpenSession | undefined;
    for (const open of sessions.values())
      if (open.inFlight === 0 && (oldest === undefined || open.lastUsed < oldest.lastUsed))
        oldest = open;
    if (oldest === undefined) return false;
    options.logger?.warn(
      `serve --http: ${maxSessions} sessions open; closed the least recently used idle one (${oldest.transport.sessionId ?? ''})`,
    );
    await endSession(oldest);
    return true;
  };

  const openSession = async (): Promise<OpenSession> => {
    const session = await options.createSession();
    const toolServer = options.createServer(session);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUuid(),
      onsessioninitialized: (id) => {
        sessions.set(id, open);
      },
      ...(loopback
        ? {
            enableDnsRebindingProtection: true,
            allowedHosts: [
              `${shownHost}:${port}`,
              `localhost:${port}`,
              `127.0.0.1:${port}`,
              `[::1]:${port}`,
            ],
          }
        : {}),
    });
    const open: OpenSession = { transport, toolServer, session, inFlight: 0, lastUsed: 0 };
    transport.onclose = () => void endSession(open);
    await toolServer.server.connect(transport);
    return open;
  };

  const handle = async (request: AuthenticatedRequest, response: ServerResponse) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !origins.has(origin.toLowerCase()))
      return replyJsonRpcError(
        response,
        403,
        -32000,
        `Forbidden: requests from origin ${JSON.stringify(origin)} are not accepted`,
      );
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === metadataPath && (request.method === 'GET' || request.method === 'HEAD'))
      return replyJson(response, 200, metadata);
    if (!(await authenticate!(request, response))) return;
    if (url.pathname !== path) return reply(response, 404, `no MCP endpoint here; use ${path}`);
    let body: unknown;
    if (request.method === 'POST') {
      const read = await readJsonBody(request, maxBodyBytes);
      if (!read.ok) return replyJsonRpcError(response, read.status, read.code, read.message);
      body = read.value;
    }
    const id = request.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (existing !== undefined) {
      track(existing, response);
      return existing.transport.handleRequest(request, response, body);
    }
    if (typeof id === 'string')
      return replyJsonRpcError(response, 404, -32001, 'Session not found');
    if (request.method !== 'POST')
      return replyJsonRpcError(response, 400, -32000, 'Bad Request: No valid session ID provided');
    if (sessions.size >= maxSessions && !(await makeRoom()))
      return replyJsonRpcError(
        response,
        503,
        -32000,
        `at most ${maxSessions} MCP sessions at once, and every one is in use`,
      );
    const open = await openSession();
    track(open, response);
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
  const base = `http://${shownHost}:${port}`;
  origins = new Set(
    (loopback
      ? [base, `http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]
      : [base]
    ).map((origin) => origin.toLowerCase()),
  );
  metadata = {
    resource: `${base}${path}`,
    bearer_methods_supported: ['header'],
    resource_name: 'tool-contracts serve',
  };
  authenticate = bearerAuthenticator(options.token, `${base}${metadataPath}`);
  return {
    url: `${base}${path}`,
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

/**
 * The SDK's `requireBearerAuth` (an Express middleware) on a plain `node:http` exchange: the
 * few response methods it calls, mapped onto `ServerResponse`. Resolves true when the request
 * carries the token (the middleware has set `request.auth`, which the transport hands to the
 * server); otherwise the 401 with its `WWW-Authenticate` header has been sent.
 */
function bearerAuthenticator(token: string, resourceMetadataUrl: string) {
  const middleware = requireBearerAuth({
    verifier: staticTokenVerifier(token),
    resourceMetadataUrl,
  }) as unknown as (
    request: AuthenticatedRequest,
    response: unknown,
    next: () => void,
  ) => Promise<void>;
  return async (request: AuthenticatedRequest, response: ServerResponse): Promise<boolean> => {
    let passed = false;
    const express = {
      set(name: string, value: string) {
        response.setHeader(name, value);
        return express;
      },
      status(code: number) {
        response.statusCode = code;
        return express;
      },
      json(body: unknown) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(body));
        return express;
      },
    };
    await middleware(request, express, () => {
      passed = true;
    });
    return passed;
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

function replyJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
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
