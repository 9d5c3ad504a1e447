/**
 * The registry of shell commands Bash treats as read-only: what they may be called with and
 * still only look (no writes, no execution of other programs, no system changes).
 *
 * Conservative by design: a command or option that is not listed makes the call ordinary Bash
 * (ask as declared). A false "not read-only" costs an approval; a false "read-only" would run
 * a write without one.
 */

/** When one command (or one git sub-command) stays read-only. */
export interface ReadOnlyCommandRule {
  /**
   * Options that make it write, delete or run something: `-o` matches `-o`, `-o file`, `-ofile`
   * and clusters such as `-uo`; `--output` matches `--output`, `--output=x` and abbreviations
   * GNU getopt accepts (`--outp`); a single-dash word such as `-exec` (find) matches exactly.
   */
  readonly forbiddenOptions?: readonly string[];
  /** Options whose value is the next argument (so the value is not taken for an operand). */
  readonly optionsWithValue?: readonly string[];
  /** Most operands (non-option arguments); `hostname NAME` renames the host. */
  readonly maxOperands?: number;
  /** Operands are only allowed together with one of these options (`git branch --list x`). */
  readonly operandsOnlyWith?: readonly string[];
  /** Every operand must match (`date +%Y` prints; `date 0101…` sets the clock). */
  readonly operandPattern?: RegExp;
  /** No arguments at all (`env` with any argument may run a program). */
  readonly noArguments?: boolean;
  /** Options are whole single-dash words (`find -delete`), never clusters of letters. */
  readonly wordOptions?: boolean;
  /** The first operand is a sub-command with its own rule; others are not read-only. */
  readonly subcommands?: Readonly<Record<string, ReadOnlyCommandRule>>;
  /** Options allowed before the sub-command (any other one there is not read-only). */
  readonly globalFlags?: readonly string[];
  /** Options with a value allowed before the sub-command (`git -C dir`). */
  readonly globalOptionsWithValue?: readonly string[];
}

const ANY: ReadOnlyCommandRule = {};

const GIT_OUTPUT_FILE = ['--output'];
const BRANCH_VALUE_OPTIONS = [
  '--contains',
  '--no-contains',
  '--merged',
  '--no-merged',
  '--points-at',
  '--sort',
  '--format',
  '--abbrev',
  '--column',
];

const GIT_SUBCOMMANDS: Readonly<Record<string, ReadOnlyCommandRule>> = {
  status: ANY,
  log: { forbiddenOptions: GIT_OUTPUT_FILE },
  diff: { forbiddenOptions: GIT_OUTPUT_FILE },
  show: { forbiddenOptions: GIT_OUTPUT_FILE },
  shortlog: ANY,
  blame: ANY,
  describe: ANY,
  'rev-parse': ANY,
  'rev-list': ANY,
  'ls-files': ANY,
  'ls-tree': ANY,
  'cat-file': ANY,
  'merge-base': ANY,
  grep: { forbiddenOptions: ['-O', '--open-files-in-pager'] },
  branch: {
    forbiddenOptions: [
      '-d',
      '-D',
      '-m',
      '-M',
      '-c',
      '-C',
      '-f',
      '-u',
      '-t',
      '--delete',
      '--move',
      '--copy',
      '--force',
      '--set-upstream-to',
      '--unset-upstream',
      '--edit-description',
      '--track',
      '--no-track',
      '--create-reflog',
    ],
    optionsWithValue: BRANCH_VALUE_OPTIONS,
    operandsOnlyWith: ['-l', '--list'],
  },
  tag: {
    forbiddenOptions: [
      '-a',
      '-s',
      '-u',
      '-f',
      '-d',
      '-m',
      '-F',
      '-e',
      '--annotate',
      '--sign',
      '--local-user',
      '--force',
      '--delete',
      '--message',
      '--file',
      '--edit',
    ],
    optionsWithValue: BRANCH_VALUE_OPTIONS,
    operandsOnlyWith: ['-l', '--list'],
  },
  remote: { maxOperands: 0 },
  stash: { subcommands: { list: ANY, show: ANY } },
};

/** Command name → rule. Names only: a path (`./ls`, `/tmp/ls`) is never looked up. */
export const READ_ONLY_COMMANDS: Readonly<Record<string, ReadOnlyCommandRule>> = {
  '[': ANY,
  arch: ANY,
  basename: ANY,
  cat: ANY,
  cd: ANY,
  cksum: ANY,
  cmp: ANY,
  column: ANY,
  comm: ANY,
  cut: ANY,
  date: { forbiddenOptions: ['-s', '--set'], operandPattern: /^\+/ },
  df: ANY,
  diff: ANY,
  dirname: ANY,
  du: ANY,
  echo: ANY,
  egrep: ANY,
  env: { noArguments: true },
  false: ANY,
  fgrep: ANY,
  file: { forbiddenOptions: ['-C', '--compile'] },
  find: {
    wordOptions: true,
    forbiddenOptions: [
      '-exec',
      '-execdir',
      '-ok',
      '-okdir',
      '-delete',
      '-fprint',
      '-fprint0',
      '-fprintf',
      '-fls',
    ],
  },
  free: ANY,
  git: {
    subcommands: GIT_SUBCOMMANDS,
    // `-c` is missing on purpose: it can set a pager, an alias or a hook path that runs a program.
    globalFlags: [
      '--no-pager',
      '--no-optional-locks',
      '--bare',
      '--literal-pathspecs',
      '--no-replace-objects',
    ],
    globalOptionsWithValue: ['-C', '--git-dir', '--work-tree', '--namespace'],
  },
  grep: ANY,
  head: ANY,
  hexdump: ANY,
  hostname: { maxOperands: 0, forbiddenOptions: ['-F', '-b', '--file', '--boot'] },
  id: ANY,
  jq: ANY,
  ls: ANY,
  md5sum: ANY,
  nl: ANY,
  nproc: ANY,
  od: ANY,
  printenv: ANY,
  printf: ANY,
  ps: ANY,
  pwd: ANY,
  readlink: ANY,
  realpath: ANY,
  rg: { forbiddenOptions: ['--pre'] },
  seq: ANY,
  sha1sum: ANY,
  sha256sum: ANY,
  sha512sum: ANY,
  sort: { forbiddenOptions: ['-o', '--output', '--compress-program'] },
  stat: ANY,
  tail: ANY,
  test: ANY,
  tr: ANY,
  tree: { forbiddenOptions: ['-o'] },
  true: ANY,
  type: ANY,
  uname: ANY,
  uniq: { maxOperands: 1 },
  uptime: ANY,
  wc: ANY,
  which: ANY,
  whoami: ANY,
  xxd: { maxOperands: 1, forbiddenOptions: ['-r', '-revert'] },
};
