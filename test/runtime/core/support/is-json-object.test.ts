import { describe, expect, test } from 'vitest';
import { isJsonObject } from '../../../../runtime/core/support/is-json-object.js';

describe('isJsonObject', () => {
  test.each<[unknown, boolean]>([
    [{}, true],
    [{ a: 1 }, true],
    [Object.create(null), true],
    [JSON.parse('{"__proto__":1}'), true],
    [[], false],
    [[1], false],
    [null, false],
    [undefined, false],
    ['{}', false],
    [0, false],
    [true, false],
  ])('%j → %s', (value, want) => {
    expect(isJsonObject(value)).toBe(want);
  });
});
