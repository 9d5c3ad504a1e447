/**
 * The review of every program in the read-only registry ({@link READ_ONLY_COMMANDS}): for each
 * one, where its options were read and every option that can run another program, write a file
 * or reach the network. Every listed option is refused by the registry (a generated test walks
 * this table); a program with an empty list was read and has none.
 *
 * Operands that write (`uniq IN OUT`, `xxd IN OUT`, `hostname NAME`, `date MMDDhhmm`) are limited
 * by the registry's operand rules, not listed here.
 */
export type OptionEffect = 'runs a program' | 'writes a file' | 'reaches the network' | 'runs code';

export interface ReviewedOption {
  readonly option: string;
  readonly effect: OptionEffect;
  readonly why: string;
}

export interface ProgramReview {
  /** The manual the options were read from. */
  readonly manual: string;
  readonly options: readonly ReviewedOption[];
}

const NONE = (manual: string): ProgramReview => ({ manual, options: [] });
const grepReview: ProgramReview = {
  manual: 'grep(1) GNU 3.x and FreeBSD/macOS grep(1)',
  options: [
    { option: '-Z', effect: 'runs a program', why: 'BSD: --decompress, behave as zgrep' },
    { option: '--decompress', effect: 'runs a program', why: 'BSD: behave as zgrep' },
    { option: '-J', effect: 'runs a program', why: 'BSD: --bz2decompress' },
    { option: '--bz2decompress', effect: 'runs a program', why: 'BSD: bzip2 decompression' },
    { option: '-X', effect: 'runs a program', why: 'BSD: --xz' },
    { option: '--xz', effect: 'runs a program', why: 'BSD: xz decompression' },
    { option: '-M', effect: 'runs a program', why: 'BSD: --lzma' },
    { option: '--lzma', effect: 'runs a program', why: 'BSD: lzma decompression' },
  ],
};
const sumReview = (name: string) => NONE(`${name}(1) GNU coreutils (--check only reads)`);

