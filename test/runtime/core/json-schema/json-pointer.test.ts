import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  defsRef,
  escapeJsonPointerToken,
  formatJsonPointer,
  isArrayIndexToken,
  localRefPointer,
  parseJsonPointer,
  resolveJsonPointer,
  resolveLocalRef,
  unescapeJsonPointerToken,
} from '../../../../runtime/core/json-schema/json-pointer.js';

describe('JSON pointer tokens (RFC 6901)', () => {
  test.each([
    ['a', 'a'],
    ['a/b', 'a~1b'],
    ['m~n', 'm~0n'],
    ['~1', '~01'],
    ['/~', '~1~0'],
    ['', ''],
  ])('%j is written %j', (token, written) => {
    expect(escapeJsonPointerToken(token)).toBe(written);
    expect(unescapeJsonPointerToken(written)).toBe(token);
  });

  test('escaping and unescaping round-trip any token', () => {
    fc.assert(
      fc.property(fc.string(), (token) => {
        expect(unescapeJsonPointerToken(escapeJsonPointerToken(token))).toBe(token);
      }),
    );
  });
});

describe('parseJsonPointer / formatJsonPointer', () => {
  test.each<[string, string[]]>([
    ['', []],
    ['/', ['']],
    ['/a', ['a']],
    ['/a/0/b', ['a', '0', 'b']],
    ['/a~1b/c~0d', ['a/b', 'c~d']],
    ['/$defs/x', ['$defs', 'x']],
    ['//', ['', '']],
  ])('%j ⇄ %j', (pointer, tokens) => {
    expect(parseJsonPointer(pointer)).toEqual(tokens);
    expect(formatJsonPointer(tokens)).toBe(pointer);
  });

  test('numbers are formatted as tokens', () => {
    expect(formatJsonPointer(['anyOf', 1, 'properties'])).toBe('/anyOf/1/properties');
  });

  test.each(['a', '#/a', 'a/b'])('%j does not start with "/" and is refused', (pointer) => {
    expect(() => parseJsonPointer(pointer)).toThrow(
      new SyntaxError(`JSON pointer ${JSON.stringify(pointer)} must be empty or start with "/"`),
    );
  });

  test('format then parse gives the tokens back, for any tokens', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (tokens) => {
        expect(parseJsonPointer(formatJsonPointer(tokens))).toEqual(tokens);
      }),
    );
  });
});

describe('local refs', () => {
  test.each<[string, string | undefined]>([
    ['#', ''],
    ['#/$defs/a', '/$defs/a'],
    ['#/$defs/a%20b', '/$defs/a b'],
    ['#foo', 'foo'],
    ['https://example.com/s.json#/a', undefined],
    ['other.json', undefined],
  ])('%j names the pointer %j', (ref, pointer) => {
    expect(localRefPointer(ref)).toBe(pointer);
  });

  test('a malformed percent escape throws a URIError', () => {
    expect(() => localRefPointer('#/%E0%A4%A')).toThrow(URIError);
  });

  test.each([
    ['a', '#/$defs/a'],
    ['a/b', '#/$defs/a~1b'],
  ])('defsRef(%j) is %j', (name, ref) => {
    expect(defsRef(name)).toBe(ref);
  });
});

describe('resolveJsonPointer', () => {
  const document = { a: { b: [10, { c: 'deep' }] }, 'x/y': 1, empty: '' };
  test.each<[string[], unknown]>([
    [[], document],
    [['a', 'b', '0'], 10],
    [['a', 'b', '1', 'c'], 'deep'],
    [['x/y'], 1],
    [['empty'], ''],
    [['missing'], undefined],
    [['a', 'b', '01'], undefined],
    [['a', 'b', '-'], undefined],
    [['a', 'b', 'length'], undefined],
    [['a', 'b', '2'], undefined],
    [['a', 'toString'], undefined],
    [['a', 'b', '0', 'x'], undefined],
  ])('%j → %j', (tokens, want) => {
    expect(resolveJsonPointer(document, tokens)).toEqual(want);
  });

  test.each([
    ['0', true],
    ['7', true],
    ['12', true],
    ['01', false],
    ['-', false],
    ['', false],
    ['1e2', false],
  ])('%j is an array index: %s', (token, want) => {
    expect(isArrayIndexToken(token)).toBe(want);
  });

  test('resolveLocalRef follows a local ref and never throws', () => {
    const root = { $defs: { 'a b': { type: 'string' } } };
    expect(resolveLocalRef(root, '#/$defs/a%20b')).toEqual({ type: 'string' });
    expect(resolveLocalRef(root, '#')).toBe(root);
    expect(resolveLocalRef(root, '#anchor')).toBeUndefined();
    expect(resolveLocalRef(root, '#/%E0%A4%A')).toBeUndefined();
    expect(resolveLocalRef(root, 'https://x/y')).toBeUndefined();
    expect(resolveLocalRef(root, '#/$defs/missing')).toBeUndefined();
  });

  // A reference with nothing to decode or unescape is followed without a token list: the same
  // as decoding, parsing and following it.
  test.each<[string, unknown]>([
    ['#/', { '': 1 }],
    ['#//', { '': { '': 2 } }],
    ['#/a/', { a: { '': 3 } }],
    ['#/a/0', { a: ['x'] }],
    ['#/a/01', { a: ['x', 'y'] }],
    ['#/a/length', { a: ['x'] }],
    ['#/a/b', { a: null }],
    ['#/a/b', { a: 'text' }],
    ['#/a', { a: null }],
    ['#/constructor', {}],
    ['#/__proto__', JSON.parse('{"__proto__": {"x": 1}}')],
    ['#/toString', {}],
  ])('resolveLocalRef(%j) as the general path resolves it', (ref, root) => {
    const general = resolveJsonPointer(root, parseJsonPointer(localRefPointer(ref)!));
    expect(resolveLocalRef(root, ref)).toBe(general);
  });

  test('resolveLocalRef equals decoding, parsing and following, for any reference', () => {
    const token = fc.constantFrom(
      '',
      'a',
      'b',
      '0',
      '1',
      '01',
      '-',
      'length',
      '~0',
      '~1',
      '%7E',
      '%2F',
      '%',
    );
    const ref = fc
      .array(token, { maxLength: 4 })
      .map((tokens) => `#${tokens.map((part) => `/${part}`).join('')}`);
    const leaf = fc.oneof(fc.constant(null), fc.string({ maxLength: 2 }), fc.integer());
    const node = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('tree'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('', 'a', 'b', '0', '01', '~', '/', 'length'), tie('tree'), {
          maxKeys: 3,
        }),
      ),
    })).tree;
    fc.assert(
      fc.property(node, ref, (root, written) => {
        let general: unknown;
        try {
          general = resolveJsonPointer(root, parseJsonPointer(localRefPointer(written)!));
        } catch {
          general = undefined;
        }
        expect(resolveLocalRef(root, written)).toBe(general);
      }),
      { numRuns: 2_000 },
    );
  });
});
