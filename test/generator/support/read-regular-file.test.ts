/**
 * Manifest inputs are regular files only (issue #13): a symbolic link, a directory, a FIFO or a
 * socket named `*.yaml` is refused with a located error, never followed or read, and the no-op
 * hash sees it, so `generate` never says "up to date" while `check` fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { formatGenerateIssue } from '../../../generator/generate-issue.js';
import {
  readRegularFile,
  readRegularFileSync,
} from '../../../generator/support/read-regular-file.js';
import { fixtureProject, manifestYaml, removeFixtureProjects } from '../generate-fixture.js';

afterAll(removeFixtureProjects);

const SECRET = 'password: hunter2\n';

interface EntryCase {
  readonly name: string;
  /** Creates the entry `manifest/tools/extra.yaml` (or replaces `one.yaml`) in `root`. */
  readonly make: (root: string) => Promise<void>;
  readonly file: string;
  readonly what: string;
}

const tools = (root: string): string => path.join(root, 'manifest', 'tools');

const cases: readonly EntryCase[] = [
  {
    name: 'a symbolic link to a secret file',
    file: 'extra.yaml',
    what: 'a symbolic link',
    make: async (root) => {
      await writeFile(path.join(root, 'secret.txt'), SECRET);
      await symlink(path.join(root, 'secret.txt'), path.join(tools(root), 'extra.yaml'));
    },
  },
  {
    name: 'a symbolic link to a valid manifest',
    file: 'two.yaml',
    what: 'a symbolic link',
    make: async (root) => {
      await writeFile(path.join(root, 'two.yaml'), manifestYaml('Two'));
      await symlink(path.join(root, 'two.yaml'), path.join(tools(root), 'two.yaml'));
    },
  },
  {
    name: 'a dangling symbolic link',
    file: 'extra.yaml',
    what: 'a symbolic link',
    make: (root) => symlink(path.join(root, 'nowhere'), path.join(tools(root), 'extra.yaml')),
  },
  {
    name: 'an empty directory',
    file: 'extra.yaml',
    what: 'a directory',
    make: (root) => mkdir(path.join(tools(root), 'extra.yaml')),
  },
  {
    name: 'a directory holding a file',
    file: 'extra.yml',
    what: 'a directory',
    make: async (root) => {
      await mkdir(path.join(tools(root), 'extra.yml'));
      await writeFile(path.join(tools(root), 'extra.yml', 'inner'), 'x');
    },
  },
  {
    name: 'a FIFO (reading it would block forever)',
    file: 'extra.yaml',
    what: 'a FIFO',
    make: async (root) => {
      execFileSync('mkfifo', [path.join(tools(root), 'extra.yaml')]);
    },
  },
];

describe('entries of manifest/tools/ that are not regular files', () => {
  it.each(cases)('$name: refused by generate, generate --force and check', async (entry) => {
    const root = await fixtureProject([{ name: 'One' }]);
    const first = await generate({ projectRoot: root, write: true, audit: false });
    expect(first.issues.map(formatGenerateIssue)).toEqual([]);
    await entry.make(root);
    const want = [
      `manifest/tools/${entry.file}:1:1 cannot read: ${entry.what}, not a regular file; manifests must be regular files (a link's target is never read)`,
    ];
    for (const options of [{ write: true }, { write: true, force: true }, { write: false }]) {
      const result = await generate({ projectRoot: root, audit: false, ...options });
      expect({ upToDate: result.upToDate, issues: result.issues.map(formatGenerateIssue) }).toEqual(
        {
          upToDate: false,
          issues: entry.file === 'two.yaml' ? expect.arrayContaining(want) : want,
        },
      );
      expect(JSON.stringify(result)).not.toContain('hunter2');
    }
  });
});

describe.each([
  { name: 'readRegularFile', read: readRegularFile },
  { name: 'readRegularFileSync', read: async (file: string) => readRegularFileSync(file) },
])('$name', ({ read }) => {
  it('reads a regular file and names every other kind of entry without reading it', async () => {
    const root = await fixtureProject([]);
    await writeFile(path.join(root, 'plain'), 'text');
    await symlink(path.join(root, 'plain'), path.join(root, 'link'));
    execFileSync('mkfifo', [path.join(root, 'fifo')]);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(root, 'socket'), resolve));
    try {
      const kinds = async (name: string) => {
        const content = await read(path.join(root, name));
        return content.kind === 'file'
          ? content.bytes.toString()
          : content.kind === 'missing'
            ? 'missing'
            : content.what;
      };
      expect({
        plain: await kinds('plain'),
        link: await kinds('link'),
        fifo: await kinds('fifo'),
        socket: await kinds('socket'),
        directory: await kinds('manifest'),
        missing: await kinds('absent'),
        device: await read('/dev/null').then((content) => content.kind),
      }).toEqual({
        plain: 'text',
        link: 'a symbolic link',
        fifo: 'a FIFO',
        socket: 'a socket or a FIFO without a writer',
        directory: 'a directory',
        missing: 'missing',
        device: 'not-a-file',
      });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
