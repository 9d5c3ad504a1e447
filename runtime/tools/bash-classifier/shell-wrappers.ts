/**
 * Programs that run another command or a script given on their command line — `bash -c`, `eval`,
 * `xargs`, `env`, `sudo`, `timeout`, `find -exec` … — and where in their arguments that command
 * starts, so that permission rules see the inner command (`bash -c "rm x"` meets `Bash(rm:*)`).
 *
 * The list is a guard, not a sandbox: a program not listed here that runs its arguments (a
 * language interpreter's `-e`, `ssh host cmd`, `git -c alias.x=!cmd`) is matched only as written.
 * Options a wrapper does not list make the result {@link UnwrappedCommand} `unknown`, which the
 * classifier treats as "in doubt" (no allow rule allows the call).
 */

/** What a wrapper runs, given its argument words (the wrapper's own name excluded). */
export type UnwrappedCommand =
  /** The inner command is `args.slice(start)` (an empty slice: nothing runs). */
  | { readonly kind: 'command'; readonly start: number; readonly end?: number }
  /** The argument at `index` (or all from it, joined with spaces) is shell source to parse. */
  | { readonly kind: 'script'; readonly index: number; readonly joinRest?: boolean }
  /** The wrapper reads the script from standard input: the rules cannot see it. */
  | { readonly kind: 'stdin' }
  /** An option the list does not know: where the command starts is not certain. */
  | { readonly kind: 'unknown'; readonly reason: string };

interface OptionSpec {
  /** Options without a value. */
  readonly flags?: readonly string[];
  /** Options whose value is the next word (or attached: `-uroot`, `--user=root`). */
  readonly valued?: readonly string[];
  /** Options whose value is shell source (`env -S`, `su -c`). */
  readonly scriptValued?: readonly string[];
  /** Operands before the inner command (`timeout 5 cmd`, `chroot DIR cmd`). */
  readonly operands?: number;
  /** `NAME=value` words before the inner command are skipped (`env`). */
  readonly assignments?: boolean;
  /** `-N` (a number) is a flag (`nice -10 cmd`). */
  readonly numericFlag?: boolean;
  /** The rest of the words, joined with spaces, is shell source (`watch`). */
  readonly joinAsScript?: boolean;
}

