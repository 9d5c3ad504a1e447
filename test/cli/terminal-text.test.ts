import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { paint } from '../../cli/generate-command.js';
import { run as list } from '../../cli/list-command.js';
import { terminalText } from '../../cli/terminal-text.js';

const directories: string[] = [];
afterAll(() => Promise.all(directories.map((path) => rm(path, { recursive: true, force: true }))));

describe('terminalText', () => {
  test.each([
    {
      name: 'ESC sequences (clear screen, recolour)',
      text: 'a\u001b[2Jb\u001b[31m',
      want: 'a\\u001B[2Jb\\u001B[31m',
    },
    { name: 'BEL and NUL', text: 'ding\u0007\u0000', want: 'ding\\u0007\\u0000' },
    { name: 'carriage return (overwrites the line)', text: 'ok\rno', want: 'ok\\u000Dno' },
    { name: 'DEL and the C1 CSI', text: '\u007f\u009b2J', want: '\\u007F\\u009B2J' },
    {
      name: 'an OSC 8 hyperlink',
      text: '\u001b]8;;http://x\u0007t',
      want: '\\u001B]8;;http://x\\u0007t',
    },
    { name: 'bidi override and isolate', text: 'a\u202eb\u2066c', want: 'a\\u202Eb\\u2066c' },
    { name: 'tab, line feed and other Unicode stay', text: 'a\tb\nc é 😀', want: 'a\tb\nc é 😀' },
  ])('$name', ({ text, want }) => {
    expect(terminalText(text)).toBe(want);
  });

  test('keeps JSON parseable: the escape is a JSON string escape', () => {
    const json = JSON.stringify({ description: 'x\u009b\u202e' });
    expect(JSON.parse(terminalText(json))).toEqual({ description: 'x\u009b\u202e' });
  });

  test('paint escapes its text, so the only sequences printed are its own colours', () => {
    expect(paint(true, 'red', 'a\u001b[2J')).toBe('\u001b[31ma\\u001B[2J\u001b[39m');
  });
});

describe('the CLI never prints an MCP server’s control characters raw', () => {
  test('list and list --json of a saved tools/list with ESC, BEL and C1 in a tool', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'tool-contracts-terminal-'));
    directories.push(directory);
    await writeFile(
      join(directory, 'evil.json'),
      JSON.stringify({
        tools: [
          {
            name: 'x\u001b[2J',
            description: 'Clears your screen\u001b[2J\u0007 and \u009b31m recolours',
            inputSchema: { type: 'object' },
          },
        ],
      }),
    );
    for (const args of [[], ['--json']]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await list(['--allow', 'Read,mcp__evil__x__2J', '--mcp', 'evil.json', ...args], {
        out: (text) => out.push(text),
        err: (text) => err.push(text),
        cwd: directory,
        color: false,
      });
      expect(code).toBe(0);
      expect(out.join('\n')).toContain(
        args.length === 0 ? 'mcp__evil__x__2J' : 'Clears your screen',
      );
      expect([...out, ...err].join('\n')).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u);
    }
  });
});
