import { describe, expect, test } from 'vitest';
import { tool } from '../../../../generated/tools/bash.js';
import {
  evaluatePermission,
  type PermissionMode,
} from '../../../../runtime/call-path/permission/evaluate-permission.js';
import { parsePermissionRule } from '../../../../runtime/core/rules/parse-permission-rule.js';
import { classifyShellCommand } from '../../../../runtime/tools/bash-classifier/classify-shell-command.js';

// Bash's permission hooks run the module a call loads first (as callTool awaits it).
await tool.loadImplementation?.();

// Commands that a split-then-match classifier took for read-only although bash writes, deletes,
// runs a program or opens a connection with them. Each must be ordinary Bash (ask).
describe('adversarial commands are never read-only', () => {
  test.each([
    // Brace expansion into options or extra operands.
    ['sort {-o,out.txt} names.txt'],
    ['sort -{o,} out.txt names.txt'],
    ['uniq in.txt {out,}.txt'],
    ['echo {a..c}'],
    // Parameter and IFS expansion.
    ['sort $OPT names.txt'],
    ['sort "$OPT" names.txt'],
    ['IFS=o; sort -$IFS out.txt names.txt'],
    ['sort ${X:-"-o"} out names.txt'],
    ['ls ${PATH//:/ }'],
    ['cat $HOME/.bashrc'],
    ["sort $'-o' out names.txt"],
    ['echo $"hello"'],
    // Globs that may expand into option names (a file called `-o…` or `--output=…`).
    ['sort * names.txt'],
    ['sort ./names* -- *'],
    ['ls -- *'],
    ['cat ?ut'],
    ['grep x [-]o'],
    ['wc ~*'],
    ['uniq a*'],
    ['git rev-parse HEAD*'],
    // Array subscripts bash evaluates.
    ["test -v 'a[$(rm -rf x)]'"],
    ["[ -v 'a[$(touch pwned)]' ]"],
    ["printf -v 'a[$(rm x)]' %s y"],
    ['printf -v x %s y'],
    ['[[ -v a[$(rm x)] ]]'],
    ['(( a[$(rm x)] ))'],
    ['echo $(( a[$(rm x)] ))'],
    // Comments: bash's rules, not a split's.
    ['echo a\\ #b; rm x'],
    ['echo a\\#b;rm x'],
    ['echo "#"; rm x'],
    ["echo '#' && rm x"],
    ['echo x#y;rm x'],
    // Options after `--` that the program still reads.
    ['find -- . -delete'],
    ['find . -- -exec rm {} +'],
    ['sort -- -o out names.txt'],
    ['xxd -- -r in out'],
    // Git sub-commands that write or run repository-configured programs.
    ['git status'],
    ['git diff'],
    ['git log -p'],
    ['git show HEAD'],
    ['git blame README.md'],
    ['git grep x'],
    ['git ls-files'],
    ['git stash list'],
    ['git describe --dirty'],
    ['git cat-file --textconv HEAD:a.txt'],
    ['git rev-parse :a.txt'],
    ['git tag -v v1'],
    ['git branch --format=%(signature)'],
    ['git -c core.fsmonitor=./evil rev-parse HEAD'],
    ['git --exec-path=/tmp rev-parse HEAD'],
    ['git -p rev-parse HEAD'],
    ['git diff --output=x'],
    // Programs that write report files or run helpers.
    ['sort -o out names.txt'],
    ['sort --outp=out names.txt'],
    ['sort --compress-program=./evil names.txt'],
    ['tree -o report.txt'],
    ['find . -fprint out'],
    ['rg --pre ./evil x'],
    ['rg --hostname-bin ./evil x'],
    ['file -C -m magic'],
    // Redirections to devices, read-write opens, descriptors named by variables.
    ['cat </dev/tcp/127.0.0.1/80'],
    ['cat < /dev/udp/127.0.0.1/53'],
    ['echo hi >/dev/tcp/127.0.0.1/80'],
    ['cat <> file'],
    ['ls {fd}>out'],
    ['ls >&out'],
    ['ls > "$(rm x)"'],
    ['cat <<EOF\n$(rm x)\nEOF'],
    // Anything that is not a plain pipeline of known commands.
    ['coproc ls'],
    ['f() { rm x; }; f'],
    ['for f in a; do rm $f; done'],
    ['if true; then rm x; fi'],
    ['time rm x'],
    ['declare -a x'],
    ['a=1'],
    ['echo "unterminated'],
    ['ls; (rm x)'],
    ['echo `rm x`'],
    ['cat <(rm x)'],
    ['ls >(rm x)'],
  ])('%j', (command) => {
    const analysis = classifyShellCommand(command);
    expect(analysis.readOnly).toBe(false);
    expect(analysis.reason).toEqual(expect.any(String));
    expect(tool.resolvePermissionCapability?.({ command, run_in_background: false })).toBe(
      undefined,
    );
  });

  test.each([
    ['ls -la src'],
    ['wc -l src/*.ts'],
    ['cat docs/*.md | grep -c x'],
    ['echo "a\\$b" \'$c\''],
    ['echo a\\ b \\*'],
    ['find . -name "*.ts" -type f'],
    ['git rev-parse --show-toplevel'],
    ['git -C sub ls-tree HEAD'],
    ['cat <<EOF\nplain text\nEOF'],
    ['cat <<<"x" | wc -c'],
    ['ls 2>/dev/null || echo none &'],
    ['ls # rm x'],
    ['test -f a.txt && echo yes'],
    ['printf "%s\\n" a b'],
  ])('%j stays read-only', (command) => {
    expect(classifyShellCommand(command)).toMatchObject({ readOnly: true });
  });
});

