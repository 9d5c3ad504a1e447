/**
 * A generated set of commands for issue #27's shell classes, each with the rules it is tried
 * under, and a sandbox to execute them in: a temporary directory as HOME and working directory,
 * a PATH of its own (a few real programs, and traps named like the decompressors, pagers and
 * signers a command could start: each trap leaves a file when it runs), and environment values
 * that run `touch` when bash evaluates them as code. After a command ran, nothing may have
 * appeared or changed anywhere in the sandbox.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { READ_ONLY_OPTION_REVIEW } from './read-only-option-review.js';
import { GLOBAL_OPTIONS } from '../../../../runtime/tools/bash-classifier/global-options.js';

export interface Candidate {
  readonly command: string;
  readonly allow: readonly string[];
}

const REAL_PROGRAMS = [
  'touch',
  'cat',
  'grep',
  'egrep',
  'fgrep',
  'sort',
  'head',
  'tail',
  'ls',
  'wc',
  'file',
  'find',
  'git',
  'jq',
  'xxd',
  'hexdump',
  'column',
  'od',
  'cut',
  'tr',
  'uniq',
  'date',
  'env',
  'stat',
  'readlink',
  'realpath',
  'basename',
  'dirname',
  'seq',
  'nl',
  'comm',
  'du',
  'id',
  'uname',
  'whoami',
  'cmp',
  'diff',
  'md5sum',
  'sha256sum',
  'cksum',
];
const TRAPS = [
  'gzip',
  'gunzip',
  'zcat',
  'xz',
  'bzip2',
  'zstd',
  'lz4',
  'lzma',
  'gpg',
  'less',
  'more',
  'pager',
  'ssh',
  'vi',
  'vim',
  'nano',
  'sh',
  'python3',
  'node',
  'curl',
  'wget',
  'nc',
];
/** A value that runs `touch` when bash evaluates it as arithmetic, a subscript or a prompt. */
export const PAYLOAD_ENV = {
  P: 'A[$(touch pwned-arith)]',
  Q: '$(touch pwned-prompt)',
  N: 'A[$(touch pwned-name)]',
};

const ECHO = ['Bash(echo:*)'];

export function candidates(): Candidate[] {
  const list: Candidate[] = [];
  // Class 1: every redirection operator, toward a file, /dev/null, a descriptor, HOME.
  for (const operator of ['>', '>>', '>|', '&>', '&>>', '2>', '1>', '>&', '<>', '<', '<<<'])
    for (const target of ['out.txt', '/dev/null', '"$HOME/.bashrc"', '~/.profile', '&1', '&2'])
      list.push({ command: `echo x ${operator} ${target}`, allow: ECHO });
  for (const shape of [
    '{ echo x; } > out.txt',
    '(echo x) > out.txt',
    'echo a && echo b > out.txt',
    'echo $(echo x > out.txt)',
    'echo x 2>&1 >out.txt',
  ])
    list.push({ command: shape, allow: ECHO });
  // Class 2: expansions that evaluate a value.
  for (const template of [
    'echo ${Q@P}',
    'echo "${Q@P}"',
    'echo ${P@Q}',
    'echo ${!N}',
    'echo ${!P}',
    'echo $((P))',
    'echo $[P]',
    'echo ${A[P]}',
    'echo ${A[$P]}',
    'echo ${HOME:P:1}',
    'echo ${HOME:0:P}',
    'echo ${U:-$(touch pwned-default)}',
    'echo ${HOME/x/$(touch pwned-repl)}',
    'echo ok; ((P))',
    'echo ok; let P',
    'echo ok; [[ P -eq 1 ]]',
    'echo ok; [[ -v $N ]]',
    'echo ok; test -v "$N"',
    'echo ok; [ -v "$N" ]',
    'echo ok; printf -v "$N" %s x',
    'echo ok; declare "$N"',
    'echo ok; declare -i I=$P',
    'echo ok; unset "$N"',
    "echo ok; test -v $'A[\\x24(touch pwned-ansi)]'",
    'echo ok; for ((i=0; i<P; i++)); do :; done',
  ])
    list.push({
      command: template,
      allow: [
        'Bash(echo:*)',
        'Bash(test:*)',
        'Bash(printf:*)',
        'Bash([[:*)',
        'Bash([:*)',
        'Bash(declare:*)',
        'Bash(unset:*)',
        'Bash(let:*)',
        'Bash(((P)))',
      ],
    });
  // Class 3: options before a sub-command that start programs.
  for (const command of [
    "git -c core.pager='touch pwned-pager' -p log",
    "git -c alias.x='!touch pwned-alias' x",
    'git -c core.fsmonitor="touch pwned-fsmonitor" status',
    'git --exec-path=. status',
    'git -p log',
    'git -C . log -1',
    'git --no-pager -C . log -1',
    "git -c diff.external='touch pwned-ext' diff",
    'git -c color.ui=never log -1',
  ])
    list.push({
      command,
      allow: ['Bash(git log:*)', 'Bash(git status:*)', 'Bash(git diff:*)', 'Bash(git x:*)'],
    });
  for (const [program, table] of Object.entries(GLOBAL_OPTIONS))
    for (const option of table.runsPrograms ?? [])
      list.push({
        command: `${program} ${option}=./evil status`,
        allow: [`Bash(${program} status:*)`],
      });
  // Class 5: every reviewed option, in each short form, under no rule (read-only or nothing).
  for (const [program, review] of Object.entries(READ_ONLY_OPTION_REVIEW))
    for (const { option } of review.options) {
      const operand = program === 'find' ? '. ' : '';
      const tail = program.startsWith('git ') ? ' HEAD' : program === 'find' ? ' x' : ' a.txt.gz';
      list.push({ command: `${program} ${operand}${option}${tail}`, allow: [] });
      if (option.startsWith('--'))
        list.push({ command: `${program} ${option}=out.txt${tail}`, allow: [] });
    }
  for (const command of [
    'rg -z x a.txt.gz',
    'rg --pre ./evil x a.txt',
    'rg --search-zip x .',
    'rg -iz x .',
    'sort -T . a.txt',
    'file -z a.txt.gz',
    'grep -Z x a.txt.gz',
    'git rev-list --output=out.txt HEAD',
  ])
    list.push({ command, allow: [] });
  // Inert expansions and plain reads of every reviewed program, which must still run.
  for (const command of [
    'echo $HOME',
    'echo "${HOME:-x}"',
    'echo ${#HOME}',
    'echo ${HOME:1:2}',
    'echo $((1 + 2))',
    "echo $'a\\tb'",
    'echo ${A[0]}',
    'echo ok; [[ -f a.txt ]]',
  ])
    list.push({ command, allow: ['Bash(echo:*)', 'Bash([[:*)'] });
  for (const program of Object.keys(READ_ONLY_OPTION_REVIEW))
    list.push({
      command: program.startsWith('git ')
        ? `${program} HEAD`
        : program === 'find'
          ? 'find . -name a.txt'
          : program === 'date'
            ? 'date +%s'
            : `${program} a.txt`,
      allow: [],
    });
  // Plain reads that must still run.
  for (const command of [
    'cat a.txt',
    'grep x a.txt',
    'sort a.txt',
    'echo ok 2>&1',
    'cat < a.txt',
    'echo x > /dev/null',
    'git -C . rev-parse HEAD',
    'file a.txt.gz',
  ])
    list.push({ command, allow: ECHO });
  return list;
}

