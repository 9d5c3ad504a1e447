/**
 * `npm run bench`: run every benchmark in this folder, one after another (never in parallel:
 * each compares figures side by side within its own run, and a neighbour would skew them).
 *
 * Run: npm run bench [-- NAME …]   e.g. `npm run bench -- generate call` runs
 * bench/generate.bench.ts and bench/call.bench.ts only.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const folder = import.meta.dirname;
const available = readdirSync(folder)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.slice(0, -'.bench.ts'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(
    `bench: no benchmark named ${unknown.join(', ')}; available: ${available.join(', ')}`,
  );
  process.exit(2);
}

let failed = 0;
for (const name of wanted.length > 0 ? wanted : available) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(folder, `${name}.bench.ts`)],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    failed += 1;
    console.error(`bench: ${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
