import { describe, expect, test } from 'vitest';
import { defineEntry } from '../../../../runtime/core/support/define-entry.js';

describe('defineEntry', () => {
  test('a key called __proto__ becomes an own property; the prototype stays', () => {
    const target: Record<string, unknown> = {};
    defineEntry(target, '__proto__', { polluted: true });
    expect(Object.keys(target)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(JSON.stringify(target)).toBe('{"__proto__":{"polluted":true}}');
  });

  test('the entry is enumerable, writable and configurable, and replaces an earlier one', () => {
    const target: Record<string, unknown> = { a: 1 };
    defineEntry(target, 'a', 2);
    defineEntry(target, 'b', 3);
    expect(target).toEqual({ a: 2, b: 3 });
    expect(Object.getOwnPropertyDescriptor(target, 'b')).toEqual({
      value: 3,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});
