/**
 * Programs that take options before their sub-command (`git -C dir push`, `docker --context x
 * run`, `kubectl -n ns delete`), and those options, from each program's own manual. Rule values
 * get the command with these options left out (`git -C . push --force` is also `git push
 * --force`), so `Bash(git push:*)` meets it.
 *
 * An option before the sub-command that the table does not know, or one that makes the program
 * run another program (`git -c alias.x='!cmd'`, `git --exec-path=DIR`, `podman --conmon PATH`,
 * `cargo --config build.rustc-wrapper=…`), makes the command "in doubt": where the sub-command
 * starts, or what runs, is not certain.
 */

export interface GlobalOptionTable {
  /** Where the options are documented. */
  readonly source: string;
  /** Options without a value. */
  readonly flags: readonly string[];
  /** Options whose value is the next word or attached (`--opt=value`, `-Cdir`). */
  readonly valued: readonly string[];
  /**
   * Options (flags or valued) that make the program run another program, or run it from
   * elsewhere; their presence makes the command in doubt. A valued option listed in
   * {@link safeConfigValue} instead is in doubt only for values that function rejects.
   */
  readonly runsPrograms?: readonly string[];
  /** For `-c key=value`-style options: whether the setting cannot start a program. */
  readonly safeConfigValue?: { readonly options: readonly string[]; test(value: string): boolean };
  /** A first word `+toolchain` is an option (`cargo +nightly build`). */
  readonly plusWord?: boolean;
}

/**
 * git configuration keys a `-c` may set without making git run anything: colours, identity,
 * advice, quoting of paths. Every other key may name a program (`core.pager`, `alias.*` with
 * `!`, `core.sshCommand`, `diff.external`, `core.fsmonitor`, `core.hooksPath`, `gpg.program`,
 * `credential.helper`, filter and merge drivers, `protocol.*.allow`, …).
 */
const SAFE_GIT_CONFIG =
  /^(color\.[a-z0-9.-]+|user\.(name|email)|advice\.[a-z0-9]+|core\.quotepath|init\.defaultbranch|column\.ui|log\.date|log\.decorate|i18n\.logoutputencoding)=/i;

export const GLOBAL_OPTIONS: Readonly<Record<string, GlobalOptionTable>> = {
  git: {
    source: 'git(1), OPTIONS',
    flags: [
      '--version',
      '--help',
      '-h',
      '-p',
      '--paginate',
      '-P',
      '--no-pager',
      '--bare',
      '--no-replace-objects',
      '--no-lazy-fetch',
      '--no-optional-locks',
      '--no-advice',
      '--literal-pathspecs',
      '--glob-pathspecs',
      '--noglob-pathspecs',
      '--icase-pathspecs',
      '--html-path',
      '--man-path',
      '--info-path',
    ],
    valued: [
      '-C',
      '-c',
      '--config-env',
      '--git-dir',
      '--work-tree',
      '--namespace',
      '--super-prefix',
      '--attr-source',
      '--list-cmds',
      '--exec-path',
    ],
    // `--exec-path=DIR` runs git's sub-commands from DIR (`--exec-path` alone only prints);
    // `--config-env` takes a value from the environment, which the rules cannot see.
    runsPrograms: ['--exec-path', '--config-env', '-p', '--paginate'],
    safeConfigValue: { options: ['-c'], test: (value) => SAFE_GIT_CONFIG.test(value) },
  },
  npm: {
    source: 'npm(1) and npm-config(7), options accepted before the command',
    flags: [
      '--version',
      '-v',
      '--help',
      '-h',
      '-g',
      '--global',
      '-s',
      '--silent',
      '-q',
      '--quiet',
      '-d',
      '-dd',
      '-ddd',
      '--verbose',
      '-y',
      '--yes',
      '--no-color',
      '--json',
      '-ws',
      '--workspaces',
      '--include-workspace-root',
      '--offline',
      '--prefer-offline',
    ],
    valued: [
      '--prefix',
      '-C',
      '-w',
      '--workspace',
      '--registry',
      '--loglevel',
      '--cache',
      '--scope',
      '--userconfig',
      '--globalconfig',
      '--script-shell',
      '--node-options',
    ],
    // `--userconfig`/`--globalconfig` load a file that may set `script-shell`, `node-options`.
    runsPrograms: ['--userconfig', '--globalconfig', '--script-shell', '--node-options'],
  },
  pnpm: {
    source: 'pnpm CLI, "Options" (pnpm.io/pnpm-cli)',
    flags: [
      '--version',
      '-v',
      '--help',
      '-h',
      '-r',
      '--recursive',
      '-w',
      '--workspace-root',
      '-s',
      '--silent',
      '--color',
      '--no-color',
      '--stream',
      '--aggregate-output',
      '--parallel',
      '--use-stderr',
      '--shell-emulator',
    ],
    valued: [
      '-C',
      '--dir',
      '-F',
      '--filter',
      '--filter-prod',
      '--reporter',
      '--loglevel',
      '--workspace-concurrency',
      '--script-shell',
    ],
    runsPrograms: ['--shell-emulator', '--script-shell'],
  },
  yarn: {
    source: 'yarn(1) global options (classic.yarnpkg.com/docs/cli)',
    flags: [
      '--version',
      '-v',
      '--help',
      '-h',
      '-s',
      '--silent',
      '--verbose',
      '--offline',
      '--prefer-offline',
      '--json',
      '--no-progress',
      '--no-emoji',
      '--frozen-lockfile',
      '--non-interactive',
      '--no-default-rc',
    ],
    valued: [
      '--cwd',
      '--cache-folder',
      '--modules-folder',
      '--registry',
      '--mutex',
      '--use-yarnrc',
    ],
    runsPrograms: ['--use-yarnrc'],
  },
  docker: {
    source: 'docker(1), "Global options"',
    flags: ['--version', '-v', '--help', '-D', '--debug', '--tls', '--tlsverify'],
    valued: [
      '--config',
      '-c',
      '--context',
      '-H',
      '--host',
      '-l',
      '--log-level',
      '--tlscacert',
      '--tlscert',
      '--tlskey',
    ],
  },
  podman: {
    source: 'podman(1), "GLOBAL OPTIONS"',
    flags: [
      '--version',
      '-v',
      '--help',
      '-h',
      '-r',
      '--remote',
      '--syslog',
      '--transient-store',
      '--noout',
      '--no-hosts',
    ],
    valued: [
      '-c',
      '--connection',
      '--url',
      '--identity',
      '--log-level',
      '--root',
      '--runroot',
      '--storage-driver',
      '--storage-opt',
      '--cgroup-manager',
      '--events-backend',
      '--tmpdir',
      '--ssh',
      '--out',
      '--imagestore',
      '--volumepath',
      '--db-backend',
      '--conmon',
      '--runtime',
      '--network-cmd-path',
      '--hooks-dir',
      '--module',
    ],
    // Paths of programs podman runs.
    runsPrograms: ['--conmon', '--runtime', '--network-cmd-path', '--hooks-dir', '--module'],
  },
  kubectl: {
    source: 'kubectl options (kubectl(1), "kubectl options")',
    flags: [
      '--help',
      '-h',
      '--insecure-skip-tls-verify',
      '--match-server-version',
      '--warnings-as-errors',
    ],
    valued: [
      '--kubeconfig',
      '--context',
      '--cluster',
      '--user',
      '-n',
      '--namespace',
      '-s',
      '--server',
      '--token',
      '--as',
      '--as-group',
      '--as-uid',
      '--certificate-authority',
      '--client-certificate',
      '--client-key',
      '--cache-dir',
      '--request-timeout',
      '-v',
      '--v',
      '--tls-server-name',
      '--username',
      '--password',
      '--profile',
      '--profile-output',
      '--log-file',
    ],
  },
  cargo: {
    source: 'cargo(1), "OPTIONS"',
    flags: [
      '--version',
      '-V',
      '--help',
      '-h',
      '--list',
      '-v',
      '-vv',
      '--verbose',
      '-q',
      '--quiet',
      '--locked',
      '--offline',
      '--frozen',
    ],
    valued: ['--color', '-Z', '-C', '--config'],
    // `--config KEY=VALUE` can set `build.rustc-wrapper`, `target.*.runner`, aliases.
    runsPrograms: ['--config'],
    plusWord: true,
  },
  go: {
    // `go -C dir build` is refused by go: its `-C` follows the command (`go build -C dir`).
    source: 'go help: go takes no options before the command',
    flags: [],
    valued: [],
  },
};

