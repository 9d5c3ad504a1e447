import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  loadMcpConfig,
  McpConfigError,
  parseMcpConfig,
} from '../../../../runtime/integrations/mcp/load-mcp-config.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';

const parse = (text: string, env: Record<string, string | undefined> = {}) =>
  parseMcpConfig(text, { directory: '/project', displayName: '.mcp.json', env });

function problems(text: string): string[] {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof McpConfigError) return error.message.split('\n');
    throw error;
  }
  throw new Error('expected an McpConfigError');
}

describe('loadMcpConfig: the servers of a valid file', () => {
  test('stdio and http servers with their defaults, in the file order', () => {
    const config = parse(
      JSON.stringify(
        {
          mcpServers: {
            memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
            docs: { type: 'http', url: 'https://example.com/mcp', headers: { A: 'b' } },
            local: {
              command: 'node',
              cwd: 'tools',
              env: { K: 'v' },
              includeTools: ['read_*'],
              excludeTools: ['read_secret'],
              timeout: 5_000,
              maxTotalTimeout: 60_000,
            },
          },
        },
        null,
        2,
      ),
    );
    expect(config.warnings).toEqual([]);
    expect(config.servers).toEqual([
      {
        name: 'memory',
        type: 'stdio',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-memory'],
        env: {},
        cwd: '/project',
        timeoutMs: 60_000,
        maxTotalTimeoutMs: 600_000,
        trust: false,
        location: { file: '.mcp.json', line: 3, column: 5 },
      },
      {
        name: 'docs',
        type: 'http',
        url: 'https://example.com/mcp',
        headers: { A: 'b' },
        timeoutMs: 60_000,
        maxTotalTimeoutMs: 600_000,
        trust: false,
        location: { file: '.mcp.json', line: 10, column: 5 },
      },
      {
        name: 'local',
        type: 'stdio',
        command: 'node',
        args: [],
        env: { K: 'v' },
        cwd: '/project/tools',
        includeTools: ['read_*'],
        excludeTools: ['read_secret'],
        timeoutMs: 5_000,
        maxTotalTimeoutMs: 60_000,
        trust: false,
        location: { file: '.mcp.json', line: 17, column: 5 },
      },
    ]);
  });

  test.each([
    { given: '${TOKEN}', env: { TOKEN: 'abc' }, want: 'abc' },
    { given: 'Bearer ${TOKEN}', env: { TOKEN: 'abc' }, want: 'Bearer abc' },
    { given: '${HOST:-localhost}:${PORT:-80}', env: { PORT: '8080' }, want: 'localhost:8080' },
    { given: '${EMPTY:-fallback}', env: { EMPTY: '' }, want: 'fallback' },
    { given: '$TOKEN and $${TOKEN', env: { TOKEN: 'x' }, want: '$TOKEN and $${TOKEN' },
  ])('"$given" expands to "$want"', ({ given, env, want }) => {
    const [server] = parse(
      JSON.stringify({ mcpServers: { s: { command: 'node', args: [given], env: { V: given } } } }),
      env,
    ).servers;
    expect(server).toMatchObject({ args: [want], env: { V: want } });
  });

  test('an url without a type is an http server; "streamable-http" is accepted', () => {
    const { servers } = parse(
      '{"mcpServers": {"a": {"url": "http://127.0.0.1:1/mcp"}, "b": {"type": "streamable-http", "url": "http://h/"}}}',
    );
    expect(servers.map((server) => server.type)).toEqual(['http', 'http']);
  });

  test('keys of other clients are ignored with a warning; a disabled server is dropped with one', () => {
    const config = parse(
      '{"mcpServers": {\n "a": {"command": "x", "autoApprove": []},\n "b": {"command": "y", "disabled": true}\n}}',
    );
    expect(config.servers.map((server) => server.name)).toEqual(['a']);
    expect(config.warnings).toEqual([
      '.mcp.json:2:24 mcpServers.a.autoApprove: ignored (a setting of another MCP client)',
      '.mcp.json:3:2 mcpServers.b: disabled ("disabled": true); not connected',
    ]);
  });
});

