/**
 * README.md, docs/cli.md and docs/reviewing.md as a reader runs them: the README fits on a few
 * screens, its quick example runs and says what the README says it does, its manifest is a
 * manifest, and every command line in the three is one the project has (a `tool-contracts`
 * command whose options parse, an npm script of package.json, or one of the few shell commands
 * of an install, which are not run here). An output sample is a block without a language.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseShell } from 'shell-quote';
import { afterAll, describe, expect, test } from 'vitest';
import { main } from '../../cli/main.js';
import { REPO_ROOT } from '../generator/generate-fixture.js';
import { INIT_FILES } from '../../cli/init-command.js';
import { loadManifestSources } from '../../generator/manifest/load-manifest-sources.js';
import { formatManifestIssue } from '../../generator/manifest/manifest-issue.js';

interface Block {
  readonly language: string;
  readonly text: string;
}

function blocksOf(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map(([, language, text]) => ({
    language: language!,
    text: text!,
  }));
}

const DOCS = ['README.md', 'docs/cli.md', 'docs/reviewing.md'];
const texts = new Map(
  await Promise.all(
    DOCS.map(async (file) => [file, await readFile(path.join(REPO_ROOT, file), 'utf8')] as const),
  ),
);
const readme = texts.get('README.md')!;
const scripts = Object.keys(
  (
    JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);

/** Shell commands of an install that the README names and this test does not run. */
const NOT_RUN = new Set(['git', 'cd', 'printf', 'echo', 'node']);
/** npm's own commands the documents use. */
const NPM_COMMANDS = new Set(['ci', 'install', 'pack', 'init', 'test']);

/** The command lines of a `sh` block: continuations joined, comments and `$ ` prompts dropped. */
function commandLines(text: string): string[][] {
  return text
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.replace(/^\$ /, ''))
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      const words = parseShell(line.replace(/<[^>]+>/g, 'PLACEHOLDER'), (name) => `$${name}`);
      // Split at operators (&&, >, |), keeping only words.
      const commands: string[][] = [[]];
      let redirected = false;
      for (const word of words) {
        if (typeof word === 'string') {
          // The file of a redirection is no command.
          if (!redirected) commands.at(-1)!.push(word);
          redirected = false;
        } else if ('comment' in word) break;
        else if ('op' in word) {
          redirected = ['>', '>>', '<'].includes(word.op);
          if (!redirected) commands.push([]);
        }
      }
      return commands.filter((command) => command.length > 0);
    });
}

describe('README.md', () => {
  test('is at most 250 lines and links every guide in docs/', async () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    const { readdir } = await import('node:fs/promises');
    for (const guide of await readdir(path.join(REPO_ROOT, 'docs')))
      expect(readme, guide).toContain(`(docs/${guide})`);
  });

  const quick = blocksOf(readme).find((block) => block.language === 'ts')!;
  const example = path.join(REPO_ROOT, '.cache', 'readme-quick-example.ts');
  afterAll(() => rm(example, { force: true }));

  test('the quick example runs: the model is offered Read, the Read succeeds, the denied Edit changes nothing', async () => {
    await mkdir(path.dirname(example), { recursive: true });
    await writeFile(example, quick.text);
    const result = (await import(example)) as {
      offered: string[];
      read: { isError: boolean; content: unknown };
      edit: { isError: boolean; content: unknown };
    };
    expect(result.offered).toEqual(expect.arrayContaining(['Read', 'Edit', 'Bash']));
    expect(result.read).toMatchObject({ isError: false, content: '     1\talpha\n     2\tbeta' });
    expect(result.edit.isError).toBe(true);
    expect(JSON.stringify(result.edit.content)).toContain('no Edit today');
  }, 60_000);

  test("its manifest loads without a problem in a project init made, with that project's defaults", () => {
    const yaml = blocksOf(readme).find((block) => block.language === 'yaml')!;
    const index = INIT_FILES.find(({ file }) => file === 'manifest/tools.yaml')!.text;
    expect(index).toContain('  - Greet\n');
    const result = loadManifestSources({
      index: {
        file: 'manifest/tools.yaml',
        text: index.replace('  - Greet\n', '  - SearchNotes\n'),
      },
      manifests: [{ file: 'manifest/tools/search-notes.yaml', text: yaml.text }],
    });
    expect(result.ok ? [] : result.issues.map(formatManifestIssue)).toEqual([]);
    if (result.ok)
      expect(result.set.tools.map((tool) => tool.manifest.name)).toEqual(['SearchNotes']);
  });
});

describe.each(DOCS)('%s', (file) => {
  const blocks = blocksOf(texts.get(file)!);

  test('every block is code a test reads or an output sample', () => {
    for (const block of blocks) expect(['ts', 'sh', 'yaml', '']).toContain(block.language);
  });

  const lines = blocks
    .filter((block) => block.language === 'sh')
    .flatMap((block) => commandLines(block.text));
  test.each(lines.map((words) => [words.join(' '), words] as const))(
    '%s is a command the project has',
    async (_line, words) => {
      const [program, ...args] = words;
      if (program === 'npx') {
        expect(args[0]).toBe('tool-contracts');
        const out: string[] = [];
        const err: string[] = [];
        // --help after the arguments: the command parses them all, then prints its help.
        const code = await main([...args.slice(1), '--help'], {
          out: (text) => out.push(text),
          err: (text) => err.push(text),
          cwd: REPO_ROOT,
          color: false,
        });
        expect({ code, err: err.join('\n') }).toEqual({ code: 0, err: '' });
      } else if (program === 'npm') {
        if (args[0] === 'run')
          expect(scripts).toContain(args.find((arg) => !arg.startsWith('-') && arg !== 'run'));
        else expect(NPM_COMMANDS).toContain(args[0]);
      } else expect(NOT_RUN).toContain(program);
    },
  );
});
