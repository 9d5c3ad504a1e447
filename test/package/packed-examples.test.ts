/**
 * The five example hosts of `examples/` as a user runs them on their own project: the runtime
 * and built-in tools from the packed tarballs, the provider SDKs and tsx at the versions this
 * repository pins, the examples copied in, each run against the replay server of
 * test/examples/: a Read, an Edit approved once on standard input, the final answer, and the
 * tool list the same bytes in every request. In LONG_FILES (installs); CI runs it.
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { HOSTS, scriptedConversation } from '../examples/recorded-conversations.js';
import { startReplayServer, toolListBytes } from '../examples/replay-server.js';
import { environment, runExample } from '../examples/run-example.js';
import { exampleWorkspace } from '../examples/workspace.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import {
  install,
  newProject,
  packTarballs,
  repositoryManifest,
  sh,
  STACK_LINE,
} from './packed-tarballs.js';

const tarballs = packTarballs();

/** The SDKs the example hosts use, at the versions this repository pins. */
const EXAMPLE_SDKS = ['@anthropic-ai/sdk', 'openai', '@google/genai', 'ai', '@ai-sdk/anthropic'];

test(
  'the five example hosts run from the packed packages: a Read, an Edit approved once, the answer, the tool list unchanged',
  { timeout: 600_000 },
  async () => {
    const project = await newProject('tool-contracts-examples-');
    const pinned = { ...repositoryManifest.dependencies, ...repositoryManifest.devDependencies };
    await install(project, [
      tarballs.get('@tool-contracts/runtime')!,
      tarballs.get('@tool-contracts/tools')!,
      ...EXAMPLE_SDKS.map((name) => `${name}@${pinned[name]!}`),
    ]);
    await install(project, [`tsx@${pinned.tsx!}`], '--save-dev');
    // The examples are ES modules with top-level await, as a user's host would be.
    await sh(project, 'npm', ['pkg', 'set', 'type=module']);
    await mkdir(path.join(project, 'examples'));
    for (const file of await readdir(path.join(REPO_ROOT, 'examples')))
      if (file.endsWith('.ts'))
        await copyFile(
          path.join(REPO_ROOT, 'examples', file),
          path.join(project, 'examples', file),
        );

    for (const host of HOSTS) {
      const workspace = await exampleWorkspace();
      const server = await startReplayServer(scriptedConversation(host, workspace));
      try {
        const ran = await runExample(
          [host, 'Change beta to gamma in notes.txt', workspace.root],
          environment(host, server.url),
          { answer: 'y', cwd: project },
        );
        expect(ran.stderr, host).not.toMatch(STACK_LINE);
        expect({ host, code: ran.code, stdout: ran.stdout }).toEqual({
          host,
          code: 0,
          stdout: 'Changed beta to gamma.\n',
        });
        expect(ran.stderr.split('Allow? [y/N] '), host).toHaveLength(2);
        expect(await readFile(workspace.notes, 'utf8'), host).toBe('alpha\ngamma\n');
        expect(server.requests, host).toHaveLength(3);
        const [first, ...rest] = server.requests.map((request) => toolListBytes(request.body));
        for (const later of rest) expect(later, host).toBe(first);
      } finally {
        await server.close();
      }
    }
  },
);
