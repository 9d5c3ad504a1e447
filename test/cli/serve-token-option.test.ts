/**
 * `serve --http` authentication, against a real `tool-contracts serve --http` child and the MCP
 * SDK client: every request needs the bearer token (printed when generated, or given by
 * TOOL_CONTRACTS_TOKEN / --token-file), anything else is a 401 with `WWW-Authenticate`; a
 * foreign `Origin` is refused even with the token; a non-loopback address without a chosen
 * token refuses to start. Also the token rules as a table, and the verifier as a property.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OAuthProtectedResourceMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  bearerTokenProblem,
  generateBearerToken,
  resolveServeToken,
} from '../../cli/serve-token-option.js';
import { isLoopbackAddress } from '../../runtime/integrations/mcp/is-loopback-address.js';
import { staticTokenVerifier } from '../../runtime/integrations/mcp/static-token-verifier.js';
import { temporaryDirectory } from '../support/temporary-directory.js';
import { authorizedTransport, serveHttp, type ServedHttp } from '../support/serve-child.js';

const bin = fileURLToPath(new URL('../../bin/tool-contracts.js', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '0' },
  },
};

/** A raw POST of `initialize` with `headers`. */
function postInitialize(url: string, headers: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(INITIALIZE),
  });
}

/** Run `serve ARGS` to its exit (it must not start); its code and standard error. */
function serveExit(args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [bin, 'serve', ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, TOOL_CONTRACTS_TOKEN: undefined, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('serve --http with a generated token', () => {
  let served: ServedHttp;
  beforeAll(async () => {
    served = await serveHttp(['--mode', 'yolo'], undefined, {
      env: { ...process.env, TOOL_CONTRACTS_TOKEN: undefined },
    });
  });
  afterAll(() => served?.close());

  test('the token is printed once on standard error, 43 base64url characters', () => {
    expect(served.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(served.stderr().split(served.token)).toHaveLength(2);
  });

  test('the SDK client with the token in its headers lists and calls tools', async () => {
    const { tools } = await served.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('Read');
  });

  test('the SDK client without the token cannot connect', async () => {
    const client = new Client({ name: 'no-token', version: '0' });
    await expect(
      client.connect(new StreamableHTTPClientTransport(new URL(served.url))),
    ).rejects.toThrow(/invalid_token.*Missing Authorization header/);
  });

  test.each([
    ['no Authorization header', undefined],
    ['an empty header', ''],
    ['Bearer with no token', 'Bearer'],
    ['another scheme', 'Basic dXNlcjpwYXNz'],
    ['a wrong token', 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['the token with one more character', (token: string) => `Bearer ${token}x`],
    ['the token without its last character', (token: string) => `Bearer ${token.slice(0, -1)}`],
    ['the token upper-cased', (token: string) => `Bearer ${token.toUpperCase()}`],
    ['the token as the scheme', (token: string) => token],
  ] as const)('%s → 401 with WWW-Authenticate, no session', async (_label, header) => {
    const value = typeof header === 'function' ? header(served.token) : header;
    const response = await postInitialize(
      served.url,
      value === undefined ? {} : { authorization: value },
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.headers.get('www-authenticate')).toMatch(
      new RegExp(
        `^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="${new URL(served.url).origin}/\\.well-known/oauth-protected-resource/mcp"$`,
      ),
    );
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
  });

  test('generated Authorization headers: only the exact token opens a session', async () => {
    const printable = fc.stringMatching(/^[\x21-\x7e]{0,60}$/);
    const header = fc.oneof(
      printable.map((text) => `Bearer ${text}`),
      printable,
      fc
        .tuple(fc.nat(served.token.length), printable)
        .map(([keep, text]) => `Bearer ${served.token.slice(0, keep)}${text}`),
      fc
        .constantFrom('bearer', 'BEARER', 'Token', 'Basic')
        .map((scheme) => `${scheme} ${served.token}x`),
    );
    await fc.assert(
      fc.asyncProperty(header, async (value) => {
        const response = await postInitialize(served.url, { authorization: value });
        await response.text();
        const exact = /^bearer (\S+)$/i.exec(value)?.[1] === served.token;
        expect(response.status).toBe(exact ? 200 : 401);
        if (exact)
          await fetch(served.url, {
            method: 'DELETE',
            headers: {
              authorization: value,
              'mcp-session-id': response.headers.get('mcp-session-id')!,
            },
          });
      }),
      { numRuns: 60 },
    );
  });

  test.each([
    ['GET', '/mcp'],
    ['DELETE', '/mcp'],
    ['POST', '/elsewhere'],
    ['GET', '/'],
  ])('%s %s without the token → 401', async (method, pathname) => {
    const response = await fetch(new URL(pathname, served.url), { method });
    expect(response.status).toBe(401);
  });

  test('the protected-resource metadata (RFC 9728) is readable without the token', async () => {
    const url = new URL('/.well-known/oauth-protected-resource/mcp', served.url);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const metadata = OAuthProtectedResourceMetadataSchema.parse(await response.json());
    expect(metadata).toMatchObject({
      resource: served.url,
      bearer_methods_supported: ['header'],
    });
  });

  test.each([
    ['another site', 'https://evil.example', 403],
    ['an opaque origin', 'null', 403],
    ['another port on loopback', 'http://127.0.0.1:1', 403],
    ['the server itself', 'SELF', 200],
    ['the server as localhost', 'LOCALHOST', 200],
  ])('Origin of %s with the token → %i', async (_label, origin, status) => {
    const port = new URL(served.url).port;
    const value =
      origin === 'SELF'
        ? new URL(served.url).origin
        : origin === 'LOCALHOST'
          ? `http://localhost:${port}`
          : origin;
    const response = await postInitialize(served.url, {
      authorization: `Bearer ${served.token}`,
      origin: value,
    });
    expect(response.status).toBe(status);
    if (status === 403) expect(response.headers.get('mcp-session-id')).toBeNull();
    else
      await fetch(served.url, {
        method: 'DELETE',
        headers: {
          authorization: `Bearer ${served.token}`,
          'mcp-session-id': response.headers.get('mcp-session-id')!,
        },
      });
  });
});

describe('serve --http with a token the operator chose', () => {
  test('TOOL_CONTRACTS_TOKEN: used as is, never printed, and hidden from the commands tools run', async () => {
    const token = generateBearerToken();
    const served = await serveHttp(['--mode', 'yolo'], undefined, {
      env: { ...process.env, TOOL_CONTRACTS_TOKEN: token },
    });
    try {
      expect(served.token).toBe(token);
      expect(served.stderr()).not.toContain(token);
      const echoed = await served.client.callTool({
        name: 'Bash',
        arguments: { command: 'echo "token=[${TOOL_CONTRACTS_TOKEN-unset}]"' },
      });
      expect(JSON.stringify(echoed)).toContain('token=[unset]');
    } finally {
      await served.close();
    }
  });

  test('--token-file: the file text, trimmed, wins over the environment', async () => {
    const directory = await temporaryDirectory('tc-token-');
    const file = path.join(directory, 'token');
    const token = generateBearerToken();
    await writeFile(file, `${token}\n`);
    const served = await serveHttp(['--token-file', file], undefined, {
      env: { ...process.env, TOOL_CONTRACTS_TOKEN: generateBearerToken() },
      connect: false,
    });
    try {
      expect(served.stderr()).not.toContain(token);
      const client = new Client({ name: 'file-token', version: '0' });
      await client.connect(authorizedTransport(served.url, token));
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      await client.close();
      expect(
        (
          await postInitialize(served.url, {
            authorization: `Bearer ${process.env['TOOL_CONTRACTS_TOKEN'] ?? 'x'.repeat(43)}`,
          })
        ).status,
      ).toBe(401);
    } finally {
      await served.close();
    }
  });
});

describe('serve refuses to start', () => {
  test.each([
    [
      'a non-loopback address without a token',
      ['--http', '0.0.0.0:0'],
      {},
      'tool-contracts serve: --http 0.0.0.0: an address that is not loopback needs a token you choose (TOOL_CONTRACTS_TOKEN or --token-file FILE)',
    ],
    [
      'an IPv6 wildcard without a token',
      ['--http', '[::]:0'],
      {},
      'tool-contracts serve: --http ::: an address that is not loopback needs a token you choose (TOOL_CONTRACTS_TOKEN or --token-file FILE)',
    ],
    [
      'a token too short',
      ['--http', '0'],
      { TOOL_CONTRACTS_TOKEN: 'abc' },
      'tool-contracts serve: TOOL_CONTRACTS_TOKEN has 3 characters; a token needs at least 16',
    ],
    [
      'a token with a space',
      ['--http', '0'],
      { TOOL_CONTRACTS_TOKEN: 'abcdefgh ijklmnopq' },
      'tool-contracts serve: TOOL_CONTRACTS_TOKEN has characters a bearer token cannot carry (allowed: letters, digits, - . _ ~ + / and trailing =)',
    ],
    [
      'a token file that is missing',
      ['--http', '0', '--token-file', 'no/such/file'],
      {},
      'tool-contracts serve: --token-file no/such/file: cannot read the file (ENOENT)',
    ],
    [
      '--token-file without --http',
      ['--token-file', 'x'],
      {},
      'tool-contracts serve: --token-file only applies with --http',
    ],
    [
      'an idle timeout of zero',
      ['--http', '0', '--session-idle-timeout', '0'],
      {},
      'tool-contracts serve: --session-idle-timeout expects a whole number of seconds (1-2000000); got "0"',
    ],
  ])('%s: one line, exit 2', async (_label, args, env, message) => {
    const { code, stderr } = await serveExit(args, env);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).not.toMatch(/listening on|\n\s+at /);
  });
});

describe('token rules', () => {
  test.each([
    ['', 'X is empty'],
    ['short', 'X has 5 characters; a token needs at least 16'],
    [
      'has space in it ok',
      'X has characters a bearer token cannot carry (allowed: letters, digits, - . _ ~ + / and trailing =)',
    ],
    [
      'quote"quote"quote"',
      'X has characters a bearer token cannot carry (allowed: letters, digits, - . _ ~ + / and trailing =)',
    ],
    [
      '=leading-equals-sign',
      'X has characters a bearer token cannot carry (allowed: letters, digits, - . _ ~ + / and trailing =)',
    ],
    ['abcdefghijklmnop', undefined],
    ['A-Z.a_z~0+9/xyzw==', undefined],
  ])('%j → %s', (token, problem) => {
    expect(bearerTokenProblem(token, 'X')).toBe(problem);
  });

  test('a generated token passes its own rules, and two are never equal', () => {
    const [first, second] = [generateBearerToken(), generateBearerToken()];
    expect(bearerTokenProblem(first, 'X')).toBeUndefined();
    expect(first).not.toBe(second);
  });

  test.each([
    ['127.0.0.1', true],
    ['127.1', true],
    ['localhost', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.2', false],
    ['::ffff:10.0.0.1', false],
    ['128.0.0.1', false],
    ['localhost.example.com', false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopbackAddress(address)).toBe(loopback);
  });

  test.each([
    ['127.0.0.1', {}, { ok: true, generated: true }],
    ['0.0.0.0', { TOOL_CONTRACTS_TOKEN: 'abcdefghijklmnopqrst' }, { ok: true, generated: false }],
    ['0.0.0.0', {}, { ok: false }],
  ])('address %s, env %j → %j', async (address, env, expected) => {
    expect(
      await resolveServeToken({ address, tokenFile: undefined, env, cwd: root }),
    ).toMatchObject(expected);
  });

  test('the verifier accepts exactly its token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.string(), async (token, candidate) => {
        const verifier = staticTokenVerifier(token);
        await expect(verifier.verifyAccessToken(token)).resolves.toMatchObject({ token });
        if (candidate !== token)
          await expect(verifier.verifyAccessToken(candidate)).rejects.toThrow(
            'Invalid bearer token',
          );
      }),
    );
  });
});
