/** WebSearch through the runtime's call path. */
import { describe, expect, test } from 'vitest';
import { callThroughRuntime } from './host-support/host-tool-calls.js';
import { hostTools } from './host-support/host-tool-entries.js';
import { InMemoryWebSearch, type WebPage } from './host-support/in-memory-host-ports.js';

const { WebSearch } = hostTools;

const pages: WebPage[] = [
  {
    title: 'Vitest 4 release notes',
    url: 'https://vitest.dev/blog/vitest-4',
    snippet: 'Vitest 4   is out,\nwith browser mode.',
  },
  { title: 'Vitest 4 on a blog', url: 'https://blog.example.com/vitest-4' },
  { title: 'Vitest 4 mirror', url: 'https://docs.mirror.org/vitest-4', snippet: '' },
];

describe('WebSearch', () => {
  test('lists results with numbered titles, URLs and whitespace-folded snippets, and asks for sources', async () => {
    const webSearch = new InMemoryWebSearch(pages);
    const result = await callThroughRuntime(WebSearch, { query: 'vitest 4' }, { webSearch });
    expect(result).toMatchObject({ isError: false });
    expect(result.content).toBe(
      [
        'Web search results for "vitest 4":',
        '1. Vitest 4 release notes\n   https://vitest.dev/blog/vitest-4\n   Vitest 4 is out, with browser mode.',
        '2. Vitest 4 on a blog\n   https://blog.example.com/vitest-4',
        '3. Vitest 4 mirror\n   https://docs.mirror.org/vitest-4',
        'Cite the pages you use as markdown links under "Sources:".',
      ].join('\n\n'),
    );
  });

  test('says so when nothing matches', async () => {
    await expect(
      callThroughRuntime(
        WebSearch,
        { query: 'jest 99' },
        { webSearch: new InMemoryWebSearch(pages) },
      ),
    ).resolves.toMatchObject({
      content: 'No web results for "jest 99".',
      output: { query: 'jest 99', results: [] },
    });
  });

  test.each([
    {
      case: 'allowed domains (subdomains included)',
      input: { query: 'vitest', allowed_domains: ['example.com'] },
      urls: ['https://blog.example.com/vitest-4'],
    },
    {
      case: 'blocked domains',
      input: { query: 'vitest', blocked_domains: ['vitest.dev', 'mirror.org'] },
      urls: ['https://blog.example.com/vitest-4'],
    },
    {
      case: 'a "*." domain pattern',
      input: { query: 'vitest', allowed_domains: ['*.mirror.org'] },
      urls: ['https://docs.mirror.org/vitest-4'],
    },
  ])('applies $case even when the host ignores them', async ({ input, urls }) => {
    const webSearch = new InMemoryWebSearch(pages, false);
    const result = await callThroughRuntime(WebSearch, input, { webSearch });
    expect(
      (result.output as { results: { url: string }[] }).results.map((page) => page.url),
    ).toEqual(urls);
  });

  test('passes the filters on to the host', async () => {
    const webSearch = new InMemoryWebSearch(pages);
    await callThroughRuntime(
      WebSearch,
      { query: 'vitest', blocked_domains: ['mirror.org'] },
      { webSearch },
    );
    expect(webSearch.queries).toEqual([{ query: 'vitest', blockedDomains: ['mirror.org'] }]);
  });

  test('refuses both filters at once without searching', async () => {
    const webSearch = new InMemoryWebSearch(pages);
    await expect(
      callThroughRuntime(
        WebSearch,
        { query: 'vitest', allowed_domains: ['a.com'], blocked_domains: ['b.com'] },
        { webSearch },
      ),
    ).resolves.toMatchObject({
      isError: true,
      errorCode: 'invalid_input',
      content:
        '<tool_use_error>Give either allowed_domains or blocked_domains, not both.</tool_use_error>',
    });
    expect(webSearch.calls).toEqual([]);
  });
});