export const READ_ONLY_OPTION_REVIEW: Readonly<Record<string, ProgramReview>> = {
  '[': {
    manual: 'bash(1), CONDITIONAL EXPRESSIONS',
    options: [
      { option: '-v', effect: 'runs code', why: "evaluates a subscript: -v 'a[$(cmd)]'" },
      { option: '-R', effect: 'runs code', why: 'evaluates a nameref subscript' },
    ],
  },
  arch: NONE('arch(1) GNU coreutils'),
  basename: NONE('basename(1) GNU coreutils'),
  cat: NONE('cat(1) GNU coreutils'),
  cd: NONE('bash(1), cd builtin'),
  cksum: sumReview('cksum'),
  cmp: NONE('cmp(1) GNU diffutils'),
  column: NONE('column(1) util-linux'),
  comm: NONE('comm(1) GNU coreutils'),
  cut: NONE('cut(1) GNU coreutils'),
  date: {
    manual: 'date(1) GNU coreutils',
    options: [
      { option: '-s', effect: 'writes a file', why: 'sets the system clock' },
      { option: '--set', effect: 'writes a file', why: 'sets the system clock' },
    ],
  },
  df: NONE('df(1) GNU coreutils'),
  diff: NONE('diff(1) GNU diffutils (no option runs a program; sdiff has --diff-program)'),
  dirname: NONE('dirname(1) GNU coreutils'),
  du: NONE('du(1) GNU coreutils'),
  echo: NONE('bash(1), echo builtin'),
  egrep: grepReview,
  env: {
    manual: 'env(1) GNU coreutils',
    options: [{ option: '-S', effect: 'runs a program', why: 'any argument may run a program' }],
  },
  false: NONE('false(1)'),
  fgrep: grepReview,
  file: {
    manual: 'file(1) 5.x',
    options: [
      { option: '-C', effect: 'writes a file', why: 'compiles magic into FILE.mgc' },
      { option: '--compile', effect: 'writes a file', why: 'compiles magic into FILE.mgc' },
      {
        option: '-z',
        effect: 'runs a program',
        why: 'decompressors for formats without a library',
      },
      { option: '--uncompress', effect: 'runs a program', why: 'as -z' },
      { option: '-Z', effect: 'runs a program', why: 'as -z, only the contents' },
      { option: '--uncompress-noreport', effect: 'runs a program', why: 'as -Z' },
    ],
  },
  find: {
    manual: 'find(1) GNU findutils, ACTIONS',
    options: [
      { option: '-exec', effect: 'runs a program', why: 'runs a command per file' },
      { option: '-execdir', effect: 'runs a program', why: 'runs a command per file' },
      { option: '-ok', effect: 'runs a program', why: 'runs a command per file' },
      { option: '-okdir', effect: 'runs a program', why: 'runs a command per file' },
      { option: '-delete', effect: 'writes a file', why: 'deletes files' },
      { option: '-fprint', effect: 'writes a file', why: 'writes names to FILE' },
      { option: '-fprint0', effect: 'writes a file', why: 'writes names to FILE' },
      { option: '-fprintf', effect: 'writes a file', why: 'writes a format to FILE' },
      { option: '-fls', effect: 'writes a file', why: 'writes an ls listing to FILE' },
    ],
  },
  free: NONE('free(1) procps'),
  grep: grepReview,
  head: NONE('head(1) GNU coreutils'),
  hexdump: NONE('hexdump(1) util-linux'),
  hostname: {
    manual: 'hostname(1) net-tools',
    options: [
      { option: '-F', effect: 'writes a file', why: 'sets the host name from FILE' },
      { option: '--file', effect: 'writes a file', why: 'sets the host name from FILE' },
      { option: '-b', effect: 'writes a file', why: 'sets a default host name' },
      { option: '--boot', effect: 'writes a file', why: 'sets a default host name' },
    ],
  },
  id: NONE('id(1) GNU coreutils'),
  jq: NONE('jq(1) 1.7 (no builtin runs a program; --rawfile/--slurpfile only read)'),
  ls: NONE('ls(1) GNU coreutils'),
  md5sum: sumReview('md5sum'),
  nl: NONE('nl(1) GNU coreutils'),
  nproc: NONE('nproc(1) GNU coreutils'),
  od: NONE('od(1) GNU coreutils'),
  printenv: NONE('printenv(1) GNU coreutils'),
  printf: {
    manual: 'bash(1), printf builtin',
    options: [
      { option: '-v', effect: 'runs code', why: 'assigns to a name; evaluates its subscript' },
    ],
  },
  ps: NONE('ps(1) procps'),
  pwd: NONE('bash(1), pwd builtin'),
  readlink: NONE('readlink(1) GNU coreutils'),
  realpath: NONE('realpath(1) GNU coreutils'),
  rg: {
    manual: 'rg(1) ripgrep 14',
    options: [
      { option: '--pre', effect: 'runs a program', why: 'runs COMMAND on every file searched' },
      { option: '--pre-glob', effect: 'runs a program', why: 'selects files for --pre' },
      {
        option: '-z',
        effect: 'runs a program',
        why: 'runs gzip, bzip2, xz, lz4, zstd … from PATH',
      },
      { option: '--search-zip', effect: 'runs a program', why: 'as -z' },
      { option: '--hostname-bin', effect: 'runs a program', why: 'runs COMMAND for hyperlinks' },
    ],
  },
  seq: NONE('seq(1) GNU coreutils'),
  sha1sum: sumReview('sha1sum'),
  sha256sum: sumReview('sha256sum'),
  sha512sum: sumReview('sha512sum'),
  sort: {
    manual: 'sort(1) GNU coreutils',
    options: [
      { option: '-o', effect: 'writes a file', why: 'writes the result to FILE' },
      { option: '--output', effect: 'writes a file', why: 'writes the result to FILE' },
      { option: '--compress-program', effect: 'runs a program', why: 'compresses temporaries' },
      { option: '-T', effect: 'writes a file', why: 'writes temporaries into DIR' },
      { option: '--temporary-directory', effect: 'writes a file', why: 'as -T' },
    ],
  },
  stat: NONE('stat(1) GNU coreutils'),
  tail: NONE('tail(1) GNU coreutils'),
  test: {
    manual: 'bash(1), test builtin',
    options: [
      { option: '-v', effect: 'runs code', why: "evaluates a subscript: -v 'a[$(cmd)]'" },
      { option: '-R', effect: 'runs code', why: 'evaluates a nameref subscript' },
    ],
  },
  tr: NONE('tr(1) GNU coreutils'),
  tree: {
    manual: 'tree(1) 2.x',
    options: [
      { option: '-o', effect: 'writes a file', why: 'writes the listing to FILE' },
      {
        option: '-R',
        effect: 'writes a file',
        why: 'with -H writes 00Tree.html in every directory',
      },
    ],
  },
  true: NONE('true(1)'),
  type: NONE('bash(1), type builtin'),
  uname: NONE('uname(1) GNU coreutils'),
  uniq: NONE('uniq(1) GNU coreutils (a second operand is written: at most one operand)'),
  uptime: NONE('uptime(1) procps'),
  wc: NONE('wc(1) GNU coreutils (--files0-from only reads)'),
  which: NONE('which(1) debianutils'),
  whoami: NONE('whoami(1) GNU coreutils'),
  xxd: {
    manual: 'xxd(1) vim 9',
    options: [
      { option: '-r', effect: 'writes a file', why: 'reverts a dump into OUTFILE' },
      { option: '-revert', effect: 'writes a file', why: 'as -r' },
    ],
  },
  'git rev-parse': NONE('git-rev-parse(1)'),
  'git rev-list': {
    manual: 'git-rev-list(1) (it also takes the diff options of git-log(1))',
    options: [
      { option: '--output', effect: 'writes a file', why: 'diff option: writes to FILE' },
      { option: '--format', effect: 'runs a program', why: '%G? runs gpg.program' },
      { option: '--pretty', effect: 'runs a program', why: '%G? runs gpg.program' },
      { option: '--show-signature', effect: 'runs a program', why: 'runs gpg.program' },
      { option: '--ext-diff', effect: 'runs a program', why: 'runs diff.external' },
      { option: '--textconv', effect: 'runs a program', why: 'runs textconv drivers' },
    ],
  },
  'git ls-tree': NONE('git-ls-tree(1)'),
  'git cat-file': {
    manual: 'git-cat-file(1)',
    options: [
      { option: '--textconv', effect: 'runs a program', why: 'runs textconv drivers' },
      { option: '--filters', effect: 'runs a program', why: 'runs clean/smudge filters' },
      { option: '--batch-command', effect: 'runs code', why: 'reads commands from stdin' },
    ],
  },
  'git merge-base': NONE('git-merge-base(1)'),
  'git describe': {
    manual: 'git-describe(1)',
    options: [
      { option: '--dirty', effect: 'runs a program', why: 'refreshes the index: core.fsmonitor' },
      { option: '--broken', effect: 'runs a program', why: 'refreshes the index: core.fsmonitor' },
    ],
  },
  'git branch': {
    manual: 'git-branch(1)',
    options: [
      { option: '-d', effect: 'writes a file', why: 'deletes a branch' },
      { option: '-D', effect: 'writes a file', why: 'deletes a branch' },
      { option: '-m', effect: 'writes a file', why: 'renames a branch' },
      { option: '-c', effect: 'writes a file', why: 'copies a branch' },
      { option: '--edit-description', effect: 'runs a program', why: 'runs the editor' },
      { option: '--format', effect: 'runs a program', why: '%(signature) runs gpg.program' },
      { option: '--set-upstream-to', effect: 'writes a file', why: 'writes configuration' },
    ],
  },
  'git tag': {
    manual: 'git-tag(1)',
    options: [
      { option: '-a', effect: 'writes a file', why: 'creates a tag' },
      { option: '-s', effect: 'runs a program', why: 'signs with gpg.program' },
      { option: '-d', effect: 'writes a file', why: 'deletes a tag' },
      { option: '-v', effect: 'runs a program', why: 'verifies with gpg.program' },
      { option: '-e', effect: 'runs a program', why: 'runs the editor' },
      { option: '--format', effect: 'runs a program', why: '%(signature) runs gpg.program' },
    ],
  },
  'git remote': NONE('git-remote(1) (no operand: only lists; sub-commands are refused)'),
};
