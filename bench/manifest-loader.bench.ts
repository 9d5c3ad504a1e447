/**
 * How fast the manifest front end is on the real project, side by side:
 * - loadManifestSet (parse + validate + cross-checks of every manifest), first call and warm;
 * - checkHookExports as shipped (syntactic export scan) against the obvious alternative, asking the
 *   type checker (`getExportedDeclarations()`), which builds a program over the generated modules
 *   and zod.
 *
 * Run: node --import tsx bench/manifest-loader.bench.ts
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WARM_RUNS = 10;

async function time<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

async function median(run: () => Promise<unknown>, runs = WARM_RUNS): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < runs; index += 1) samples.push((await time(run)).ms);
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)]!;
}

const format = (ms: number): string => `${ms.toFixed(1).padStart(8)} ms`;

const importLoader = await time(() => import('../generator/manifest/load-manifest-set.js'));
const { loadManifestSet } = importLoader.value;
const first = await time(() => loadManifestSet(PROJECT_ROOT));
if (!first.value.ok)
  throw new Error('the project manifests do not load; fix them before benchmarking');
const tools = first.value.set.tools;
const warmLoad = await median(() => loadManifestSet(PROJECT_ROOT));

const importMorph = await time(() => import('ts-morph'));
const { checkHookExports } = await import('../generator/audit/check-hook-exports.js');
const syntacticFirst = await time(() => checkHookExports(PROJECT_ROOT, tools));
const syntacticWarm = await median(() => checkHookExports(PROJECT_ROOT, tools));

/** The alternative: one Project, exports through the type checker. */
async function checkerExports(): Promise<number> {
  const { Project, ts } = importMorph.value;
  const project = new Project({
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
    },
    skipAddingFilesFromTsConfig: true,
  });
  const files = [
    ...new Set(
      tools.map((tool) => path.join(PROJECT_ROOT, 'runtime', 'tools', `${tool.implementation}.ts`)),
    ),
  ];
  let count = 0;
  for (const file of files)
    count += project.addSourceFileAtPath(file).getExportedDeclarations().size;
  return count;
}
const checkerFirst = await time(checkerExports);
const checkerWarm = await median(checkerExports, 3);

console.log(`manifest front end, ${tools.length} tools (${first.value.set.files.length} files)`);
console.log(`  import loader modules (yaml, zod, schema)   ${format(importLoader.ms)}`);
console.log(`  loadManifestSet, first call                 ${format(first.ms)}`);
console.log(`  loadManifestSet, warm (median of ${WARM_RUNS})        ${format(warmLoad)}`);
console.log(`  import ts-morph                             ${format(importMorph.ms)}`);
console.log('  hook exports             syntactic (shipped)   type checker');
console.log(
  `    first call             ${format(syntacticFirst.ms)}        ${format(checkerFirst.ms)}`,
);
console.log(`    warm (median)          ${format(syntacticWarm)}        ${format(checkerWarm)}`);
console.log(
  `    ratio (warm)           1x                   ${(checkerWarm / syntacticWarm).toFixed(1)}x`,
);
