/**
 * How fast the workspace tools are, each beside the obvious baseline, in one run:
 * - Bash permission analysis (bash parse tree + wrappers + registry) vs shell-quote's parse alone;
 * - Bash foreground call (`true`, two bash execs for exact interleaving) vs one spawn of `bash -c true`;
 * - Read of a 2,000-line file (numbered) vs readFile + split;
 * - Grep (files_with_matches) over 2,000 small files vs `grep -rl` in a child process.
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
import type { ToolCallContext } from '../runtime/contract.js';
import { classifyShellCommand } from '../runtime/tools/support/classify-shell-command.js';

const runFile = promisify(execFile);

async function median(run: () => Promise<unknown> | unknown, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)] as number;
}

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

const rows: [string, number, string, number][] = [];

const COMMANDS = [
  'ls -la',
  'git status && git diff HEAD~1 -- src',
  'cat a | grep x | wc -l',
  'find . -name "*.ts" -delete',
  'echo $(id)',
  'sort -o out in',
];
const analysis = await median(
  () => COMMANDS.forEach((command) => classifyShellCommand(command)),
  2000,
);
const parseOnly = await median(() => COMMANDS.forEach((command) => parse(command)), 2000);
rows.push(['Bash permission analysis, 6 commands', analysis, 'shell-quote parse only', parseOnly]);

const bashCall = await median(
  () => bash.handler({ command: 'true', run_in_background: false }, context),
  30,
);
const plainSpawn = await median(
  () =>
    new Promise<void>((resolve) =>
      spawn('bash', ['-c', 'true'], { stdio: 'ignore' }).once('exit', () => resolve()),
    ),
  30,
);
rows.push(['Bash handler, `true`', bashCall, 'spawn bash -c true', plainSpawn]);

const text = Array.from({ length: 2000 }, (_, index) => `line ${index} ${'x'.repeat(60)}`).join(
  '\n',
);
await writeFile(path.join(root, 'file.txt'), text);
const readCall = await median(() => read.handler({ file_path: 'file.txt' }, context), 50);
const readPlain = await median(
  async () => (await readFile(path.join(root, 'file.txt'), 'utf8')).split('\n'),
  50,
);
rows.push(['Read handler, 2,000 lines', readCall, 'readFile + split', readPlain]);

for (let directory = 0; directory < 40; directory += 1) {
  await mkdir(path.join(root, 'tree', `d${directory}`), { recursive: true });
  for (let file = 0; file < 50; file += 1) {
    await writeFile(
      path.join(root, 'tree', `d${directory}`, `f${file}.ts`),
      `export const v${file} = ${file};\n// ${file % 7 === 0 ? 'NEEDLE' : 'hay'}\n`.repeat(20),
    );
  }
}
const grepCall = await median(
  () =>
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
  10,
);
const grepTool = await median(
  () => runFile('grep', ['-rl', 'NEEDLE', path.join(root, 'tree')]),
  10,
);
rows.push(['Grep handler, 2,000 files', grepCall, 'grep -rl (child process)', grepTool]);

await rm(root, { recursive: true, force: true });

const cell = (ms: number) => `${ms.toFixed(3).padStart(9)} ms`;
console.log(
  `${'measure'.padEnd(38)} ${'median'.padStart(12)}   ${'baseline'.padEnd(26)} ${'median'.padStart(12)}   ratio`,
);
for (const [label, value, baseline, base] of rows) {
  console.log(
    `${label.padEnd(38)} ${cell(value)}   ${baseline.padEnd(26)} ${cell(base)}   ${(value / base).toFixed(2)}x`,
  );
}
