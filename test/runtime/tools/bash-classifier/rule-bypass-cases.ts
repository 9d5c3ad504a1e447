/**
 * The cases of issue #27's shell classes, as data: a command, the session's rules and the
 * decision the permission layer must reach. `rule-bypass-cases.test.ts` holds each one; the same
 * table was run against the code before the fix for the lead's note.
 */
export interface RuleCase {
  readonly command: string;
  readonly mode?: 'default' | 'yolo';
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
  readonly decision: 'allow' | 'ask' | 'deny';
}

export type RuleClass = 'redirections' | 'in doubt' | 'global options' | 'text patterns';

const ECHO = ['Bash(echo:*)'];

/** Class 1: an allow rule covers a statement only when its redirections write nowhere. */
const REDIRECTIONS: readonly RuleCase[] = [
  { command: 'echo x > /tmp/outside/file', allow: ECHO, decision: 'ask' },
  { command: 'echo x >> ~/.bashrc', allow: ECHO, decision: 'ask' },
  { command: 'echo x > "$HOME/.profile"', allow: ECHO, decision: 'ask' },
  { command: 'echo x &> out.log', allow: ECHO, decision: 'ask' },
  { command: 'echo x &>> out.log', allow: ECHO, decision: 'ask' },
  { command: 'echo x >| out.txt', allow: ECHO, decision: 'ask' },
  { command: 'echo x 1>&2 > copy', allow: ECHO, decision: 'ask' },
  { command: 'echo x >& out.txt', allow: ECHO, decision: 'ask' },
  { command: 'echo x <> rw.txt', allow: ECHO, decision: 'ask' },
  { command: 'echo x > /dev/tcp/127.0.0.1/9', allow: ECHO, decision: 'ask' },
  { command: '{ echo x; } > out.txt', allow: ECHO, decision: 'ask' },
  { command: '(echo x) >> out.txt', allow: ECHO, decision: 'ask' },
  { command: 'echo a && echo b > out.txt', allow: ECHO, decision: 'ask' },
  { command: 'echo $(echo x > out.txt)', allow: ECHO, decision: 'ask' },
  { command: 'echo x > /dev/null', allow: ECHO, decision: 'allow' },
  { command: 'echo x 2>/dev/null', allow: ECHO, decision: 'allow' },
  { command: 'echo x &>/dev/null', allow: ECHO, decision: 'allow' },
  { command: 'echo x 2>&1', allow: ECHO, decision: 'allow' },
  { command: 'echo x >&2', allow: ECHO, decision: 'allow' },
  { command: 'echo x 2>&-', allow: ECHO, decision: 'allow' },
  { command: 'echo x < input.txt', allow: ECHO, decision: 'allow' },
  { command: 'echo x <<< word', allow: ECHO, decision: 'allow' },
  // The mode still decides: yolo runs it, and a deny rule still denies.
  { command: 'echo x > out.txt', mode: 'yolo', allow: ECHO, decision: 'allow' },
  { command: 'rm -rf x > out.txt', allow: ECHO, deny: ['Bash(rm:*)'], decision: 'deny' },
];

