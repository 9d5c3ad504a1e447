/**
 * The gateway's trust (issue #26, deliverable 3): an upstream server's annotations are relayed
 * to the client as the server gave them, trusted or not; only a trusted server's annotations
 * become our flags — its read-only tool runs without approval in the default mode — while an
 * untrusted server's tools all ask (and, with no client to ask, are refused).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serveStdio } from '../support/serve-child.js';

const fixture = fileURLToPath(new URL('./fixtures/annotated-server.mjs', import.meta.url));
const textOf = (result: unknown) =>
  ((result as CallToolResult).content as { text?: string }[]).map((block) => block.text).join('\n');

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'serve-trust-'));
});
afterAll(() => rm(directory, { recursive: true, force: true }));

async function gateway(trust: boolean | undefined) {
  const config = path.join(directory, `trust-${String(trust)}.mcp.json`);
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        annotated: {
          command: process.execPath,
          args: [fixture],
          ...(trust === undefined ? {} : { trust }),
        },
      },
    }),
  );
  return serveStdio(['--mcp-config', config]);
}

describe.each([
  { trust: undefined, lookupRuns: false },
  { trust: false, lookupRuns: false },
  { trust: true, lookupRuns: true },
])('gateway with "trust": $trust', ({ trust, lookupRuns }) => {
  test(`annotations relayed as given; the read-only tool ${lookupRuns ? 'runs unasked' : 'asks (refused: nobody to ask)'}; the writing one asks`, async () => {
    const served = await gateway(trust);
    try {
      const { tools } = await served.client.listTools();
      const lookup = tools.find((tool) => tool.name.endsWith('lookup'))!;
      const store = tools.find((tool) => tool.name.endsWith('store'))!;
      expect(lookup.annotations).toEqual({
        readOnlyHint: true,
        openWorldHint: false,
        idempotentHint: true,
      });
      expect(store.annotations).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        openWorldHint: false,
      });
      const looked = await served.client.callTool({ name: lookup.name, arguments: { key: 'k' } });
      expect(looked.isError ?? false).toBe(!lookupRuns);
      expect(textOf(looked)).toMatch(
        lookupRuns ? /^\(no value for k\)$/ : /needs the user's approval/,
      );
      const stored = await served.client.callTool({
        name: store.name,
        arguments: { key: 'k', value: 'v' },
      });
      expect(stored.isError).toBe(true);
      expect(textOf(stored)).toMatch(/needs the user's approval/);
    } finally {
      await served.close();
    }
  });
});
