/**
 * The command that regenerates a project, as its user would type it: `npm run NAME` when the
 * project's package.json has a script that runs the generator (`tool-contracts generate`, or
 * `tool-contracts` alone, whose default command is generate), else
 * `npx tool-contracts generate`. A hint never names a script the project does not have.
 */
import path from 'node:path';
import { readFileSync } from './sync-fs.js';

const RUNS_GENERATE = /\btool-contracts(?:\.js)?(?:\s+generate\b|\s*$|\s+-)/;

export function generateCommandFor(projectRoot: string): string {
  let scripts: unknown;
  try {
    scripts = (
      JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
        scripts?: unknown;
      }
    ).scripts;
  } catch {
    scripts = undefined;
  }
  if (typeof scripts === 'object' && scripts !== null) {
    const entries = Object.entries(scripts as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    const found =
      entries.find(([name, command]) => name === 'generate' && RUNS_GENERATE.test(command)) ??
      entries.find(([, command]) => RUNS_GENERATE.test(command));
    if (found !== undefined) return `npm run ${found[0]}`;
  }
  return 'npx tool-contracts generate';
}