const COMMAND_WRAPPERS: Readonly<Record<string, OptionSpec>> = {
  builtin: {},
  busybox: {},
  chroot: { operands: 1, valued: ['--userspec', '--groups'], flags: ['--skip-chdir'] },
  chrt: {
    flags: ['-a', '-b', '-d', '-f', '-i', '-o', '-r', '-R', '-m', '-v', '--all-tasks'],
    valued: ['-T', '-P', '-D', '--sched-runtime', '--sched-period', '--sched-deadline'],
    operands: 1,
  },
  command: { flags: ['-p'] },
  doas: { flags: ['-n', '-s', '-L'], valued: ['-u', '-C'] },
  env: {
    flags: ['-i', '-0', '-v', '--ignore-environment', '--null', '--debug'],
    valued: ['-u', '-C', '--unset', '--chdir'],
    scriptValued: ['-S', '--split-string'],
    assignments: true,
  },
  exec: { flags: ['-c', '-l'], valued: ['-a'] },
  ionice: { flags: ['-t', '--ignore'], valued: ['-c', '-n', '--class', '--classdata'] },
  nice: { valued: ['-n', '--adjustment'], numericFlag: true },
  nohup: {},
  setsid: { flags: ['-c', '-f', '-w', '--ctty', '--fork', '--wait'] },
  stdbuf: { valued: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  sudo: {
    flags: ['-A', '-b', '-E', '-H', '-k', '-K', '-n', '-P', '-S', '-i', '-s', '--preserve-env'],
    valued: [
      '-u',
      '-g',
      '-h',
      '-p',
      '-C',
      '-D',
      '-r',
      '-t',
      '-T',
      '-U',
      '--user',
      '--group',
      '--host',
      '--prompt',
      '--chdir',
      '--role',
      '--type',
      '--close-from',
      '--command-timeout',
      '--other-user',
    ],
  },
  taskset: { flags: ['-a', '-c', '--all-tasks', '--cpu-list'], operands: 1 },
  time: {
    flags: ['-p', '-v', '-a', '-q', '--portability', '--verbose', '--append', '--quiet'],
    valued: ['-f', '-o', '--format', '--output'],
  },
  timeout: {
    flags: ['-v', '--preserve-status', '--foreground', '--verbose'],
    valued: ['-k', '-s', '--kill-after', '--signal'],
    operands: 1,
  },
  su: {
    flags: ['-', '-l', '-m', '-p', '-f', '--login', '--preserve-environment'],
    valued: ['-s', '-g', '-G', '--shell', '--group', '--supp-group'],
    scriptValued: ['-c', '--command'],
    // `su USER`: the user is an operand; nothing else runs without -c.
    operands: 1,
  },
  watch: {
    flags: ['-b', '-c', '-e', '-g', '-p', '-t', '-w', '-x', '--beep', '--color', '--no-title'],
    valued: ['-n', '-d', '-q', '--interval', '--differences'],
    joinAsScript: true,
  },
  xargs: {
    flags: [
      '-0',
      '-r',
      '-t',
      '-p',
      '-x',
      '-o',
      '-e',
      '-i',
      '-l',
      '--null',
      '--no-run-if-empty',
      '--verbose',
      '--interactive',
      '--exit',
      '--open-tty',
    ],
    valued: [
      '-a',
      '-d',
      '-E',
      '-I',
      '-L',
      '-n',
      '-P',
      '-s',
      '--arg-file',
      '--delimiter',
      '--eof',
      '--replace',
      '--max-lines',
      '--max-args',
      '--max-procs',
      '--max-chars',
      '--process-slot-var',
    ],
  },
};

/** Shells: `-c` makes the first operand a script; without `-c` or an operand they read stdin. */
const SHELLS: ReadonlySet<string> = new Set(['ash', 'bash', 'dash', 'ksh', 'mksh', 'sh', 'zsh']);
const SHELL_VALUED: ReadonlySet<string> = new Set([
  '-o',
  '+o',
  '-O',
  '+O',
  '--rcfile',
  '--init-file',
]);

/** Whether `name` is a program this module can look into. */
export function isShellWrapper(name: string): boolean {
  return (
    Object.hasOwn(COMMAND_WRAPPERS, name) ||
    SHELLS.has(name) ||
    name === 'eval' ||
    name === 'trap' ||
    name === 'find' ||
    name === '.' ||
    name === 'source'
  );
}

/** What `name args…` runs; `undefined` when `name` is not a wrapper (or runs nothing visible). */
export function unwrapCommand(name: string, args: readonly string[]): UnwrappedCommand | undefined {
  if (name === 'eval')
    return args.length === 0 ? undefined : { kind: 'script', index: 0, joinRest: true };
  if (name === 'trap') {
    // `trap 'cmd' SIGNAL…`; `trap -p`, `trap -l`, `trap - SIGNAL` run nothing.
    const first = args[0];
    if (first === '--') return args.length > 2 ? { kind: 'script', index: 1 } : undefined;
    return first === undefined || first.startsWith('-') || args.length < 2
      ? undefined
      : { kind: 'script', index: 0 };
  }
  if (name === 'find') return unwrapFindExec(args);
  if (name === '.' || name === 'source') return undefined;
  if (SHELLS.has(name)) return unwrapShell(args);
  const spec = Object.hasOwn(COMMAND_WRAPPERS, name) ? COMMAND_WRAPPERS[name] : undefined;
  if (spec === undefined) return undefined;
  if (
    name === 'command' &&
    args.some((arg) => arg === '-v' || arg === '-V' || /^-p?[vV]/.test(arg))
  )
    return undefined;
  return unwrapWithSpec(name, spec, args);
}

function unwrapWithSpec(name: string, spec: OptionSpec, args: readonly string[]): UnwrappedCommand {
  let operands = spec.operands ?? 0;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--') return commandAt(spec, index + 1, operands);
    if ((arg.startsWith('-') && arg !== '-') || (name === 'su' && arg === '-')) {
      if (spec.flags?.includes(arg)) continue;
      if (spec.numericFlag === true && /^-[0-9]+$/.test(arg)) continue;
      const [option, attached] = splitOption(arg);
      if (spec.scriptValued?.some((candidate) => optionMatches(candidate, option))) {
        if (attached !== undefined && attached !== '') return { kind: 'script', index };
        return index + 1 < args.length
          ? { kind: 'script', index: index + 1 }
          : { kind: 'unknown', reason: `${name} ${arg} without a value` };
      }
      if (spec.valued?.includes(option)) {
        if (attached === undefined) index += 1;
        continue;
      }
      return { kind: 'unknown', reason: `${name} option ${arg} is not known to the rules` };
    }
    if (spec.assignments === true && /^[A-Za-z_][A-Za-z0-9_]*=/.test(arg)) continue;
    if (operands > 0) {
      operands -= 1;
      continue;
    }
    return spec.joinAsScript === true
      ? { kind: 'script', index, joinRest: true }
      : { kind: 'command', start: index };
  }
  return { kind: 'command', start: args.length };
}

