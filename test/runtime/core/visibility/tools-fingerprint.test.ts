import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  canonicalJson,
  toolsFingerprint,
} from '../../../../runtime/core/visibility/tools-fingerprint.js';

describe('canonicalJson', () => {
  test.each([
    {
      given: { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } },
      want: '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    },
    { given: [{ b: 1, a: 2 }, 'x'], want: '[{"a":2,"b":1},"x"]' },
    { given: { a: undefined, b: 'é' }, want: '{"b":"é"}' },
    { given: JSON.parse('{"__proto__":{"x":1},"a":0}'), want: '{"__proto__":{"x":1},"a":0}' },
  ])('$want', ({ given, want }) => {
    expect(canonicalJson(given)).toBe(want);
  });
});

describe('toolsFingerprint', () => {
  test('sha256 hex of the canonical JSON', () => {
    // sha256('[]')
    expect(toolsFingerprint([])).toBe(
      '4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945',
    );
    expect(toolsFingerprint([{ name: 'Read' }])).toMatch(/^[0-9a-f]{64}$/);
  });

  test('key order does not matter, tool order and content do', () => {
    expect(toolsFingerprint([{ name: 'A', description: 'x' }])).toBe(
      toolsFingerprint([{ description: 'x', name: 'A' }]),
    );
    expect(toolsFingerprint([{ name: 'A' }, { name: 'B' }])).not.toBe(
      toolsFingerprint([{ name: 'B' }, { name: 'A' }]),
    );
    expect(toolsFingerprint([{ name: 'A', description: 'x' }])).not.toBe(
      toolsFingerprint([{ name: 'A', description: 'y' }]),
    );
  });

  test('any rebuilt copy of the same value has the same fingerprint', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reversed = JSON.parse(JSON.stringify(value), (_key, child) =>
          child !== null && typeof child === 'object' && !Array.isArray(child)
            ? Object.fromEntries(Object.entries(child).reverse())
            : child,
        );
        expect(toolsFingerprint([reversed])).toBe(toolsFingerprint([value]));
      }),
    );
  });
});
