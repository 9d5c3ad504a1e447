/**
 * WebFetch: GET an http(s) URL with Node's fetch (aborted with the call), follow redirects within
 * the same host, report a redirect to another host instead of following it, and return text
 * content: HTML converted to Markdown, other text types as sent.
 *
 * No model is at hand to answer `prompt` here, so the result is the content with the prompt
 * echoed; the calling model reads the answer from it.
 */
import { TextDecoder } from 'node:util';
import type { Input, Output } from '../../generated/tools/web-fetch.js';
import type { ToolImplementation } from '../core/contract.js';
import { htmlToMarkdown } from './support/html-to-markdown.js';
import { looksBinary } from './support/looks-binary.js';
import { toolFailure } from './support/tool-failure.js';

type Implementation = ToolImplementation<Input, Output>;

/** Most bytes of a response body read; the rest is not downloaded. */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** Most characters of content returned. */
export const MAX_CONTENT_CHARACTERS = 100_000;
/** Same-host redirects followed before giving up (a loop). */
export const MAX_REDIRECTS = 10;

const USER_AGENT = 'tool-contracts-webfetch/0.1 (+https://www.npmjs.com/package/tool-contracts)';
const ACCEPT =
  'text/markdown, text/html;q=0.9, text/plain;q=0.8, application/json;q=0.8, application/xml;q=0.7, */*;q=0.1';

function comparableHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

/** Text types returned as they are (HTML is converted). */
function isTextType(mediaType: string): boolean {
  return (
    mediaType.startsWith('text/') ||
    mediaType === 'application/json' ||
    mediaType === 'application/xml' ||
    mediaType === 'application/javascript' ||
    mediaType === 'application/x-yaml' ||
    mediaType === 'application/yaml' ||
    mediaType.endsWith('+json') ||
    mediaType.endsWith('+xml')
  );
}

function isHtmlType(mediaType: string): boolean {
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml';
}

function decoderFor(contentType: string): TextDecoder {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

async function readBody(response: Response): Promise<{ bytes: Uint8Array; complete: boolean }> {
  if (response.body === null) return { bytes: new Uint8Array(), complete: true };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), complete: true };
    chunks.push(value);
    size += value.length;
    if (size >= MAX_RESPONSE_BYTES) {
      await reader.cancel();
      return { bytes: Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES), complete: false };
    }
  }
}

export const handler: Implementation['handler'] = async (input, context) => {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return toolFailure(
      'invalid_url',
      `Invalid URL ${JSON.stringify(input.url)}: expected a full http:// or https:// URL.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return toolFailure(
      'unsupported_scheme',
      `Unsupported URL scheme ${url.protocol} in ${input.url}: only http and https can be fetched.`,
    );
  }

  let response: Response;
  for (let redirects = 0; ; redirects += 1) {
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal: context.signal,
        headers: { 'user-agent': USER_AGENT, accept: ACCEPT },
      });
    } catch (error) {
      if (context.signal.aborted)
        return toolFailure('aborted', `Fetching ${url.href} was interrupted.`);
      const cause =
        (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      return toolFailure('fetch_failed', `Could not fetch ${url.href}: ${cause}`);
    }
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) break;
    await response.body?.cancel();
    let target: URL;
    try {
      target = new URL(location, url);
    } catch {
      return toolFailure(
        'invalid_redirect',
        `${url.href} redirected to an invalid location ${JSON.stringify(location)}.`,
      );
    }
    if (
      comparableHost(target) !== comparableHost(url) ||
      (target.protocol !== 'http:' && target.protocol !== 'https:')
    ) {
      return {
        ok: true,
        output: {
          kind: 'redirect',
          url: url.href,
          redirectUrl: target.href,
          status: response.status,
          prompt: input.prompt,
        },
      };
    }
    if (redirects >= MAX_REDIRECTS) {
      return toolFailure(
        'too_many_redirects',
        `${input.url} redirected more than ${MAX_REDIRECTS} times (last to ${target.href}).`,
      );
    }
    url = target;
  }

  if (!response.ok) {
    await response.body?.cancel();
    return toolFailure(
      'http_error',
      `${url.href} answered HTTP ${response.status}${response.statusText === '' ? '' : ` ${response.statusText}`}.`,
    );
  }
  const contentType = response.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== '' && !isTextType(mediaType) && !isHtmlType(mediaType)) {
    await response.body?.cancel();
    return toolFailure(
      'unsupported_content_type',
      `${url.href} returned ${mediaType}, which is not text. Download binary content with Bash instead.`,
    );
  }
  let body: { bytes: Uint8Array; complete: boolean };
  try {
    body = await readBody(response);
  } catch (error) {
    if (context.signal.aborted)
      return toolFailure('aborted', `Fetching ${url.href} was interrupted.`);
    return toolFailure(
      'fetch_failed',
      `Could not read the response of ${url.href}: ${(error as Error).message}`,
    );
  }
  if (mediaType === '' && looksBinary(body.bytes)) {
    return toolFailure(
      'unsupported_content_type',
      `${url.href} returned binary content without a content type; it cannot be shown as text.`,
    );
  }
  const text = decoderFor(contentType).decode(body.bytes);
  const converted = isHtmlType(mediaType) ? await htmlToMarkdown(text) : text;
  const truncated = !body.complete || converted.length > MAX_CONTENT_CHARACTERS;
  return {
    ok: true,
    output: {
      kind: 'content',
      url: url.href,
      status: response.status,
      contentType: mediaType === '' ? 'text/plain' : mediaType,
      bytes: body.bytes.length,
      content: converted.slice(0, MAX_CONTENT_CHARACTERS),
      truncated,
      prompt: input.prompt,
    },
  };
};

export const formatModelContent: NonNullable<Implementation['formatModelContent']> = (output) => {
  if (output.kind === 'redirect') {
    return [
      `${output.url} redirects (HTTP ${output.status}) to another host: ${output.redirectUrl}`,
      'The redirect was not followed. To fetch the content, call WebFetch again with:',
      `url: ${output.redirectUrl}`,
      `prompt: ${output.prompt}`,
    ].join('\n');
  }
  return [
    `Content of ${output.url} (${output.contentType}${output.truncated ? ', truncated' : ''}):`,
    '',
    output.content,
    '',
    `Answer from the content above: ${output.prompt}`,
  ].join('\n');
};