describe('loadMcpConfig: every problem with its place', () => {
  test.each([
    {
      title: 'not JSON',
      text: '{"mcpServers": {"a": {"command": "node" "x"}}}',
      want: [".mcp.json:1:41 not valid JSON: Expected ',' or '}' after property value"],
    },
    {
      title: 'no mcpServers',
      text: '{"servers": {}}',
      want: ['.mcp.json:1:1 expected an object with "mcpServers"; the file has no such key'],
    },
    {
      title: 'mcpServers not an object',
      text: '{"mcpServers": []}',
      want: ['.mcp.json:1:2 mcpServers: expected an object of servers, found an array'],
    },
    {
      title: 'a server defined twice',
      text: '{"mcpServers": {"a": {"command": "x"},\n "a": {"command": "y"}}}',
      want: [
        '.mcp.json:2:2 "a" appears twice in the same object; each server and field is defined once',
      ],
    },
    {
      title: 'wrong field types, each with its own place',
      text: '{"mcpServers": {\n "a": {\n  "command": 3,\n  "args": ["ok", 4],\n  "env": {"K": true},\n  "timeout": 0\n }\n}}',
      want: [
        '.mcp.json:3:3 mcpServers.a.command: expected a non-empty string, found number 3',
        '.mcp.json:4:18 mcpServers.a.args.1: expected a string, found number 4',
        '.mcp.json:5:11 mcpServers.a.env.K: expected a string, found boolean true',
        '.mcp.json:6:3 mcpServers.a.timeout: expected a positive whole number of milliseconds, found number 0',
      ],
    },
    {
      title: 'a misspelt key',
      text: '{"mcpServers": {"a": {"command": "x", "excludeTool": ["*"]}}}',
      want: [
        '.mcp.json:1:39 mcpServers.a.excludeTool: unknown key for a stdio server; expected one of type, includeTools, excludeTools, timeout, maxTotalTimeout, trust, command, args, env, cwd',
      ],
    },
    {
      title: 'no command',
      text: '{"mcpServers": {"a": {"args": []}}}',
      want: ['.mcp.json:1:17 mcpServers.a: "command" is required'],
    },
    {
      title: 'sse',
      text: '{"mcpServers": {"a": {"type": "sse", "url": "http://h/sse"}}}',
      want: [
        '.mcp.json:1:23 mcpServers.a.type: the SSE transport is deprecated and not supported; use "http" (Streamable HTTP)',
      ],
    },
    {
      title: 'a URL that is not http',
      text: '{"mcpServers": {"a": {"type": "http", "url": "file:///etc/passwd"}}}',
      want: ['.mcp.json:1:39 mcpServers.a.url: expected an http or https URL, found file:'],
    },
    {
      title: 'an unset variable',
      text: '{"mcpServers": {"a": {"type": "http", "url": "http://h/", "headers": {"X": "${SECRET}"}}}}',
      want: [
        '.mcp.json:1:71 mcpServers.a.headers.X: environment variable SECRET is not set (write ${SECRET:-default})',
      ],
    },
  ])('$title', ({ text, want }) => {
    expect(problems(text)).toEqual(want);
  });

  test('a file that cannot be read names the file and the reason', async () => {
    const directory = await temporaryDirectory('tool-contracts-mcp-config-');
    await expect(
      loadMcpConfig(path.join(directory, 'missing.json'), { displayName: 'missing.json' }),
    ).rejects.toThrow('missing.json:1:1 cannot read the file (ENOENT)');
    await writeFile(
      path.join(directory, 'ok.json'),
      '{"mcpServers": {"a": {"command": "x", "cwd": "sub"}}}',
    );
    const config = await loadMcpConfig(path.join(directory, 'ok.json'));
    expect(config.servers[0]).toMatchObject({ cwd: path.join(directory, 'sub') });
  });

  test('any text either loads or throws an McpConfigError, never anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .dictionary(fc.string(), fc.jsonValue())
            .map((servers) => JSON.stringify({ mcpServers: servers })),
        ),
        (text) => {
          try {
            parse(text);
          } catch (error) {
            expect(error).toBeInstanceOf(McpConfigError);
            expect((error as McpConfigError).problems.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('trust', () => {
  test.each([
    { given: undefined, trust: false },
    { given: false, trust: false },
    { given: true, trust: true },
  ])('"trust": $given → $trust', ({ given, trust }) => {
    const config = parse(
      JSON.stringify({
        mcpServers: { s: { command: 'x', ...(given === undefined ? {} : { trust: given }) } },
      }),
    );
    expect(config.servers[0]!.trust).toBe(trust);
    expect(config.warnings).toEqual([]);
  });

  test.each(['"yes"', '1', 'null'])('"trust": %s is an error at its place', (value) => {
    expect(problems(`{"mcpServers": {\n  "s": {"command": "x", "trust": ${value}}}}`)).toEqual([
      expect.stringMatching(
        /^\.mcp\.json:2:\d+ mcpServers\.s\.trust: expected true or false, found /,
      ),
    ]);
  });
});