function commandAt(spec: OptionSpec, start: number, operands: number): UnwrappedCommand {
  const index = start + operands;
  return spec.joinAsScript === true
    ? { kind: 'script', index, joinRest: true }
    : { kind: 'command', start: index };
}

/** `-uroot` → [`-u`, `root`]; `--user=root` → [`--user`, `root`]; `-u` → [`-u`, undefined]. */
function splitOption(arg: string): [string, string | undefined] {
  if (arg.startsWith('--')) {
    const equals = arg.indexOf('=');
    return equals === -1 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
  }
  return arg.length > 2 ? [arg.slice(0, 2), arg.slice(2)] : [arg, undefined];
}

function optionMatches(candidate: string, option: string): boolean {
  return candidate === option;
}

function unwrapShell(args: readonly string[]): UnwrappedCommand {
  let script = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    if (arg === '--' || arg === '-') {
      const next = index + 1;
      if (script)
        return next < args.length
          ? { kind: 'script', index: next }
          : { kind: 'unknown', reason: '-c without a script' };
      return next < args.length ? { kind: 'command', start: args.length } : { kind: 'stdin' };
    }
    if (SHELL_VALUED.has(arg)) {
      index += 1;
      continue;
    }
    if (arg.startsWith('--')) continue;
    if (/^[-+][A-Za-z]+$/.test(arg)) {
      if (arg.startsWith('-') && arg.includes('c')) script = true;
      if (arg.startsWith('-') && arg.includes('s') && !script) return { kind: 'stdin' };
      continue;
    }
    // The first operand: the script (with -c) or a file to run.
    return script ? { kind: 'script', index } : { kind: 'command', start: args.length };
  }
  return script ? { kind: 'unknown', reason: '-c without a script' } : { kind: 'stdin' };
}

/** `find … -exec CMD … ;` (also `-execdir`, `-ok`, `-okdir`, ended by `;` or `+`). */
function unwrapFindExec(args: readonly string[]): UnwrappedCommand | undefined {
  const start = args.findIndex((arg) => ['-exec', '-execdir', '-ok', '-okdir'].includes(arg));
  if (start === -1) return undefined;
  const end = args.findIndex((arg, index) => index > start && (arg === ';' || arg === '+'));
  return { kind: 'command', start: start + 1, end: end === -1 ? args.length : end };
}
