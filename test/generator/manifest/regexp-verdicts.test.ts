import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { regExpProblem } from '../../../generator/manifest/regexp-problem.js';
import {
  forgetVerdictsInMemory,
  recheckVerdict,
  verdictCacheKey,
  type RecheckVerdict,
} from '../../../generator/manifest/regexp-verdicts.js';

const SAFE = '^[a-z]+$';
const EXPONENTIAL = '^(a+)+$';

let directory: string;
let file: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'regexp-verdicts-'));
  file = path.join(directory, 'regexp-verdicts.json');
  forgetVerdictsInMemory(file);
});
afterEach(() => {
  forgetVerdictsInMemory();
  rmSync(directory, { recursive: true, force: true });
});

/** The writes are batched to the next turn of the event loop. */
const saved = () => new Promise((resolve) => setImmediate(resolve));

function readSaved(): { key: string; verdicts: [string, RecheckVerdict][] } {
  return JSON.parse(readFileSync(file, 'utf8')) as {
    key: string;
    verdicts: [string, RecheckVerdict][];
  };
}

describe('recheck verdicts are remembered across runs', () => {
  it('keeps each new verdict in the cache file, under recheck’s version', async () => {
    expect(recheckVerdict(SAFE).status).toBe('safe');
    expect(recheckVerdict(EXPONENTIAL)).toMatchObject({
      status: 'vulnerable',
      complexity: { summary: expect.stringMatching(/exponential/) },
    });
    await saved();
    const cache = readSaved();
    expect(cache.key).toBe(verdictCacheKey());
    expect(cache.key).toMatch(/recheck \d+\.\d+\.\d+/);
    expect(cache.verdicts.map(([pattern]) => pattern)).toEqual([SAFE, EXPONENTIAL]);
  });

  it('answers from the file in a later run, without checking again', () => {
    // A verdict recheck would never give proves that the file answered.
    const planted: RecheckVerdict = { status: 'vulnerable', complexity: { summary: 'planted' } };
    writeFileSync(file, JSON.stringify({ key: verdictCacheKey(), verdicts: [[SAFE, planted]] }));
    forgetVerdictsInMemory(file);
    expect(recheckVerdict(SAFE)).toEqual(planted);
    expect(regExpProblem(SAFE)).toMatch(/^catastrophic backtracking \(planted time\)/);
  });

  it.each([
    [
      'another recheck version',
      () =>
        JSON.stringify({
          key: 'v1 recheck 0.0.1 u automaton',
          verdicts: [[SAFE, { status: 'vulnerable' }]],
        }),
    ],
    ['not JSON', () => '{"key":'],
    [
      'verdicts not a list',
      () =>
        JSON.stringify({ key: verdictCacheKey(), verdicts: { [SAFE]: { status: 'vulnerable' } } }),
    ],
    [
      'an entry with an unknown status',
      () => JSON.stringify({ key: verdictCacheKey(), verdicts: [[SAFE, { status: 'fine' }]] }),
    ],
    [
      'an entry that is not a pair',
      () => JSON.stringify({ key: verdictCacheKey(), verdicts: [[SAFE]] }),
    ],
    [
      'an entry whose verdict is null',
      () => JSON.stringify({ key: verdictCacheKey(), verdicts: [[SAFE, null]] }),
    ],
  ])('ignores a cache file with %s, and replaces it', async (_, contents) => {
    writeFileSync(file, contents());
    forgetVerdictsInMemory(file);
    expect(recheckVerdict(SAFE).status).toBe('safe');
    await saved();
    expect(readSaved()).toEqual({
      key: verdictCacheKey(),
      verdicts: [[SAFE, { status: 'safe', complexity: { summary: 'linear' } }]],
    });
  });

  it('still answers when the cache cannot be written (a read-only node_modules)', async () => {
    writeFileSync(path.join(directory, 'a-file'), '');
    forgetVerdictsInMemory(path.join(directory, 'a-file', 'regexp-verdicts.json'));
    expect(recheckVerdict(EXPONENTIAL).status).toBe('vulnerable');
    await saved();
    // Remembered in memory all the same.
    expect(recheckVerdict(EXPONENTIAL).status).toBe('vulnerable');
  });
});
