/**
 * The workspace boundary and hard links: a hard link inside the workspace to a file outside it
 * is the same file under another name, which no symlink resolution reveals. Under `--boundary`
 * every regular file with more than one link is refused — by the path policy (read, write,
 * edit) and skipped by Grep's crawl — and the outside file is never read or changed. Real files,
 * real links, the real tool handlers; and once end to end through `serve --boundary`.
 */
import { link, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tool as edit } from '../../../generated/tools/edit.js';
import { tool as grep } from '../../../generated/tools/grep.js';
import { tool as read } from '../../../generated/tools/read.js';
import { tool as write } from '../../../generated/tools/write.js';
import { constants } from 'node:fs';
import { openToolPath, resolveToolPath } from '../../../runtime/core/path-policy.js';
import { serveStdio } from '../../support/serve-child.js';
import { createWorkspaceContext, type WorkspaceContext } from '../tools/workspace-context.js';

const SECRET = 'outside secret: do not read\n';

let bounded: WorkspaceContext;
let outside: string;
let secret: string;
beforeEach(async () => {
  bounded = await createWorkspaceContext({ enforceWorkspaceBoundary: true });
  outside = await realpath(await mkdtemp(path.join(tmpdir(), 'hard-link-outside-')));
  secret = path.join(outside, 'secret.txt');
  await writeFile(secret, SECRET);
  await link(secret, bounded.at('linked.txt'));
  await writeFile(bounded.at('plain.txt'), 'plain workspace file\n');
});
afterEach(async () => {
  await bounded.dispose();
  await rm(outside, { recursive: true, force: true });
});

const refusal = (file: string, links = 2) =>
  `The file ${JSON.stringify(file)} has ${links} hard links; under the workspace boundary ${JSON.stringify(bounded.root)} a file with more than one is refused, since another of its names may be outside the workspace. Copy it if you need it here.`;

describe('under the boundary a file with several hard links is refused', () => {
  test.each([
    ['Read', () => bounded.call(read, { file_path: bounded.at('linked.txt') })],
    [
      'Write',
      () => bounded.call(write, { file_path: bounded.at('linked.txt'), content: 'overwritten' }),
    ],
    [
      'Edit',
      () =>
        bounded.call(edit, {
          file_path: bounded.at('linked.txt'),
          old_string: 'secret',
          new_string: 'leaked',
        }),
    ],
    [
      'Grep on the file',
      () => bounded.call(grep, { pattern: 'secret', path: bounded.at('linked.txt') }),
    ],
  ] as const)('%s: hard_linked_file, and the outside file is untouched', async (_label, call) => {
    const result = await call();
    expect(result).toEqual({
      ok: false,
      code: 'hard_linked_file',
      message: refusal(bounded.at('linked.txt')),
    });
    expect(await readFile(secret, 'utf8')).toBe(SECRET);
  });

  test('Grep over the workspace skips the linked file (and a symlink), and finds the rest', async () => {
    await symlink(secret, bounded.at('symlinked.txt'));
    await writeFile(bounded.at('mine.txt'), 'my secret\n');
    const result = await bounded.call(grep, { pattern: 'secret' });
    expect(result.ok && result.output.filenames).toEqual([bounded.at('mine.txt')]);
  });

  test('a hard link between two workspace files is refused too (no name says where the other is)', async () => {
    await link(bounded.at('plain.txt'), bounded.at('plain-2.txt'));
    const result = await bounded.call(read, { file_path: bounded.at('plain.txt') });
    expect(result).toMatchObject({ ok: false, code: 'hard_linked_file' });
  });

  test.each([3, 5])('the message counts the links (%i)', async (links) => {
    for (let index = 2; index < links; index += 1)
      await link(secret, path.join(outside, `more-${index}.txt`));
    const result = await bounded.call(read, { file_path: bounded.at('linked.txt') });
    expect(result).toEqual({
      ok: false,
      code: 'hard_linked_file',
      message: refusal(bounded.at('linked.txt'), links),
    });
  });

  test('the path policy refuses before opening, and the open checks the descriptor itself', async () => {
    const context = bounded.context;
    await expect(resolveToolPath('linked.txt', context)).rejects.toMatchObject({
      code: 'hard_linked_file',
    });
    await expect(
      openToolPath(bounded.at('linked.txt'), constants.O_RDONLY, context),
    ).rejects.toMatchObject({ code: 'hard_linked_file' });
    // A file with one link, and a directory (directories always have several), pass.
    await expect(resolveToolPath('plain.txt', context)).resolves.toBe(bounded.at('plain.txt'));
    await expect(resolveToolPath('.', context)).resolves.toBe(bounded.root);
  });
});

describe('without the boundary (the default) nothing changes', () => {
  test('Read reads a hard-linked file', async () => {
    const open = await createWorkspaceContext();
    try {
      await link(secret, open.at('linked.txt'));
      const result = await open.call(read, { file_path: open.at('linked.txt') });
      expect(result.ok).toBe(true);
    } finally {
      await open.dispose();
    }
  });
});

test('serve --boundary: Read of a hard link to an outside file is an error result', async () => {
  const served = await serveStdio(['--boundary', '--mode', 'yolo']);
  try {
    const linked = path.join(served.workspace, 'linked.txt');
    await link(secret, linked);
    const result = (await served.client.callTool({
      name: 'Read',
      arguments: { file_path: linked },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('has 3 hard links');
  } finally {
    await served.close();
  }
});
