import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { findProjectRoot, requireProjectRoot } from '../../cli/project-root.js';
import { CommandError } from '../../cli/usage-error.js';
import { temporaryDirectory } from '../support/temporary-directory.js';

describe('findProjectRoot', () => {
  test.each([
    { marker: 'manifest/tools.yaml', from: 'runtime/tools' },
    { marker: 'tool-contracts.config.json', from: 'src/deep/er' },
    { marker: 'tool-contracts.config.yaml', from: '.' },
    { marker: 'tool-contracts.config.yml', from: 'a' },
  ])('finds the folder with $marker from $from', async ({ marker, from }) => {
    const root = await temporaryDirectory('project-root-');
    {
      await mkdir(path.join(root, path.dirname(marker)), { recursive: true });
      await writeFile(path.join(root, marker), '{}');
      await mkdir(path.join(root, from), { recursive: true });
      expect(findProjectRoot(path.join(root, from))).toBe(root);
    }
  });

  test('the nearest project wins over one further up', async () => {
    const root = await temporaryDirectory('project-root-');
    {
      await mkdir(path.join(root, 'inner/manifest'), { recursive: true });
      await writeFile(path.join(root, 'tool-contracts.config.json'), '{}');
      await writeFile(path.join(root, 'inner/manifest/tools.yaml'), '');
      expect(findProjectRoot(path.join(root, 'inner/manifest'))).toBe(path.join(root, 'inner'));
    }
  });

  test('no marker anywhere is a CommandError that says what was looked for', async () => {
    const root = await temporaryDirectory('project-root-');
    {
      expect(() => requireProjectRoot(root)).toThrow(CommandError);
      expect(() => requireProjectRoot(root)).toThrow(
        /^no tool-contracts project in .+ or any folder above it \(looked for tool-contracts\.config\.json, tool-contracts\.config\.yaml, tool-contracts\.config\.yml, manifest\/tools\.yaml\); run `tool-contracts init` to create one$/,
      );
    }
  });
});
