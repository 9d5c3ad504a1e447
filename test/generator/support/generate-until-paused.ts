/**
 * Child process for the kill tests: runs a writing `generate` in the project given as the first
 * argument and, at the swap point given as the second (`staged`, `movedAway`, `swapped`, or
 * `lockStaged`), prints `paused <point>` and waits forever, so the test can SIGKILL it there.
 */
import { generate } from '../../../generator/generate.js';

const [projectRoot, point] = process.argv.slice(2);
const wait = async (at: string): Promise<void> => {
  if (at !== point) return;
  process.stdout.write(`paused ${at}\n`);
  await new Promise(() => setInterval(() => undefined, 60_000));
};
await generate({
  projectRoot: projectRoot!,
  write: true,
  force: true,
  audit: false,
  faults: { pause: wait },
});
process.stdout.write('finished\n');
