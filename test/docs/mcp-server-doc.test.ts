/**
 * Every code block of docs/mcp-server.md is checked, so the page cannot drift: an `mcpServers`
 * configuration is read by the loader `serve` uses (no problem, no warning) and the `serve`
 * command line in it is parsed by `serve`'s own option parser; a `sh` line is a `serve` command
 * line parsed the same way; the `text` block is what a real `serve` prints on standard error
 * for a client without elicitation.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { parseServeArgs } from '../../cli/serve-command.js';
import { parseMcpConfig } from '../../runtime/integrations/mcp/load-mcp-config.js';
import { serveStdio } from '../support/serve-child.js';

const page = readFileSync(
  fileURLToPath(new URL('../../docs/mcp-server.md', import.meta.url)),
  'utf8',
);
const blocks = [...page.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((match) => ({
  language: match[1]!,
  text: match[2]!,
}));

/** Words of a command line as a POSIX shell splits them (double quotes only, as the page uses). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

test('the page has the blocks this test knows how to check, and no other', () => {
  expect(blocks.map((block) => block.language).sort()).toEqual(
    ['json', 'json', 'json', 'sh', 'sh', 'text'].sort(),
  );
});

describe.each(blocks.filter((block) => block.language === 'json'))('json block', ({ text }) => {
  test(`is a valid mcpServers file whose serve arguments parse: ${text.slice(0, 60).replace(/\s+/g, ' ')}…`, () => {
    const config = parseMcpConfig(text, { directory: '/project', displayName: 'docs', env: {} });
    expect(config.warnings).toEqual([]);
    for (const server of config.servers) {
      if (server.type !== 'stdio') continue;
      const at = server.args.indexOf('serve');
      if (at === -1) continue;
      expect(() => parseServeArgs(server.args.slice(at + 1), '/project')).not.toThrow();
    }
  });
});

test('the client configurations allow what the page says they allow', () => {
  const [project, desktop] = blocks
    .filter((block) => block.language === 'json')
    .slice(0, 2)
    .map((block) => parseMcpConfig(block.text, { directory: '/project', env: {} }).servers[0]!)
    .map((server) => (server.type === 'stdio' ? server.args : []))
    .map((args) => parseServeArgs(args.slice(args.indexOf('serve') + 1), '/project'));
  expect(project!.permissions).toMatchObject({ mode: 'acceptEdits', allow: ['Bash(npm test:*)'] });
  expect(desktop!.permissions).toMatchObject({ mode: 'default', allow: ['Write', 'Edit'] });
  expect(desktop!.workspace).toBe('/home/me/project');
});

describe.each(
  blocks
    .filter((block) => block.language === 'sh')
    .flatMap((block) => block.text.trim().split('\n')),
)('sh line %s', (line) => {
  test('is a serve command line that parses', () => {
    const [bin, command, ...args] = shellWords(line);
    expect([bin, command]).toEqual(['tool-contracts', 'serve']);
    expect(() => parseServeArgs(args, '/project')).not.toThrow();
  });
});

test('the text block is what serve prints for a client without elicitation', async () => {
  const shown = blocks
    .find((block) => block.language === 'text')!
    .text.trimEnd()
    .split('\n');
  const served = await serveStdio([]);
  try {
    await vi.waitFor(() => expect(served.stderr()).toContain('Not listed'));
    const printed = served.stderr().trimEnd().split('\n');
    expect(printed.slice(1)).toEqual(shown);
  } finally {
    await served.close();
  }
});
