/**
 * `tool-contracts format [--check] [FILES]`: rewrite manifests into their canonical form (key
 * order of the manifest language; comments, styles and the modeline kept; see
 * `generator/manifest/format-manifest.ts`). `--check` writes nothing and exits 1 naming every
 * file that is not canonical (for CI). Loads no part of the TypeScript tool chain.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineCommand, UsageError } from './define-command.js';
import { count, paint } from './generate-command.js';
import { requireProjectLayout } from './project-layout.js';

export const FORMAT_USAGE = `Usage: tool-contracts format [options] [FILES]

Rewrite manifests into one canonical form: keys in the order of the manifest language
(manifest/manifest.schema.json), comments, blank lines, quoting and the yaml-language-server
modeline kept. FILES default to manifest/tools.yaml and every manifest/tools/*.yaml of the project
(in a configured project: the index and manifests of its manifest folder).
A formatted manifest generates exactly the same output.

Options:
  --check     Write nothing; exit 1 naming each file that is not formatted (for CI)
  -h, --help  Show this help`;

export const command = defineCommand({
  name: 'format',
  usage: FORMAT_USAGE,
  options: { check: { type: 'boolean' } },
  positionals: { max: Number.POSITIVE_INFINITY },
  async run({ values, positionals }, io) {
    const { projectRoot: root, paths } = await requireProjectLayout(io.cwd);
    const [{ formatManifestText }, { formatManifestIssue }, { writeFileAtomically }] =
      await Promise.all([
        import('../generator/manifest/format-manifest.js'),
        import('../generator/manifest/manifest-issue.js'),
        import('../generator/write-generated-directory.js'),
      ]);
    const files =
      positionals.length > 0
        ? positionals.map((file) => path.resolve(io.cwd, file))
        : await defaultFiles(root, paths.toolIndexFile, paths.manifestDirectory);
    const unformatted: string[] = [];
    let problems = 0;
    let written = 0;
    for (const file of files) {
      const shown = path.relative(root, file).split(path.sep).join('/') || file;
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if (positionals.length > 0)
          throw new UsageError(
            `cannot read ${shown}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
          );
        continue;
      }
      const kind = shown === paths.toolIndexFile ? 'index' : 'manifest';
      const result = formatManifestText(text, kind, shown);
      if (!result.ok) {
        problems += result.problems.length;
        for (const problem of result.problems) io.err(formatManifestIssue(problem));
        continue;
      }
      if (!result.changed) continue;
      unformatted.push(shown);
      if (values.check !== true) {
        await writeFileAtomically(file, result.text);
        written += 1;
      }
    }
    if (values.check === true) {
      for (const file of unformatted) io.err(`not formatted: ${file}`);
      if (unformatted.length > 0)
        io.err(
          paint(
            io.color,
            'red',
            `${count(unformatted.length, 'file')} of ${files.length} not formatted; run \`tool-contracts format\`.`,
          ),
        );
    } else {
      for (const file of unformatted) io.out(`formatted: ${file}`);
    }
    if (problems > 0)
      io.err(
        paint(
          io.color,
          'red',
          `${count(problems, 'problem')}; those files were left as they were.`,
        ),
      );
    if (problems > 0 || (unformatted.length > 0 && values.check === true)) return 1;
    io.out(
      paint(
        io.color,
        'green',
        values.check === true
          ? `All ${count(files.length, 'file')} formatted.`
          : `${count(files.length, 'file')}: ${written} rewritten, ${files.length - written} already formatted.`,
      ),
    );
    return 0;
  },
});

export const run = command.run;

/** The index and every manifest file of the project, in code-unit order. */
async function defaultFiles(root: string, index: string, directory: string): Promise<string[]> {
  const { listFiles } = await import('../generator/support/list-files.js');
  const manifests = (await listFiles(root, directory)).filter((file) => /\.ya?ml$/.test(file));
  return [index, ...manifests].map((file) => path.join(root, ...file.split('/')));
}
