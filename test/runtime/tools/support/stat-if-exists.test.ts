import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { statIfExists } from '../../../../runtime/tools/support/stat-if-exists.js';

describe('statIfExists', () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'stat-if-exists-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  test('a file and a directory are stat-ed', async () => {
    await writeFile(path.join(directory, 'a.txt'), 'abc');
    expect((await statIfExists(path.join(directory, 'a.txt')))?.size).toBe(3);
    expect((await statIfExists(directory))?.isDirectory()).toBe(true);
  });

  test('nothing there is undefined', async () => {
    expect(await statIfExists(path.join(directory, 'missing'))).toBeUndefined();
  });

  test('other errors are thrown (a path through a file)', async () => {
    await writeFile(path.join(directory, 'a.txt'), 'abc');
    await expect(statIfExists(path.join(directory, 'a.txt', 'b'))).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });
});
