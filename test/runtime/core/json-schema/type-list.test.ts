import { describe, expect, test } from 'vitest';
import { typeList } from '../../../../runtime/core/json-schema/type-list.js';

describe('typeList', () => {
  test.each<[unknown, string[]]>([
    ['string', ['string']],
    [
      ['string', 'null'],
      ['string', 'null'],
    ],
    [['string', 3, null], ['string']],
    [[], []],
    [undefined, []],
    [{ type: 'x' }, []],
  ])('%j → %j', (type, want) => {
    expect(typeList(type)).toEqual(want);
  });
});
