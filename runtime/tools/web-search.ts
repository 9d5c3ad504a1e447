/**
 * WebSearch: searches through the host's web search port (the model's native search) and keeps
 * only results the domain filters allow, even if the host ignores the filters.
 */
import type { ToolImplementation } from '../core/contract.js';
import type { Input, Output } from '../../generated/tools/web-search.js';
import { callHostPort } from './support/call-host-port.js';
import { HOST_SERVICES, portUnavailable } from './support/port-unavailable.js';

type Implementation = ToolImplementation<Input, Output>;

export const handler: Implementation['handler'] = async (input, context) => {
  const webSearch = context.ports.webSearch;
  if (webSearch === undefined) return portUnavailable('WebSearch', HOST_SERVICES.webSearch);
  if (input.allowed_domains !== undefined && input.blocked_domains !== undefined) {
    return {
      ok: false,
      code: 'invalid_input',
      message: 'Give either allowed_domains or blocked_domains, not both.',
    };
  }
  const options = {
    ...(input.allowed_domains === undefined ? {} : { allowedDomains: input.allowed_domains }),
    ...(input.blocked_domains === undefined ? {} : { blockedDomains: input.blocked_domains }),
  };
  const found = await callHostPort('WebSearch', context.signal, () =>
    webSearch.search(input.query, options, context.signal),
  );
  if (!found.ok) return found;
  const results = found.value
    .filter((result) =>
      passesDomainFilters(result.url, input.allowed_domains, input.blocked_domains),
    )
    .map((result) =>
      result.snippet === undefined || result.snippet === ''
        ? { title: result.title, url: result.url }
        : { title: result.title, url: result.url, snippet: result.snippet },
    );
  return { ok: true, output: { query: input.query, results } };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.results.length === 0) return `No web results for "${output.query}".`;
  const entries = output.results.map((result, index) => {
    const lines = [`${index + 1}. ${result.title}`, `   ${result.url}`];
    if (result.snippet !== undefined)
      lines.push(`   ${result.snippet.replace(/\s+/gu, ' ').trim()}`);
    return lines.join('\n');
  });
  return [
    `Web search results for "${output.query}":`,
    ...entries,
    'Cite the pages you use as markdown links under "Sources:".',
  ].join('\n\n');
};

/** A URL passes when its host is (a subdomain of) an allowed domain and of no blocked domain. */
function passesDomainFilters(
  url: string,
  allowed: readonly string[] | undefined,
  blocked: readonly string[] | undefined,
): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    // A result without a parsable URL cannot be shown to belong to an allowed domain.
    return allowed === undefined;
  }
  const matches = (domain: string): boolean => {
    const bare = domain
      .trim()
      .toLowerCase()
      .replace(/^\*?\./u, '');
    return host === bare || host.endsWith(`.${bare}`);
  };
  if (allowed !== undefined && !allowed.some(matches)) return false;
  if (blocked !== undefined && blocked.some(matches)) return false;
  return true;
}