export type SubcommandStart =
  /**
   * Index of the sub-command in the arguments. `doubt`: an option before it may make the program
   * run another program (`git -c alias.x='!cmd'`); the sub-command is still where it says.
   */
  | { readonly kind: 'subcommand'; readonly index: number; readonly doubt?: string }
  /** Options only, or nothing after them. */
  | { readonly kind: 'none' }
  /** Where the sub-command starts is not certain (an option the table does not know). */
  | { readonly kind: 'doubt'; readonly reason: string };

/**
 * Where the sub-command of `program args…` starts, past the global options; `undefined` when the
 * program is not in {@link GLOBAL_OPTIONS}.
 */
export function findSubcommand(
  program: string,
  args: readonly string[],
): SubcommandStart | undefined {
  const table = Object.hasOwn(GLOBAL_OPTIONS, program) ? GLOBAL_OPTIONS[program] : undefined;
  if (table === undefined) return undefined;
  let doubt: string | undefined;
  const at = (index: number): SubcommandStart =>
    index >= args.length
      ? { kind: 'none' }
      : { kind: 'subcommand', index, ...(doubt === undefined ? {} : { doubt }) };
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (index === 0 && table.plusWord === true && arg.startsWith('+')) continue;
    if (arg === '--') return at(index + 1);
    if (!arg.startsWith('-') || arg === '-') return at(index);
    const [option, attached] = splitOption(arg, table);
    // `git --exec-path` alone prints the path; with a value it runs git's commands from there.
    const printsOnly = program === 'git' && option === '--exec-path' && attached === undefined;
    if (table.runsPrograms?.includes(option) && !printsOnly)
      doubt ??= `${program} ${arg} may run another program`;
    if (printsOnly || table.flags.includes(arg)) continue;
    if (!table.valued.includes(option))
      return { kind: 'doubt', reason: `${program} option ${arg} is not known to the rules` };
    let value = attached;
    if (value === undefined) {
      index += 1;
      value = args[index];
      if (value === undefined) return { kind: 'none' };
    }
    if (table.safeConfigValue?.options.includes(option) && !table.safeConfigValue.test(value))
      doubt ??= `${program} ${option} ${value}: the setting may make ${program} run a program`;
  }
  return { kind: 'none' };
}

/** `--opt=value` → [`--opt`, `value`]; `-Cdir` → [`-C`, `dir`] when `-C` takes a value. */
function splitOption(arg: string, table: GlobalOptionTable): [string, string | undefined] {
  if (arg.startsWith('--')) {
    const equals = arg.indexOf('=');
    return equals === -1 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
  }
  const short = arg.slice(0, 2);
  if (arg.length > 2 && table.valued.includes(short) && !table.flags.includes(arg))
    return [short, arg.slice(2)];
  return [arg, undefined];
}
