/**
 * Where a provider's cached prompt prefix is lost between two requests. Tools come first in the
 * prefix (Anthropic caches tools → system → messages; OpenAI and Gemini cache by exact prefix), so
 * the first tool whose sent bytes differ — or the first position where a tool was added, removed
 * or moved — is where the cached prefix ends; everything after it is sent uncached.
 */
import { sha256Hex } from '../../core/support/lazy-crypto.js';
import type { ProviderRequest } from './provider-request.js';

export type PrefixChange =
  | { readonly changed: false; readonly keptTools: number }
  | {
      readonly changed: true;
      /** 0-based position of the first tool that differs. */
      readonly index: number;
      /** Tools before it, still cached. */
      readonly keptTools: number;
      /** The tool at that position before and after (absent at the end of a list). */
      readonly before?: string;
      readonly after?: string;
      /** One line for people. */
      readonly message: string;
    };

/** Compare the tools of two requests of one provider (see the module comment). */
export function compareToolPrefix(
  previous: ProviderRequest<object>,
  next: ProviderRequest<object>,
): PrefixChange {
  const left = previous.tools.map(toolKey);
  const right = next.tools.map(toolKey);
  const length = Math.max(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    if (left[index] === right[index]) continue;
    const before = previous.tools[index]?.sentName;
    const after = next.tools[index]?.sentName;
    const what =
      before === undefined
        ? `${after} added`
        : after === undefined
          ? `${before} removed`
          : before === after
            ? `${before} changed`
            : `${before} replaced by ${after}`;
    return {
      changed: true,
      index,
      keptTools: index,
      ...(before === undefined ? {} : { before }),
      ...(after === undefined ? {} : { after }),
      message: `cached prefix lost from tool #${index + 1} on (${what}); ${index === 1 ? '1 tool before it stays' : `${index} tools before it stay`} cached`,
    };
  }
  return { changed: false, keptTools: right.length };
}

function toolKey(tool: { readonly entry: unknown }): string {
  return sha256Hex(JSON.stringify(tool.entry));
}