/** Class 2: an expansion that can run code makes the command in doubt. */
const DOUBT_COMMANDS = [
  'echo ${x@P}',
  'echo ${x@Q}',
  'echo ${x@E}',
  'echo ${x@A}',
  'echo ${x@a}',
  'echo "${x@P}"',
  'echo ${!x}',
  'echo ${!x@}',
  'echo $((x))',
  'echo $((x + 1))',
  'echo $[x]',
  'echo ${a[i]}',
  'echo ${a[$i]}',
  'echo ${x:i:1}',
  'echo ${x:0:n}',
  'echo ${x:-$(id)}',
  'echo ${x/a/$(id)}',
  'echo ${x:-$((y))}',
  'echo ok; ((x))',
  'echo ok; let x=y',
  'echo ok; for ((i=0; i<n; i++)); do echo $i; done',
  'echo ok; [[ $x -eq 1 ]]',
  'echo ok; [[ x -lt 2 ]]',
  'echo ok; [[ -v a[$i] ]]',
  'echo ok; a[$i]=1',
  'echo ok; test -v "$x"',
  'echo ok; [ -v "$x" ]',
  'echo ok; printf -v "$name" %s x',
  'echo ok; declare "$x"',
  'echo ok; export "$x"',
  'echo ok; local -i n=$x',
  'echo ok; read "$x"',
  'echo ok; unset "$x"',
  "echo ok; test -v $'a[\\x24(id)]'",
  "echo ok; printf -v $'a[\\x60id\\x60]' x",
  "$'\\x72\\x6d' -rf x",
  "eval $'rm\\x20-rf\\x20x'",
  "bash -c $'rm -rf x'",
  "echo ok; $'rm' x",
];
const IN_DOUBT: readonly RuleCase[] = DOUBT_COMMANDS.flatMap((command): RuleCase[] => [
  { command, allow: ['Bash(echo:*)', 'Bash(*)'], decision: 'ask' },
  { command, mode: 'yolo', deny: ['Bash(rm:*)'], decision: 'ask' },
]);
/** Inert expansions stay as they were: allowed by the rule that covers them. */
const INERT: readonly RuleCase[] = [
  'echo $x',
  'echo "$x"',
  'echo ${x}',
  'echo ${x:-default}',
  'echo ${x#prefix}',
  'echo ${#x}',
  'echo ${x:1:2}',
  'echo ${a[0]}',
  'echo ${a[@]}',
  'echo $((1 + 2))',
  "echo $'tab\\there'",
  'echo ok; [[ -f $x ]]',
  'echo ok; [[ 1 -eq 1 ]]',
  'echo ok; export PATH="$PATH:/opt/bin"',
].map((command) => ({
  command,
  allow: ['Bash(echo:*)', 'Bash([[:*)', 'Bash(export:*)'],
  decision: 'allow',
}));

/** Class 3: rules see the sub-command past the program's global options. */
const GIT = { allow: ['Bash(git:*)'], deny: ['Bash(git push:*)'] };
const GLOBAL_OPTIONS: readonly RuleCase[] = [
  { command: 'git -C . push --force', ...GIT, decision: 'deny' },
  { command: 'git -C. push --force', ...GIT, decision: 'deny' },
  { command: 'git --git-dir=.git push', ...GIT, decision: 'deny' },
  { command: 'git --git-dir .git --work-tree . push origin main', ...GIT, decision: 'deny' },
  { command: 'git --no-pager --namespace x push', ...GIT, decision: 'deny' },
  { command: 'git -c color.ui=never push', ...GIT, decision: 'deny' },
  { command: 'git -c k=v push', ...GIT, decision: 'deny' },
  { command: 'git --literal-pathspecs -C sub push -f', ...GIT, decision: 'deny' },
  { command: 'sudo git -C . push', ...GIT, allow: ['Bash(sudo:*)'], decision: 'deny' },
  { command: 'cd x && git -C .. push', ...GIT, decision: 'deny' },
  { command: 'git -C . status', ...GIT, decision: 'allow' },
  { command: 'git --version', ...GIT, decision: 'allow' },
  { command: 'npm -v', allow: ['Bash(npm:*)'], deny: ['Bash(npm publish:*)'], decision: 'allow' },
  {
    command: 'cargo --list',
    allow: ['Bash(cargo:*)'],
    deny: ['Bash(cargo publish:*)'],
    decision: 'allow',
  },
  { command: 'git -c color.ui=never log', ...GIT, decision: 'allow' },
  { command: "git -c alias.st='!rm -rf x' st", ...GIT, decision: 'ask' },
  { command: 'git -c core.pager=./evil log', ...GIT, decision: 'ask' },
  { command: 'git --exec-path=/tmp/x status', ...GIT, decision: 'ask' },
  { command: 'git --frobnicate push', ...GIT, decision: 'ask' },
  { command: 'git -C "$d" push', ...GIT, decision: 'ask' },
  { command: 'git -C $d status', ...GIT, decision: 'ask' },
  { command: 'git -c k=v branch -D x', deny: ['Bash(git branch:*)'], decision: 'deny' },
  { command: 'git -c k=v branch -D x', allow: ['Bash(git branch:*)'], decision: 'ask' },
  // An allow rule must cover the command as written too: left asking.
  { command: 'git -C . branch -D x', allow: ['Bash(git branch:*)'], decision: 'ask' },
];

