/**
 * Bytes and tokens of exactly what a request sends, per tool and in total, and the fingerprint of
 * those bytes. Bytes are UTF-8 of `JSON.stringify` (the form the SDKs put on the wire: compact,
 * keys in the order the projection built them).
 */
import { sha256Hex } from '../../core/support/lazy-crypto.js';
import type { ProviderRequest } from './provider-request.js';
import type { TokenCounter } from './token-counter.js';
import { toolUseOverhead } from './token-counter.js';

export interface ToolMeasure {
  readonly name: string;
  readonly sentName: string;
  readonly bytes: number;
  readonly tokens: number;
  /** SHA-256 of this tool's sent bytes (what `compareToolPrefix` compares). */
  readonly fingerprint: string;
}

export interface RequestMeasure {
  /** Of `JSON.stringify(request.request)`, the whole fragment. */
  readonly bytes: number;
  readonly tokens: number;
  /** The documented tool-use overhead, when there is one (Anthropic: 346). */
  readonly overheadTokens?: number;
  readonly tokenizer: string;
  readonly exactness: 'exact' | 'estimate';
  /** Lower-case hex SHA-256 of exactly the sent bytes: changes only when what is sent does. */
  readonly fingerprint: string;
  readonly tools: readonly ToolMeasure[];
}

/** The fingerprint of a request: SHA-256 over exactly its sent bytes. */
export function requestFingerprint(request: ProviderRequest<object>): string {
  return sha256(JSON.stringify(request.request));
}

export function measureRequest(
  request: ProviderRequest<object>,
  counter: TokenCounter,
  aiSdkProvider?: string,
): RequestMeasure {
  const text = JSON.stringify(request.request);
  const overhead = toolUseOverhead(request.provider, 'auto', aiSdkProvider);
  return {
    bytes: Buffer.byteLength(text),
    tokens: counter.count(text),
    ...(overhead === undefined ? {} : { overheadTokens: overhead }),
    tokenizer: counter.tokenizer,
    exactness: counter.exactness,
    fingerprint: sha256(text),
    tools: request.tools.map((tool) => {
      const toolText = JSON.stringify(tool.entry);
      return {
        name: tool.name,
        sentName: tool.sentName,
        bytes: Buffer.byteLength(toolText),
        tokens: counter.count(toolText),
        fingerprint: sha256(toolText),
      };
    }),
  };
}

function sha256(text: string): string {
  return sha256Hex(text);
}
