import { describe, expect, it } from 'vitest';
import { mergeManifestValues } from '../../../generator/manifest/merge-manifest-values.js';

describe('mergeManifestValues (the extends merge)', () => {
  it.each([
    {
      name: 'mappings merge key by key, the child winning',
      base: { name: 'Agent', flags: { readOnly: true, providerVisible: true } },
      child: { name: 'Task', flags: { providerVisible: false } },
      want: { name: 'Task', flags: { readOnly: true, providerVisible: false } },
    },
    {
      name: 'nested mappings merge at every depth',
      base: { input: { type: 'object', properties: { a: { type: 'string', description: 'A' } } } },
      child: { input: { properties: { a: { description: 'B' }, b: { type: 'number' } } } },
      want: {
        input: {
          type: 'object',
          properties: { a: { type: 'string', description: 'B' }, b: { type: 'number' } },
        },
      },
    },
    {
      name: 'lists replace, never concatenate',
      base: { aliases: ['Old', 'Older'], hooks: ['validateInput'] },
      child: { aliases: ['New'] },
      want: { aliases: ['New'], hooks: ['validateInput'] },
    },
    {
      name: 'an empty list clears the inherited one',
      base: { modelInstructions: ['Do this.'] },
      child: { modelInstructions: [] },
      want: { modelInstructions: [] },
    },
    {
      name: 'a scalar replaces a mapping',
      base: { timeout: { kind: 'bounded', defaultMs: 5 } },
      child: { timeout: 'none' },
      want: { timeout: 'none' },
    },
    {
      name: 'a mapping replaces a scalar',
      base: { output: 'text' },
      child: { output: { type: 'string' } },
      want: { output: { type: 'string' } },
    },
    {
      name: 'null replaces (so validation can report it), it does not delete',
      base: { purpose: 'Runs a sub-agent.' },
      child: { purpose: null },
      want: { purpose: null },
    },
    {
      name: 'a list replaces a mapping',
      base: { availability: { ports: ['subagent'] } },
      child: { availability: ['subagent'] },
      want: { availability: ['subagent'] },
    },
    {
      name: "fields only the base has are kept in base order, then the child's new ones",
      base: { b: 1, a: 2 },
      child: { c: 3, a: 4 },
      want: { b: 1, a: 4, c: 3 },
    },
    {
      name: 'a child that is not a mapping replaces the base whole',
      base: { name: 'Agent' },
      child: ['not', 'a', 'manifest'],
      want: ['not', 'a', 'manifest'],
    },
  ])('$name', ({ base, child, want }) => {
    const merged = mergeManifestValues(base, child);
    expect(merged).toEqual(want);
    expect(Object.keys(merged as object)).toEqual(Object.keys(want));
  });

  it('does not change its inputs', () => {
    const base = { flags: { readOnly: true }, aliases: ['A'] };
    const child = { flags: { destructive: false } };
    mergeManifestValues(base, child);
    expect(base).toEqual({ flags: { readOnly: true }, aliases: ['A'] });
    expect(child).toEqual({ flags: { destructive: false } });
  });

  it('keeps a "__proto__" key as data instead of changing the prototype', () => {
    const child = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const merged = mergeManifestValues({ a: 1 }, child) as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
