/**
 * The manifests of another revision, loaded with the same loader as the working tree's:
 * - a directory (`--against ../other-checkout`): its manifest folder is read in place;
 * - anything else is a git revision (`HEAD`, `origin/main`, a merge base): the files under the
 *   project's manifest folder (`manifest/`, or the config's) at that commit are read with `git ls-tree` / `git cat-file` into a
 *   temporary directory, loaded, and the directory removed. The working tree, the index and the
 *   repository are never written.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadManifestSet } from '../manifest/load-manifest-set.js';
import type { LoadResult } from '../manifest/manifest-set.js';
import { REPOSITORY_PATHS, type ProjectPaths } from '../support/project-paths.js';

const run = promisify(execFile);

/** Where `against` was found and what its manifests are. */
export interface LoadedRevision {
  readonly kind: 'directory' | 'git';
  /** The commit a git revision resolved to. */
  readonly commit?: string;
  readonly result: LoadResult;
}

/** `against` cannot be read: not a directory, not a revision, or git failed. */
export class RevisionError extends Error {}

/** `paths`: the project's folders (the other revision is read with the same). */
export async function loadRevision(
  projectRoot: string,
  against: string,
  paths: ProjectPaths = REPOSITORY_PATHS,
): Promise<LoadedRevision> {
  const directory = path.resolve(projectRoot, against);
  if (await isDirectory(directory))
    return { kind: 'directory', result: await loadManifestSet(directory, { paths }) };
  const git = (args: readonly string[]) => runGit(projectRoot, args);
  const prefix = (await git(['rev-parse', '--show-prefix'])).toString('utf8').trim();
  let commit: string;
  try {
    commit = (await git(['rev-parse', '--verify', '--quiet', `${against}^{commit}`]))
      .toString('utf8')
      .trim();
  } catch {
    throw new RevisionError(
      `"${against}" is neither a directory nor a git revision of the repository at ${projectRoot}`,
    );
  }
  const listing = (
    await git(['ls-tree', '-r', '-z', '--name-only', commit, '--', `${prefix}${paths.manifests}`])
  )
    .toString('utf8')
    .split('\0')
    .filter((file) => file !== '');
  const temporary = await mkdtemp(path.join(tmpdir(), 'tool-contracts-diff-'));
  try {
    const blobs = await readBlobs(
      projectRoot,
      listing.map((file) => `${commit}:${file}`),
    );
    await Promise.all(
      listing.map(async (file, index) => {
        const target = path.join(temporary, ...file.slice(prefix.length).split('/'));
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, blobs[index]!);
      }),
    );
    return { kind: 'git', commit, result: await loadManifestSet(temporary, { paths }) };
  } finally {
    await rm(temporary, { recursive: true, force: true });
  }
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isDirectory();
  } catch {
    return false;
  }
}

async function runGit(cwd: string, args: readonly string[]): Promise<Buffer> {
  try {
    const { stdout } = await run('git', [...args], {
      cwd,
      encoding: 'buffer',
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer };
    if (failure.code === 'ENOENT')
      throw new RevisionError('git is not installed (needed to read another revision)');
    const message = failure.stderr?.toString('utf8').trim();
    throw new RevisionError(`git ${args[0]} failed in ${cwd}${message ? `: ${message}` : ''}`);
  }
}

/** The contents of `objects` (`commit:path`), in order, through one `git cat-file --batch`. */
function readBlobs(cwd: string, objects: readonly string[]): Promise<Buffer[]> {
  if (objects.length === 0) return Promise.resolve([]);
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error) =>
      reject(new RevisionError(`git cat-file failed: ${error.message}`)),
    );
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new RevisionError(`git cat-file failed: ${stderr.trim()}`));
        return;
      }
      const output = Buffer.concat(chunks);
      const blobs: Buffer[] = [];
      let offset = 0;
      for (const object of objects) {
        const newline = output.indexOf(0x0a, offset);
        const header = output.subarray(offset, newline).toString('utf8');
        const match = /^[0-9a-f]+ blob (\d+)$/.exec(header);
        if (match === null) {
          reject(new RevisionError(`git cat-file: unexpected answer for ${object}: ${header}`));
          return;
        }
        const size = Number(match[1]);
        blobs.push(output.subarray(newline + 1, newline + 1 + size));
        offset = newline + 1 + size + 1;
      }
      resolve(blobs);
    });
    child.stdin.end(`${objects.join('\n')}\n`);
  });
}
