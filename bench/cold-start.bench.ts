/**
 * Starting processes, each spawned and waited for the same way, in interleaved rounds (rows
 * cold-start and cli-list of the performance table; see support/bench-rows.ts):
 * - cold-start: a host process that imports the packages by their names
 *   (`@tool-contracts/runtime`, `@tool-contracts/tools`: whatever the exports maps serve; with
 *   `--import tsx` only while they serve TypeScript), builds the runtime and lists the tools once
 *   (support/cold-start-runtime.mjs) vs the MCP SDK server module a server author would ship
 *   for the same tools, which imports the SDK and zod, registers them and answers one
 *   `tools/list` (support/write-sdk-server-module.ts);
 * - cli-list: `node bin/tool-contracts.js list --json` vs `node -e 0`.
 *
 * Every process of both rows starts without NODE_EXTRA_CA_CERTS, the same for both sides: with
 * it, Node reads and parses that file of certificates before the first line of any script
 * (≈ 55 ms per process on the 2-core machine this bench was written on, where it names the
 * system's whole bundle), a cost of the machine that neither side's code has. Added to both
 * sides, it pulls every ratio towards 1: cold-start's up, cli-list's down. When it is set, the
 * notes say what it costs here (`node -e 0` with it and without, interleaved).
 *
 * Run: node --import tsx bench/cold-start.bench.ts [cold-start|cli-list …]
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDistFresh } from '../bin/dist-freshness.js';
import { builtInTools } from '../generated/index.js';
import { SORTED_PROVIDER_TOOL_NAMES } from '../generated/provider-order.js';
import { createToolRuntime } from '../runtime/index.js';
import { rowsToMeasure } from './support/bench-rows.js';
import { compareProcesses } from './support/compare-interleaved.js';
import type { RowResult } from './support/format-bench-table.js';
import { BENCH_MODEL, LARGEST_GATE, SILENT } from './support/largest-tool-set.js';
import { reportRows, rowResult } from './support/report-bench-rows.js';
import { median } from './support/round-ratios.js';
import { writeSdkServerModule } from './support/write-sdk-server-module.js';

const wanted = rowsToMeasure('cold-start', process.argv.slice(2));
const results: RowResult[] = [];
const root = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const ROUNDS = { rounds: 11, warmUp: 1 } as const;
const { NODE_EXTRA_CA_CERTS: extraCaCerts, ...env } = process.env;
/** What the notes say of NODE_EXTRA_CA_CERTS (see the top of this file), measured once. */
let certificates = '';
if (extraCaCerts !== undefined && wanted.size > 0) {
  const { ours, anchor } = await compareProcesses(
    {
      ours: { command: node, args: ['-e', '0'], cwd: root, env },
      anchor: { command: node, args: ['-e', '0'], cwd: root },
    },
    ROUNDS,
  );
  certificates = `; run without NODE_EXTRA_CA_CERTS (set here: \`node -e 0\` takes ${median(anchor).toFixed(1)} ms with it, ${median(ours).toFixed(1)} ms without)`;
}
/**
 * What dist/ is, for the notes: both rows measure it (the exports map serves it; the bin runs
 * it only while fresh, else tsx), so a stale one must be said, not passed off as the build.
 */
const dist = !existsSync(path.join(root, 'dist'))
  ? 'absent'
  : isDistFresh(root)
    ? 'fresh'
    : 'stale';

if (wanted.has('cold-start')) {
  const runtime = createToolRuntime({
    builtInTools,
    sortedProviderToolNames: SORTED_PROVIDER_TOOL_NAMES,
    gate: LARGEST_GATE,
    logger: SILENT,
  });
  const count = runtime.getTools({ model: BENCH_MODEL }).length;
  const listsAll = (side: string) => (stdout: string) => {
    if (stdout !== String(count)) throw new Error(`${side} listed ${stdout} of ${count} tools`);
  };
  // Resolved by a plain Node process, as a host's: this one runs under tsx, which resolves the
  // name through tsconfig.json's paths to the sources.
  const servesTypeScript = execFileSync(
    node,
    [
      '--input-type=module',
      '-e',
      "process.stdout.write(import.meta.resolve('@tool-contracts/runtime'))",
    ],
    { cwd: root, encoding: 'utf8' },
  ).endsWith('.ts');
  const directory = await mkdtemp(path.join(tmpdir(), 'cold-start-bench-'));
  try {
    const sdkModule = await writeSdkServerModule(directory, runtime, BENCH_MODEL);
    const comparison = await compareProcesses(
      {
        ours: {
          command: node,
          args: [
            ...(servesTypeScript ? ['--import', 'tsx'] : []),
            path.join(root, 'bench/support/cold-start-runtime.mjs'),
            JSON.stringify({ gate: LARGEST_GATE, model: BENCH_MODEL }),
          ],
          cwd: root,
          env,
          check: listsAll('ours'),
        },
        anchor: { command: node, args: [sdkModule], cwd: root, env, check: listsAll('the SDK') },
      },
      ROUNDS,
    );
    results.push(
      rowResult(
        'cold-start',
        comparison,
        `${count} tools on both sides; the exports map serves ${servesTypeScript ? 'TypeScript (run with --import tsx)' : `JavaScript from a ${dist} dist/${dist === 'fresh' ? '' : ' (older than the sources: npm run build)'}`}${certificates}`,
      ),
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

if (wanted.has('cli-list')) {
  const comparison = await compareProcesses(
    {
      ours: {
        command: node,
        args: ['bin/tool-contracts.js', 'list', '--json'],
        cwd: root,
        env,
        check: (stdout) => void JSON.parse(stdout),
      },
      anchor: { command: node, args: ['-e', '0'], cwd: root, env },
    },
    ROUNDS,
  );
  results.push(
    rowResult(
      'cli-list',
      comparison,
      (dist === 'fresh'
        ? 'dist/ fresh: the bin ran the build'
        : `dist/ ${dist}: the bin ran the sources through tsx, not the build (npm run build)`) +
        certificates,
    ),
  );
}

reportRows('cold-start', results);
