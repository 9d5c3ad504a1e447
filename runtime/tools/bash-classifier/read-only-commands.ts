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

/** BSD grep's zgrep-style options (GNU grep's `-Z` is `--null`, refused all the same). */
const GREP_DECOMPRESS = [
  '-Z',
  '-J',
  '-X',
  '-M',
  '--decompress',
  '--bz2decompress',
  '--xz',
  '--lzma',
];

/** for-each-ref style formats: `%(signature)` (and `%G?` in log formats) runs `gpg.program`. */
const FORMAT_OPTIONS = ['--format', '--pretty'];
const BRANCH_VALUE_OPTIONS = [
  '--contains',
  '--no-contains',
  '--merged',
  '--no-merged',
  '--points-at',
  '--sort',
  '--abbrev',
  '--column',
];

/**
 * The git sub-commands that stay read-only whatever the repository's configuration says.
 *
 * Repository configuration can make git run programs: `core.fsmonitor` runs on every read of the
 * index (`status`, `diff`, `ls-files`, `grep`, `describe --dirty`, `blame` of the work tree),
 * `diff.external` and textconv drivers on `diff`, `log -p`, `show`, `blame`, `grep`;
 * `log.showSignature` or `%G` formats run `gpg.program` on `log`, `show`, `stash list`; clean
 * filters run when the work tree is compared. A model can write that configuration (or clone a
 * repository whose hooks path points at its own files), so those sub-commands are ordinary Bash
 * (ask as declared). What stays read-only here reads objects and refs only. `-c` overrides are
 * refused before the sub-command (see `git` below), so no call can change this.
 */
const GIT_SUBCOMMANDS: Readonly<Record<string, ReadOnlyCommandRule>> = {
  'rev-parse': { operandPattern: /^[^:]/ },
  // rev-list takes the diff options too: `--output=FILE` writes FILE.
  'rev-list': {
    forbiddenOptions: [
      ...FORMAT_OPTIONS,
      '--show-signature',
      '--output',
      '--ext-diff',
      '--textconv',
    ],
  },
  'ls-tree': ANY,
  'cat-file': {
    forbiddenOptions: ['--textconv', '--filters', '--batch-command'],
    operandPattern: /^[^:]/,
  },
  'merge-base': ANY,
  describe: { forbiddenOptions: ['--dirty', '--broken'] },
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
      ...FORMAT_OPTIONS,
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
      '-v',
      '--annotate',
      '--sign',
      '--local-user',
      '--force',
      '--delete',
      '--message',
      '--file',
      '--edit',
      '--verify',
      ...FORMAT_OPTIONS,
    ],
    optionsWithValue: BRANCH_VALUE_OPTIONS,
    operandsOnlyWith: ['-l', '--list'],
  },
  remote: { maxOperands: 0 },
};

/** Command name → rule. Names only: a path (`./ls`, `/tmp/ls`) is never looked up. */
export const READ_ONLY_COMMANDS: Readonly<Record<string, ReadOnlyCommandRule>> = {
  '[': { wordOptions: true, forbiddenOptions: ['-v', '-R'] },
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
  egrep: { forbiddenOptions: GREP_DECOMPRESS },
  env: { noArguments: true },
  false: ANY,
  fgrep: { forbiddenOptions: GREP_DECOMPRESS },
  // `-z`/`-Z` look inside compressed files; libmagic runs external decompressors for formats it
  // has no library for.
  file: {
    forbiddenOptions: ['-C', '--compile', '-z', '--uncompress', '-Z', '--uncompress-noreport'],
  },
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
  grep: { forbiddenOptions: GREP_DECOMPRESS },
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
  // `printf -v 'a[$(cmd)]'` evaluates the subscript; `-v` also sets a variable.
  printf: { forbiddenOptions: ['-v'] },
  ps: ANY,
  pwd: ANY,
  readlink: ANY,
  realpath: ANY,
  // `--pre` runs a program per file; `-z` starts gzip, xz, bzip2, lz4, zstd … found on PATH.
  rg: {
    forbiddenOptions: ['--pre', '--pre-glob', '--hostname-bin', '-z', '--search-zip'],
  },
  seq: ANY,
  sha1sum: ANY,
  sha256sum: ANY,
  sha512sum: ANY,
  sort: {
    forbiddenOptions: ['-o', '--output', '--compress-program', '-T', '--temporary-directory'],
  },
  stat: ANY,
  tail: ANY,
  // `-v 'a[$(cmd)]'` evaluates the subscript (and runs the command).
  test: { wordOptions: true, forbiddenOptions: ['-v', '-R'] },
  tr: ANY,
  // `-R` (with `-H`) writes `00Tree.html` into every directory.
  tree: { forbiddenOptions: ['-o', '-R'] },
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
