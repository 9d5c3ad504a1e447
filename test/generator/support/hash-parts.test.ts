import { describe, expect, it } from 'vitest';
import { hashParts } from '../../../generator/support/hash-parts.js';

describe('hashParts', () => {
  it.each([
    [
      ['ab', 'c'],
      ['a', 'bc'],
    ],
    [['a', ''], ['a']],
    [[''], []],
    [['1:a'], ['a', '']],
  ])('%j and %j hash apart', (left, right) => {
    expect(hashParts(left)).not.toBe(hashParts(right));
  });

  it('hashes text and its UTF-8 bytes alike', () => {
    expect(hashParts(['é'])).toBe(hashParts([Buffer.from('é', 'utf8')]));
  });
});
