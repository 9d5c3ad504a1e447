import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { run } from '../../cli/list-command.js';
import { forbidModules } from '../support/forbid-modules.js';

const execFileAsync = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');

async function list(args: string[], cwd = root) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(args, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    cwd,
    color: false,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The tool names of a text listing, in order. */
function namesIn(listing: string): string[] {
  return listing
    .split('\n')
    .filter((line) => /^\s*\d+\s{2}\S/.test(line))
    .map((line) => line.trim().split(/\s+/)[1]!);
}

const REFERENCE = [
  'AskUserQuestion',
  'Bash',
  'Edit',
  'EnterPlanMode',
  'ExitPlanMode',
  'Read',
  'TaskOutput',
  'TaskStop',
  'TodoWrite',
  'WebFetch',
  'Write',
];
const WORKFLOWS = [
  'ListModels',
  'CreateWorkflow',
  'AmendWorkflow',
  'SaveWorkflow',
  'EvalWorkflowSnippet',
  'ListWorkflowRuns',
  'GetWorkflowRun',
  'ResumeWorkflowRun',
  'ResolveWorkflowQuestion',
  'ListSavedWorkflows',
];
const DEFAULT_MAIN = [...REFERENCE, 'TodoRead', 'ReadSessionContext', ...WORKFLOWS];
/** The reference block of a protocol host: Cron's three reference tools sort in. */
const PROTOCOL_REFERENCE = [
  ...REFERENCE.slice(0, 2),
  'CronCreate',
  'CronDelete',
  'CronList',
  ...REFERENCE.slice(2),
];

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-contracts-list-'));
  await writeFile(
    join(directory, 'github.json'),
    JSON.stringify({
      tools: [
        {
          name: 'search_issues',
          annotations: { readOnlyHint: true },
          inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
        },
        { name: 'create issue', inputSchema: { type: 'object' } },
      ],
    }),
  );
  await writeFile(
    join(directory, 'alpha.json'),
    JSON.stringify([{ name: 'ping', inputSchema: { type: 'object' } }]),
  );
  await writeFile(
    join(directory, 'rpc.json'),
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'x', inputSchema: { type: 'object' } }] },
    }),
  );
  await writeFile(join(directory, 'broken.json'), '{"tools": [');
  await writeFile(join(directory, 'shape.json'), '{"items": []}');
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('tool-contracts list', () => {
  test.each([
    { title: 'default: main session of a terminal host, in order', args: [], want: DEFAULT_MAIN },
    {
      title: '--session subagent --toolset explore',
      args: ['--session', 'subagent', '--toolset', 'explore'],
      want: ['Bash', 'Read', 'TodoWrite', 'WebFetch', 'RespondToCoordinator'],
    },
    {
      title: '--deny Bash: Glob and Grep appear',
      args: ['--deny', 'Bash'],
      want: [
        'AskUserQuestion',
        'Edit',
        'EnterPlanMode',
        'ExitPlanMode',
        'Glob',
        'Grep',
        'Read',
        'TaskOutput',
        'TaskStop',
        'TodoWrite',
        'WebFetch',
        'Write',
        'TodoRead',
        'ReadSessionContext',
        ...WORKFLOWS,
      ],
    },
    {
      title:
        '--host protocol: no workflow tools, the Cron tools always (the host injects the port)',
      args: ['--host', 'protocol'],
      want: [...PROTOCOL_REFERENCE, 'TodoRead', 'ReadSessionContext', 'CronUpdate'],
    },
    {
      title: '--host protocol --flag dynamicWorkflows: workflow tools back',
      args: ['--host', 'protocol', '--flag', 'dynamicWorkflows'],
      want: [
        ...PROTOCOL_REFERENCE,
        'TodoRead',
        'ReadSessionContext',
        'ListModels',
        'CronUpdate',
        ...WORKFLOWS.slice(1),
      ],
    },
    {
      title: '--flag dynamicWorkflows=false on a terminal',
      args: ['--flag', 'dynamicWorkflows=false'],
      want: [...REFERENCE, 'TodoRead', 'ReadSessionContext'],
    },
    {
      title: '--port cron: the Cron tools',
      args: ['--port', 'cron'],
      want: [
        'AskUserQuestion',
        'Bash',
        'CronCreate',
        'CronDelete',
        'CronList',
        ...REFERENCE.slice(2),
        'TodoRead',
        'ReadSessionContext',
        'ListModels',
        'CronUpdate',
        ...WORKFLOWS.slice(1),
      ],
    },
    {
      title: '--port cron --turn cron: only CronList of them',
      args: ['--port', 'cron', '--turn', 'cron'],
      want: [
        'AskUserQuestion',
        'Bash',
        'CronList',
        ...REFERENCE.slice(2),
        'TodoRead',
        'ReadSessionContext',
        ...WORKFLOWS,
      ],
    },
    {
      title: '--port subagent,subagentMessaging --turn off-peak: SendMessage dropped',
      args: ['--port', 'subagent,subagentMessaging', '--turn', 'off-peak'],
      want: ['Agent', ...REFERENCE, 'TodoRead', 'ReadSessionContext', ...WORKFLOWS],
    },
    {
      title: '--native-search shows WebSearch',
      args: ['--native-search', '--allow', 'Read,WebSearch'],
      want: ['Read', 'WebSearch'],
    },
    {
      title: '--allow repeatable',
      args: ['--allow', 'Read', '--allow', 'Write,TodoRead'],
      want: ['Read', 'Write', 'TodoRead'],
    },
    {
      title: '--disallow Bash(rm:*) keeps Bash',
      args: ['--disallow', 'Bash(rm:*)', '--allow', 'Bash,Read'],
      want: ['Bash', 'Read'],
    },
    {
      title: '--disallow Bash removes it',
      args: ['--disallow', 'Bash', '--allow', 'Bash,Read,Grep'],
      want: ['Grep', 'Read'],
    },
    {
      title: '--no-embedded-search: Glob and Grep next to Bash',
      args: ['--no-embedded-search', '--allow', 'Bash,Glob,Grep'],
      want: ['Bash', 'Glob', 'Grep'],
    },
    {
      title: '--flag nodeRepl: js',
      args: ['--flag', 'nodeRepl=true', '--allow', 'js,Read'],
      want: ['Read', 'js'],
    },
    {
      title: '--session workflowActor',
      args: ['--session', 'workflowActor', '--allow', 'Read,submit_result,escalate'],
      want: ['Read', 'submit_result', 'escalate'],
    },
  ])('$title', async ({ args, want }) => {
    const result = await list(args);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(namesIn(result.out)).toEqual(want);
  });

  test('--mcp FILE adds the saved tools/list as a server named after the file, sorted, after the built-ins', async () => {
    const result = await list(
      [
        '--allow',
        'Read,mcp__github__search_issues,mcp__github__create_issue,mcp__alpha__ping,mcp__rpc__x',
        '--mcp',
        join(directory, 'github.json'),
        '--mcp',
        'alpha.json',
        '--mcp',
        `rpc=${join(directory, 'rpc.json')}`,
      ],
      directory,
    );
    expect(result.code).toBe(0);
    expect(namesIn(result.out)).toEqual([
      'Read',
      'mcp__alpha__ping',
      'mcp__github__create_issue',
      'mcp__github__search_issues',
      'mcp__rpc__x',
    ]);
  });

  test('the text listing: header, one line per tool with its byte size, total and fingerprint', async () => {
    const result = await list(['--allow', 'Read,TodoRead']);
    const json = JSON.parse((await list(['--allow', 'Read,TodoRead', '--json'])).out) as {
      fingerprint: string;
      tools: unknown[];
    };
    const { canonicalJson } = await import('../../runtime/core/visibility/tools-fingerprint.js');
    const sizes = json.tools.map((tool) => Buffer.byteLength(canonicalJson(tool)));
    expect(result.out.split('\n')).toEqual([
      'main session, terminal host, model unspecified: 2 tools',
      '#  name      bytes',
      `1  Read      ${String(sizes[0]).padStart(5)}`,
      `2  TodoRead  ${String(sizes[1]).padStart(5)}`,
      `total: ${sizes[0]! + sizes[1]!} bytes`,
      `fingerprint: sha256:${json.fingerprint}`,
    ]);
  });

  test('--json prints the exact contracts; --pdf shows Read pages', async () => {
    const plain = JSON.parse((await list(['--allow', 'Read', '--json'])).out);
    const pdf = JSON.parse((await list(['--allow', 'Read', '--json', '--pdf'])).out);
    expect(plain.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(plain.tools.map((tool: { name: string }) => tool.name)).toEqual(['Read']);
    expect(Object.keys(plain.tools[0].inputSchema.properties)).not.toContain('pages');
    expect(Object.keys(pdf.tools[0].inputSchema.properties)).toContain('pages');
    expect(pdf.fingerprint).not.toBe(plain.fingerprint);
  });

  test('--help', async () => {
    const result = await list(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Usage: tool-contracts list \[options\]/);
  });

  test.each([
    {
      args: ['--session', 'bogus'],
      message:
        'tool-contracts list: --session must be one of main, subagent, workflowChild, workflowActor; got "bogus"',
    },
    {
      args: ['--toolset', 'all'],
      message: 'tool-contracts list: --toolset must be one of default, explore; got "all"',
    },
    {
      args: ['--host', 'web'],
      message: 'tool-contracts list: --host must be one of terminal, protocol; got "web"',
    },
    {
      args: ['--port', 'cron,ftp'],
      message:
        'tool-contracts list: --port must be one of cron, offPeak, subagent, subagentMessaging, skill; got "ftp"',
    },
    {
      args: ['--flag', 'turbo'],
      message:
        'tool-contracts list: --flag must be one of skill, subagent, mcp, dynamicWorkflows, nodeRepl, toolSearch; got "turbo"',
    },
    {
      args: ['--flag', 'nodeRepl=yes'],
      message: 'tool-contracts list: --flag nodeRepl must be one of true, false; got "yes"',
    },
    {
      args: ['--turn', 'nightly'],
      message: 'tool-contracts list: --turn must be one of cron, off-peak; got "nightly"',
    },
    {
      args: ['--disallow', 'Bash('],
      message:
        'tool-contracts list: --disallow: permission rule "Bash(": expected the pattern to end with ")"',
    },
    {
      args: ['--mcp', 'missing.json'],
      message: 'tool-contracts list: --mcp <dir>/missing.json: cannot read the file (ENOENT)',
    },
    {
      args: ['--mcp', 'broken.json'],
      message: /^tool-contracts list: --mcp <dir>\/broken\.json: not valid JSON \(.+\)$/,
    },
    {
      args: ['--mcp', 'shape.json'],
      message:
        'tool-contracts list: --mcp <dir>/shape.json: expected a tools/list result ({"tools": [...]}) or an array of tools',
    },
    { args: ['--bogus'], message: 'tool-contracts list: unknown option "--bogus"' },
    {
      args: ['--sesion', 'main'],
      message: 'tool-contracts list: unknown option "--sesion" (did you mean "--session"?)',
    },
    { args: ['extra'], message: 'tool-contracts list: unexpected argument "extra"' },
  ])('usage error $args → exit 2', async ({ args, message }) => {
    const result = await list(args, directory);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    const first = result.err.split('\n')[0]!.replaceAll(directory, '<dir>');
    if (typeof message === 'string') expect(first).toBe(message);
    else expect(first).toMatch(message);
    expect(result.err).toContain('Usage: tool-contracts list [options]');
  });
});

describe('tool-contracts list counts', () => {
  test.each([
    { allow: 'Read', count: '1 tool' },
    { allow: 'Read,Write', count: '2 tools' },
  ])('--allow $allow → "$count"', async ({ allow, count }) => {
    const result = await list(['--allow', allow]);
    expect(result.code).toBe(0);
    expect(result.out.split('\n')[0]).toMatch(new RegExp(`: ${count}$`));
  });
});

describe('tool-contracts list as a process', () => {
  const bin = join(root, 'bin', 'tool-contracts.js');
  // Fails any ESM import of ts-morph (or the TypeScript compiler it wraps), and of the libraries
  // only some tool calls need (pdf-lib for PDF pages, turndown for HTML, diff for previews):
  // listing tools must load none of them.
  const forbidTsMorph = forbidModules(/^(ts-morph|typescript|pdf-lib|turndown|diff)(\/|$)/);

  test('the guard really stops ts-morph (control)', async () => {
    await expect(
      execFileAsync(
        process.execPath,
        ['--import', forbidTsMorph, '--input-type=module', '-e', "await import('ts-morph')"],
        { cwd: root },
      ),
    ).rejects.toThrow(/forbidden import: ts-morph/);
    await expect(
      execFileAsync(
        process.execPath,
        [
          '--import',
          forbidTsMorph,
          '--input-type=module',
          '-e',
          "import { createRequire } from 'node:module'; createRequire(import.meta.url)('diff');",
        ],
        { cwd: root },
      ),
    ).rejects.toThrow(/forbidden require: diff/);
  });

  test('lists without loading ts-morph or per-call libraries, and the fingerprint is identical across runs', async () => {
    const args = [
      '--import',
      forbidTsMorph,
      bin,
      'list',
      '--port',
      'cron',
      '--mcp',
      join(directory, 'github.json'),
    ];
    const first = await execFileAsync(process.execPath, args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const second = await execFileAsync(process.execPath, args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const fingerprint = (output: string) =>
      /^fingerprint: sha256:([0-9a-f]{64})$/m.exec(output)?.[1];
    expect(fingerprint(first.stdout)).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint(second.stdout)).toBe(fingerprint(first.stdout));
    expect(second.stdout).toBe(first.stdout);
    expect(namesIn(first.stdout).slice(-2)).toEqual([
      'mcp__github__create_issue',
      'mcp__github__search_issues',
    ]);
  });

  test('exit code 2 for a bad value', async () => {
    await expect(
      execFileAsync(process.execPath, [bin, 'list', '--host', 'web'], { cwd: root }),
    ).rejects.toMatchObject({ code: 2 });
  });
});

describe('list --provider: parallel calls stay on unless --serial', () => {
  test.each([
    { provider: 'anthropic', flags: [], want: {} },
    {
      provider: 'anthropic',
      flags: ['--serial'],
      want: { tool_choice: { type: 'auto', disable_parallel_tool_use: true } },
    },
    { provider: 'openai', flags: [], want: {} },
    { provider: 'openai', flags: ['--serial'], want: { parallel_tool_calls: false } },
    { provider: 'openai-responses', flags: ['--serial'], want: { parallel_tool_calls: false } },
    { provider: 'gemini', flags: ['--serial'], want: {} },
  ])('$provider $flags → $want besides tools', async ({ provider, flags, want }) => {
    const { code, out } = await list(['--provider', provider, '--json', ...flags]);
    expect(code).toBe(0);
    const { tools: _tools, ...rest } = JSON.parse(out).request as Record<string, unknown>;
    expect(rest).toEqual(want);
  });
});