/** Class 3, per program: `program GLOBAL-OPTIONS sub` meets `Bash(program sub:*)`. */
export const PER_PROGRAM: readonly (readonly [string, string, string])[] = [
  ['git', 'git -C repo --no-pager push origin', 'git push'],
  ['npm', 'npm --prefix ./pkg -g --registry http://127.0.0.1:1 publish', 'npm publish'],
  ['npm', 'npm -w app --silent install left-pad', 'npm install'],
  ['pnpm', 'pnpm -C pkg --filter app add x', 'pnpm add'],
  ['pnpm', 'pnpm --dir=pkg -r publish', 'pnpm publish'],
  ['yarn', 'yarn --cwd pkg --silent publish', 'yarn publish'],
  ['docker', 'docker --context prod -H tcp://h:2375 rm -f web', 'docker rm'],
  ['docker', 'docker --config ~/.d -l debug run --rm x', 'docker run'],
  ['podman', 'podman --root /x --log-level=debug rm c', 'podman rm'],
  ['kubectl', 'kubectl -n prod --context=prod delete pod x', 'kubectl delete'],
  ['kubectl', 'kubectl --kubeconfig ./k -v 9 apply -f x.yaml', 'kubectl apply'],
  ['cargo', 'cargo +nightly -q publish', 'cargo publish'],
  ['cargo', 'cargo -Z unstable-options -C sub publish', 'cargo publish'],
  ['go', 'go run ./cmd', 'go run'],
];

/** Class 4: `*` matches any text, `/` included. */
const TEXT_PATTERNS: readonly RuleCase[] = [
  { command: 'git push origin feature/login', deny: ['Bash(git push *)'], decision: 'deny' },
  { command: 'git push', deny: ['Bash(git push *)'], decision: 'deny' },
  {
    command: 'git push -f origin a/b/c',
    mode: 'yolo',
    deny: ['Bash(git push *)'],
    decision: 'deny',
  },
  { command: 'git pushx', mode: 'yolo', deny: ['Bash(git push *)'], decision: 'allow' },
  { command: 'cat /etc/ssl/private/key.pem', deny: ['Bash(cat /etc/*)'], decision: 'deny' },
  { command: 'npm run build:prod/x', allow: ['Bash(npm run *)'], decision: 'allow' },
  { command: 'touch src/a/b', allow: ['Bash(touch *)'], decision: 'allow' },
  { command: 'touchy', allow: ['Bash(touch *)'], decision: 'ask' },
  { command: 'git log --oneline', allow: ['Bash(git * --oneline)'], decision: 'allow' },
];

export const RULE_CASES: Readonly<Record<RuleClass, readonly RuleCase[]>> = {
  redirections: REDIRECTIONS,
  'in doubt': [...IN_DOUBT, ...INERT],
  'global options': [
    ...GLOBAL_OPTIONS,
    ...PER_PROGRAM.flatMap(([program, command, sub]): RuleCase[] => [
      { command, allow: [`Bash(${program}:*)`], deny: [`Bash(${sub}:*)`], decision: 'deny' },
    ]),
  ],
  'text patterns': TEXT_PATTERNS,
};

/** Class 6: rules that can never match, and rules that look alike but can. */
export const UNMATCHABLE_RULES: readonly (readonly [string, string | undefined])[] = [
  ['Bash(a && b)', 'write one rule per command: Bash(a), Bash(b)'],
  ['Bash(ls; rm x)', 'write one rule per command: Bash(ls), Bash(rm x)'],
  ['Bash(cat x | grep y)', 'write one rule per command: Bash(cat x), Bash(grep y)'],
  ['Bash(make || true)', 'write one rule per command: Bash(make), Bash(true)'],
  ['Bash(sleep 1 &)', 'write one rule per command: Bash(sleep 1)'],
  ['Bash(ls\nrm x)', 'write one rule per command: Bash(ls), Bash(rm x)'],
  [
    'Bash(npm test:* && npm run lint:*)',
    'write one rule per command: Bash(npm test:*), Bash(npm run lint:*)',
  ],
  ['Bash(ls > out.txt)', 'write Bash(ls)'],
  ['Bash(ls 2>/dev/null)', 'write Bash(ls)'],
  ['bash(cat < in.txt)', 'write Bash(cat)'],
  ['Bash( ls -la)', 'write Bash(ls -la)'],
  ['Bash(npm test )', 'write Bash(npm test)'],
  ["Bash(echo 'a && b')", undefined],
  ['Bash(git log --format="%h|%s")', undefined],
  ['Bash(grep a\\|b)', undefined],
  ['Bash(cat <(ls))', undefined],
  ['Bash(git push:*)', undefined],
  ['Read(a && b)', undefined],
];
