/** lazyImplementation and lazyZodSchemas: a tool's module and zod schemas imported once, on first use. */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { lazyImplementation, lazyZodSchemas } from '../../../runtime/core/lazy-implementation.js';

describe('lazyImplementation', () => {
  test('imports once, however many calls ask at once or later', async () => {
    let imports = 0;
    const module = { handler: 'the module' };
    const lazy = lazyImplementation('Demo', async () => {
      imports += 1;
      return module;
    });
    expect(imports).toBe(0);
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect([first, second, await lazy.load(), lazy.loaded()]).toEqual([
      module,
      module,
      module,
      module,
    ]);
    expect(imports).toBe(1);
  });

  test('loaded() before load() names the tool and what to do', () => {
    const lazy = lazyImplementation('Demo', async () => ({}));
    expect(() => lazy.loaded()).toThrow(
      'Demo: its implementation module is not loaded yet; await tool.loadImplementation() before running a permission, timeout or output hook without a call',
    );
  });

  test('a failed import fails that load and is tried again by the next', async () => {
    const outcomes = [new Error('ENOENT'), { handler: 'second try' }];
    const lazy = lazyImplementation('Demo', async () => {
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    await expect(lazy.load()).rejects.toThrow('ENOENT');
    expect(() => lazy.loaded()).toThrow(/not loaded yet/);
    await expect(lazy.load()).resolves.toEqual({ handler: 'second try' });
    expect(lazy.loaded()).toEqual({ handler: 'second try' });
  });
});

describe('lazyZodSchemas', () => {
  const schemas = { InputSchema: z.object({ n: z.number() }), OutputSchema: z.string() };

  test('loaded() before load() names the tool, the two fields and what to do', () => {
    const lazy = lazyZodSchemas('Demo', async () => schemas);
    expect(() => lazy.loaded()).toThrow(
      'Demo: its zod schemas are not loaded yet; await tool.loadImplementation() before reading runtimeInputSchema or runtimeOutputSchema outside a call',
    );
  });

  test('imports once; a failed import is tried again by the next load', async () => {
    let imports = 0;
    const outcomes: (Error | typeof schemas)[] = [new Error('ENOENT'), schemas];
    const lazy = lazyZodSchemas('Demo', async () => {
      imports += 1;
      const next = outcomes.shift()!;
      if (next instanceof Error) throw next;
      return next;
    });
    await expect(lazy.load()).rejects.toThrow('ENOENT');
    const [first, second] = await Promise.all([lazy.load(), lazy.load()]);
    expect([first, second, lazy.loaded()]).toEqual([schemas, schemas, schemas]);
    expect(imports).toBe(2);
  });
});
