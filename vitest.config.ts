import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The package names the examples import, resolved to the sources (most specific first);
  // the packed-package test runs the same examples against the tarballs.
  resolve: {
    alias: [
      {
        find: '@tool-contracts/runtime/providers',
        replacement: source('./runtime/integrations/providers/index.ts'),
      },
      {
        find: '@tool-contracts/runtime/adapters',
        replacement: source('./runtime/integrations/adapters/index.ts'),
      },
      {
        find: '@tool-contracts/runtime/mcp',
        replacement: source('./runtime/integrations/mcp/index.ts'),
      },
      {
        find: '@tool-contracts/runtime/contract',
        replacement: source('./runtime/contract.ts'),
      },
      { find: /^@tool-contracts\/runtime$/, replacement: source('./runtime/index.ts') },
      {
        find: '@tool-contracts/tools/provider-order',
        replacement: source('./generated/provider-order.ts'),
      },
      { find: /^@tool-contracts\/tools$/, replacement: source('./generated/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
