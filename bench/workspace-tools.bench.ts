/**
 * How fast the workspace tools are, each beside the obvious baseline, in one run:
 * - Bash permission analysis (bash parse tree + wrappers + registry) vs shell-quote's parse alone,
 *   on commands not seen before (the analysis caches by command text);
 * - Bash foreground call (`true`, two bash execs for exact interleaving) vs one spawn of `bash -c true`;
 * - Read of a 2,000-line file (numbered) vs readFile + split;
 * - Grep (files_with_matches) over 2,000 small files vs `grep -rl` in a child process.
 *
 * Each pair is timed in interleaved rounds (support/compare-interleaved.ts): the synchronous
 * analysis called synchronously on both sides, the rest awaited on both sides; the ratio is the
 * median of the per-round ratios.
 *
 * Run: node --import tsx bench/workspace-tools.bench.ts
 */
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'shell-quote';
import { tool as bash } from '../generated/tools/bash.js';
import { tool as grep } from '../generated/tools/grep.js';
import { tool as read } from '../generated/tools/read.js';
import type { ToolCallContext } from '../runtime/core/contract.js';
import { classifyShellCommand } from '../runtime/tools/bash-classifier/classify-shell-command.js';
import { compareAsync, compareSync, type Comparison } from './support/compare-interleaved.js';
import { median, medianRatio } from './support/round-ratios.js';

const runFile = promisify(execFile);

const root = await mkdtemp(path.join(tmpdir(), 'bench-workspace-'));
const context: ToolCallContext = {
  signal: new AbortController().signal,
  workspaceRoot: root,
  workingDirectory: root,
  artifactDirectory: path.join(root, '.artifacts'),
  enforceWorkspaceBoundary: false,
  ports: {},
  session: { todos: [], backgroundTasks: new Map(), readFiles: new Map() },
  trackProcess: () => undefined,
};

const rows: [string, string, Comparison][] = [];

const COMMANDS = [
  'ls -la',
  'git status && git diff HEAD~1 -- src',
  'cat a | grep x | wc -l',
  'find . -name "*.ts" -delete',
  'echo $(id)',
  'sort -o out in',
];
// The analysis caches by command text: every call gets commands it has not seen (an extra word).
let calls = 0;
const fresh = () => COMMANDS.map((command) => `${command} x${(calls += 1)}`);
rows.push([
  'Bash permission analysis, 6 commands',
  'shell-quote parse only',
  await compareSync(
    {
      ours: () => fresh().map((command) => classifyShellCommand(command)),
      anchor: () => fresh().map((command) => parse(command)),
    },
    { rounds: 21, warmUp: 3, sampleMs: 20 },
  ),
]);

rows.push([
  'Bash handler, `true`',
  'spawn bash -c true',
  await compareAsync(
    {
      ours: () => bash.handler({ command: 'true', run_in_background: false }, context),
      anchor: () =>
        new Promise<void>((resolve) =>
          spawn('bash', ['-c', 'true'], { stdio: 'ignore' }).once('exit', () => resolve()),
        ),
    },
    { rounds: 15, warmUp: 2, sampleMs: 30 },
  ),
]);

const text = Array.from({ length: 2000 }, (_, index) => `line ${index} ${'x'.repeat(60)}`).join(
  '\n',
);
await writeFile(path.join(root, 'file.txt'), text);
rows.push([
  'Read handler, 2,000 lines',
  'readFile + split',
  await compareAsync(
    {
      ours: () => read.handler({ file_path: 'file.txt' }, context),
      anchor: async () => (await readFile(path.join(root, 'file.txt'), 'utf8')).split('\n'),
    },
    { rounds: 21, warmUp: 3, sampleMs: 20 },
  ),
]);

for (let directory = 0; directory < 40; directory += 1) {
  await mkdir(path.join(root, 'tree', `d${directory}`), { recursive: true });
  for (let file = 0; file < 50; file += 1) {
    await writeFile(
      path.join(root, 'tree', `d${directory}`, `f${file}.ts`),
      `export const v${file} = ${file};\n// ${file % 7 === 0 ? 'NEEDLE' : 'hay'}\n`.repeat(20),
    );
  }
}
rows.push([
  'Grep handler, 2,000 files',
  'grep -rl (child process)',
  await compareAsync(
    {
      ours: () =>
        grep.handler(
          {
            pattern: 'NEEDLE',
            path: 'tree',
            output_mode: 'files_with_matches',
            '-i': false,
            '-n': true,
            multiline: false,
          },
          context,
        ),
      anchor: () => runFile('grep', ['-rl', 'NEEDLE', path.join(root, 'tree')]),
    },
    { rounds: 9, warmUp: 1, sampleMs: 1 },
  ),
]);

await rm(root, { recursive: true, force: true });

const cell = (ms: number) => `${ms.toFixed(3).padStart(9)} ms`;
console.log(
  `${'measure'.padEnd(38)} ${'median'.padStart(12)}   ${'baseline'.padEnd(26)} ${'median'.padStart(12)}   ratio`,
);
for (const [label, baseline, comparison] of rows) {
  console.log(
    `${label.padEnd(38)} ${cell(median(comparison.ours))}   ${baseline.padEnd(26)} ${cell(median(comparison.anchor))}   ${medianRatio(comparison.ours, comparison.anchor).toFixed(2)}x`,
  );
}
console.log('Ratio: median of per-round ratios over interleaved rounds.');
console.log('Command: node --import tsx bench/workspace-tools.bench.ts');