const rm = parsePermissionRule('Bash(rm:*)');
const decide = (command: string, mode: PermissionMode = 'yolo', allow: string[] = []) =>
  evaluatePermission(
    tool,
    { command, run_in_background: false },
    { mode, deny: [rm], allow: allow.map((rule) => parsePermissionRule(rule)) },
  );

describe('deny rules look inside wrappers', () => {
  test.each([
    ['rm x'],
    ['bash -c "rm x"'],
    ["sh -c 'rm -rf x'"],
    ['bash -xec "echo hi; rm x"'],
    ['bash -o pipefail -c "rm x"'],
    ['zsh -c "ls && rm x"'],
    ['eval "rm x"'],
    ['eval rm x'],
    ['xargs rm < list'],
    ['xargs -0 -n 1 rm -f < list'],
    ['xargs -I{} rm {} < list'],
    ['env rm x'],
    ['env -i FOO=1 rm x'],
    ['env -u HOME rm x'],
    ['env -S "rm x"'],
    ['exec rm x'],
    ['exec -a name rm x'],
    ['nice rm x'],
    ['nice -n 5 rm x'],
    ['nice -10 rm x'],
    ['time rm x'],
    ['time -p rm x'],
    ['command rm x'],
    ['command -p rm x'],
    ['builtin eval rm x'],
    ['sudo rm x'],
    ['sudo -u root -- rm x'],
    ['timeout 5 rm x'],
    ['timeout -s KILL 5 rm x'],
    ['nohup rm x &'],
    ['setsid rm x'],
    ['stdbuf -o L rm x'],
    ['doas rm x'],
    ['watch rm x'],
    ['su -c "rm x" root'],
    ['find . -exec rm {} \\;'],
    ['find . -name a -exec echo {} \\; -exec rm {} +'],
    ['sudo env bash -c "nice rm x"'],
    ['trap "rm x" EXIT'],
    ['FOO=1 rm x'],
    ["'rm' x"],
    ['r""m x'],
    ['\\rm x'],
    ['echo $(rm x)'],
    ['echo "$(rm x)"'],
    ['echo `rm x`'],
    ['cat <(rm x)'],
    ['f() { rm x; }; f'],
    ['for i in 1; do rm x; done'],
    ['ls > "$(rm x)"'],
    ['cat <<EOF\n$(rm x)\nEOF'],
    ['echo ${a:-$(rm x)}'],
    ['ls\nrm x'],
    ['ls;rm x'],
    ['ls&&rm x'],
    ['(rm x)'],
    ['{ rm x; }'],
    // A program or a wrapper named by its path (found by the generated suite).
    ['/bin/rm x'],
    ['/usr/bin/rm -rf x'],
    ['./rm x'],
    ['/usr/bin/env rm x'],
    ['/bin/bash -c "rm x"'],
    ['/usr/bin/sudo /bin/rm x'],
  ])('%j meets Bash(rm:*) even in yolo mode', (command) => {
    expect(decide(command)).toMatchObject({ decision: 'deny', reason: 'denyRule' });
  });

  test.each([
    ['$CMD x', 'the command name $CMD is expanded by bash'],
    ['"$(echo rm)" x', 'the command name "$(echo rm)" is expanded by bash'],
    ['echo "rm x" | bash', 'bash reads a script from standard input'],
    ['bash < script.sh', 'bash reads a script from standard input'],
    ['bash -s < script.sh', 'bash reads a script from standard input'],
    ['bash -c "$SCRIPT"', 'bash runs a script that bash expands first'],
    ['eval "$X"', 'eval runs a script that bash expands first'],
    ['xargs --weird rm', 'xargs option --weird is not known to the rules'],
    ['sudo --weird rm x', 'sudo option --weird is not known to the rules'],
    ["test -v 'a[$(rm x)]'", 'test evaluates quoted text'],
    ["[[ -v 'a[$(rm x)]' ]]", `"[[ -v 'a[$(rm x)]' ]]" evaluates quoted text`],
    ['echo "unterminated', 'cannot be parsed (1:6: reached EOF without closing quote ")'],
    ['bash -c "echo \'x"', "cannot be parsed (1:6: reached EOF without closing quote ')"],
    [`echo ${'$('.repeat(3000)}x${')'.repeat(3000)}`, 'nested too deeply to analyse'],
    [`echo ${'a'.repeat(100_001)}`, 'longer than 100000 characters, not analysed'],
    [`${'bash -c "'.repeat(1)}${'eval '.repeat(12)}rm x"`, 'wrappers nested too deeply to analyse'],
  ])('%j is in doubt: %s', (command, uncertain) => {
    expect(classifyShellCommand(command).uncertain).toBe(uncertain);
    // No mode lets a command in doubt through while a pattern deny rule is in force…
    expect(decide(command, 'yolo')).toMatchObject({ decision: 'ask', reason: 'uncertainCommand' });
    // …and no allow rule allows it.
    expect(decide(command, 'default', ['Bash', 'Bash(echo:*)'])).not.toMatchObject({
      decision: 'allow',
    });
  });

  test('an allow rule covers a wrapped command only when it covers the inner command too', () => {
    expect(decide('nice ls', 'default', ['Bash(nice:*)'])).toMatchObject({ decision: 'ask' });
    expect(decide('nice ls', 'default', ['Bash(nice:*)', 'Bash(ls:*)'])).toMatchObject({
      decision: 'allow',
      reason: 'allowRule',
    });
  });

  test.each([['command -v rm'], ['type rm'], ['echo rm x'], ['grep "rm x" notes'], ['ls rm']])(
    '%j names rm without running it: not denied',
    (command) => {
      expect(decide(command, 'default').decision).not.toBe('deny');
    },
  );
});