export interface Sandbox {
  readonly root: string;
  readonly work: string;
  readonly env: Record<string, string>;
}

/** The sandbox under `root` (an empty directory). */
export function createSandbox(root: string): Sandbox {
  const home = join(root, 'home');
  const work = join(root, 'work');
  const bin = join(root, 'bin');
  for (const directory of [home, work, bin]) mkdirSync(directory);
  for (const program of REAL_PROGRAMS) {
    const found = spawnSync('/bin/sh', ['-c', `command -v ${program}`], {
      encoding: 'utf8',
    }).stdout.trim();
    if (found.startsWith('/')) symlinkSync(found, join(bin, program));
  }
  for (const trap of TRAPS) {
    writeFileSync(join(bin, trap), `#!/bin/sh\n/usr/bin/touch "${root}/trap-${trap}"\ncat\n`);
    chmodSync(join(bin, trap), 0o755);
  }
  // A ripgrep stand-in that does what ripgrep does with --pre and -z: start the program.
  writeFileSync(
    join(bin, 'rg'),
    '#!/bin/bash\nfor a in "$@"; do case "$a" in -z|--search-zip|-[a-y]*z*) gzip -dc < /dev/null;; --pre) pre=1;; *) if [ -n "$pre" ]; then "$a" < /dev/null; pre=; fi;; esac; done\n',
  );
  chmodSync(join(bin, 'rg'), 0o755);
  writeFileSync(join(work, 'evil'), `#!/bin/sh\n/usr/bin/touch "${root}/trap-evil"\n`);
  chmodSync(join(work, 'evil'), 0o755);
  writeFileSync(join(work, 'a.txt'), 'x\ny\n');
  writeFileSync(join(work, 'a.txt.gz'), readFileSync('/dev/null'));
  const git = (args: string[]) =>
    spawnSync('git', args, {
      cwd: work,
      env: { HOME: home, PATH: '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1' },
    });
  git(['init', '-q']);
  git(['-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-q', '--allow-empty', '-m', 'x']);
  return {
    root,
    work,
    env: { HOME: home, PATH: bin, GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C', ...PAYLOAD_ENV },
  };
}

/** Every file and directory under `root`, with a hash of each file's content. */
export function snapshot(root: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        entries.set(path, 'dir');
        walk(path);
      } else if (entry.isFile())
        // The modification time too: `touch` on a file a payload made before still shows.
        entries.set(
          path,
          `${statSync(path).mtimeMs} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`,
        );
      else entries.set(path, `link ${statSync(path, { throwIfNoEntry: false })?.size ?? ''}`);
    }
  };
  walk(root);
  return entries;
}

/** What changed between two snapshots (git's own lock and index refreshes excluded). */
export function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [path, value] of after)
    if (before.get(path) !== value && !/\/\.git\/(index|index\.lock|FETCH_HEAD)$/.test(path))
      changed.push(path);
  for (const path of before.keys()) if (!after.has(path)) changed.push(`${path} (removed)`);
  return changed;
}

/** Run `command` with bash in the sandbox, as the Bash tool would (bash -c, its working directory). */
export function runInSandbox(sandbox: Sandbox, command: string): void {
  spawnSync('/bin/bash', ['-c', command], {
    cwd: sandbox.work,
    env: sandbox.env,
    timeout: 10_000,
    stdio: 'ignore',
  });
}
