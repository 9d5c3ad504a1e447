import { describe, expect, test } from 'vitest';
import { picomatchOnDemand } from '../../../../runtime/core/support/picomatch-on-demand.js';

describe('picomatchOnDemand', () => {
  test('requires picomatch once: every call returns the same function', () => {
    expect(picomatchOnDemand()).toBe(picomatchOnDemand());
    expect(typeof picomatchOnDemand().isMatch).toBe('function');
  });

  test.each([
    { glob: 'src/**', path: 'src/a/b.ts', matches: true },
    { glob: 'src/**', path: 'lib/a.ts', matches: false },
    { glob: '*.ts', path: '.hidden.ts', matches: true }, // dot: true, as every caller passes
    { glob: 'file/*', path: 'file/read', matches: true },
    { glob: 'file/*', path: 'file/read/more', matches: false },
    { glob: '{a,b}.md', path: 'b.md', matches: true },
  ])('$glob against $path: $matches', ({ glob, path, matches }) => {
    expect(picomatchOnDemand()(glob, { dot: true })(path)).toBe(matches);
    expect(picomatchOnDemand().isMatch(path, [glob], { dot: true })).toBe(matches);
  });
});
