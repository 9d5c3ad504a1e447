import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, test } from 'vitest';
import { tool as webFetch } from '../../../generated/tools/web-fetch.js';
import { createWorkspaceContext, type WorkspaceContext } from './workspace-context.js';

type Route = (request: IncomingMessage, response: ServerResponse) => void;

const PAGE = `<!doctype html><html><head><title>Ignored</title><style>p { color: red }</style></head>
<body><h1>Release notes</h1><p>Version <strong>2.0</strong> is out. See <a href="/docs">the docs</a>.</p>
<script>console.log("not content")</script><ul><li>faster</li><li>smaller</li></ul>
<pre><code>npm i tool</code></pre></body></html>`;

const routes: Record<string, Route> = {
  '/page': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
  '/plain': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/plain' }).end('just text\n'),
  '/json': (_request, response) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'),
  '/latin1': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
      .end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
  '/old': (_request, response) => response.writeHead(301, { location: '/older' }).end(),
  '/older': (_request, response) => response.writeHead(302, { location: '/plain' }).end(),
  '/elsewhere': (_request, response) =>
    response.writeHead(302, { location: `http://localhost:${port}/plain` }).end(),
  '/loop': (_request, response) => response.writeHead(302, { location: '/loop' }).end(),
  '/missing': (_request, response) =>
    response.writeHead(404, 'Not Found', { 'content-type': 'text/plain' }).end('nope'),
  '/image': (_request, response) =>
    response
      .writeHead(200, { 'content-type': 'image/png' })
      .end(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  '/untyped-binary': (_request, response) => {
    response.removeHeader('content-type');
    response.writeHead(200).end(Buffer.from([0x00, 0x01, 0x02]));
  },
  '/huge': (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(150_000)),
  '/hang': () => undefined,
  '/agent': (request, response) =>
    response
      .writeHead(200, { 'content-type': 'text/plain' })
      .end(String(request.headers['user-agent'])),
};

let server: Server;
let port: number;
let base: string;
let workspace: WorkspaceContext;

beforeAll(async () => {
  server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname];
    if (route === undefined) response.writeHead(500).end();
    else route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(async () => {
  workspace = await createWorkspaceContext();
});
afterEach(async () => {
  await workspace.dispose();
});

const prompt = 'What changed?';

describe('WebFetch content', () => {
  test.each([
    [
      'HTML becomes Markdown without scripts and styles',
      '/page',
      '/page',
      'text/html',
      '# Release notes\n\nVersion **2.0** is out. See [the docs](/docs).\n\n-   faster\n-   smaller\n\n```\nnpm i tool\n```',
      Buffer.byteLength(PAGE),
    ],
    ['plain text as sent', '/plain', '/plain', 'text/plain', 'just text\n', 10],
    ['JSON as sent', '/json', '/json', 'application/json', '{"a":1}', 7],
    ['the charset of the content type is honoured', '/latin1', '/latin1', 'text/plain', 'café', 4],
    ['same-host redirects are followed', '/old', '/plain', 'text/plain', 'just text\n', 10],
  ])('%s', async (_label, path, finalPath, contentType, content, bytes) => {
    expect(await workspace.call(webFetch, { url: `${base}${path}`, prompt })).toEqual({
      ok: true,
      output: {
        kind: 'content',
        url: `${base}${finalPath}`,
        status: 200,
        contentType,
        bytes,
        content,
        truncated: false,
        prompt,
      },
    });
  });

  test('long content is cut at 100 000 characters', async () => {
    const result = await workspace.call(webFetch, { url: `${base}/huge`, prompt });
    expect(
      result.ok &&
        result.output.kind === 'content' && [
          result.output.content.length,
          result.output.truncated,
          result.output.bytes,
        ],
    ).toEqual([100_000, true, 150_000]);
  });

  test('formatModelContent shows the content and echoes the prompt', () => {
    const output = {
      kind: 'content' as const,
      url: 'http://h/p',
      status: 200,
      contentType: 'text/html',
      bytes: 10,
      content: '# Hi',
      truncated: false,
      prompt,
    };
    expect(webFetch.formatModelContent?.(output)).toBe(
      'Content of http://h/p (text/html):\n\n# Hi\n\nAnswer from the content above: What changed?',
    );
  });
});

describe('WebFetch redirects to another host', () => {
  test('are reported, not followed', async () => {
    const result = await workspace.call(webFetch, { url: `${base}/elsewhere`, prompt });
    expect(result).toEqual({
      ok: true,
      output: {
        kind: 'redirect',
        url: `${base}/elsewhere`,
        redirectUrl: `http://localhost:${port}/plain`,
        status: 302,
        prompt,
      },
    });
    expect(result.ok && webFetch.formatModelContent?.(result.output)).toBe(
      [
        `${base}/elsewhere redirects (HTTP 302) to another host: http://localhost:${port}/plain`,
        'The redirect was not followed. To fetch the content, call WebFetch again with:',
        `url: http://localhost:${port}/plain`,
        'prompt: What changed?',
      ].join('\n'),
    );
  });
});

describe('WebFetch failures', () => {
  test.each([
    [
      'an HTTP error status',
      () => `${base}/missing`,
      'http_error',
      () => `${base}/missing answered HTTP 404 Not Found.`,
    ],
    [
      'binary content',
      () => `${base}/image`,
      'unsupported_content_type',
      () =>
        `${base}/image returned image/png, which is not text. Download binary content with Bash instead.`,
    ],
    [
      'binary content without a type',
      () => `${base}/untyped-binary`,
      'unsupported_content_type',
      () =>
        `${base}/untyped-binary returned binary content without a content type; it cannot be shown as text.`,
    ],
    [
      'a redirect loop',
      () => `${base}/loop`,
      'too_many_redirects',
      () => `${base}/loop redirected more than 10 times (last to ${base}/loop).`,
    ],
    [
      'a file URL',
      () => 'file:///etc/passwd',
      'unsupported_scheme',
      () =>
        'Unsupported URL scheme file: in file:///etc/passwd: only http and https can be fetched.',
    ],
    [
      'an ftp URL',
      () => 'ftp://example.com/x',
      'unsupported_scheme',
      () =>
        'Unsupported URL scheme ftp: in ftp://example.com/x: only http and https can be fetched.',
    ],
  ])('%s', async (_label, url, code, message) => {
    expect(await workspace.call(webFetch, { url: url(), prompt })).toEqual({
      ok: false,
      code,
      message: message(),
    });
  });

  test('a closed port', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await workspace.call(webFetch, {
      url: `http://127.0.0.1:${closedPort}/`,
      prompt,
    });
    expect(result.ok ? undefined : [result.code, result.message]).toEqual([
      'fetch_failed',
      `Could not fetch http://127.0.0.1:${closedPort}/: connect ECONNREFUSED 127.0.0.1:${closedPort}`,
    ]);
  });

  test('an abort ends a request that hangs', async () => {
    setTimeout(() => workspace.controller.abort(), 100);
    expect(await workspace.call(webFetch, { url: `${base}/hang`, prompt })).toEqual({
      ok: false,
      code: 'aborted',
      message: `Fetching ${base}/hang was interrupted.`,
    });
  });
});
