import { access, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  artifactExpires,
  cleanupArtifacts,
  type ToolResultArtifact,
} from '../../../../runtime/call-path/call/index.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('artifact retention', () => {
  test.each([
    ['turn', 'turn', true],
    ['turn', 'session', true],
    ['session', 'turn', false],
    ['session', 'session', true],
    ['persistent', 'turn', false],
    ['persistent', 'session', false],
  ] as const)('%s artifact at the end of a %s: expires %s', (retention, ended, want) => {
    expect(artifactExpires(retention, ended)).toBe(want);
  });

  test('cleanupArtifacts deletes exactly the expired files', async () => {
    const directory = await temporaryDirectory('artifacts-');
    const artifacts: ToolResultArtifact[] = (['turn', 'session', 'persistent'] as const).map(
      (retention) => ({
        path: join(directory, `Bash-${retention}.txt`),
        bytes: 1,
        retention,
      }),
    );
    for (const artifact of artifacts) await writeFile(artifact.path, 'x');
    const missing: ToolResultArtifact = {
      path: join(directory, 'gone.txt'),
      bytes: 1,
      retention: 'turn',
    };

    const afterTurn = await cleanupArtifacts([...artifacts, missing], 'turn');
    expect(afterTurn).toEqual({
      removed: [artifacts[0]!.path, missing.path],
      removedArtifacts: [artifacts[0], missing],
      kept: [artifacts[1], artifacts[2]],
      failures: [],
    });
    expect(await Promise.all(artifacts.map((artifact) => exists(artifact.path)))).toEqual([
      false,
      true,
      true,
    ]);

    const afterSession = await cleanupArtifacts(afterTurn.kept, 'session');
    expect(afterSession).toEqual({
      removed: [artifacts[1]!.path],
      removedArtifacts: [artifacts[1]],
      kept: [artifacts[2]],
      failures: [],
    });
    expect(await exists(artifacts[2]!.path)).toBe(true);
  });

  test('a file that cannot be deleted stays on the list with the reason', async () => {
    const directory = await temporaryDirectory('artifacts-');
    const notAFile = join(directory, 'dir.txt');
    await mkdir(join(notAFile, 'inner'), { recursive: true });
    const result = await cleanupArtifacts(
      [{ path: notAFile, bytes: 1, retention: 'turn' }],
      'turn',
    );
    expect(result.removed).toEqual([]);
    expect(result.kept).toHaveLength(1);
    expect(result.failures[0]?.path).toBe(notAFile);
  });
});
