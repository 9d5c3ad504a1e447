/**
 * A provider stand-in on 127.0.0.1 for the example hosts: answers each request with the next
 * recorded response (a provider's own wire format, written by hand from its documentation) and
 * records every request body exactly as the SDK sent it. Nothing leaves the machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  /** The body as sent, byte for byte. */
  readonly body: string;
}

export interface ReplayServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Serve `responses` in order, one per request. A request beyond them gets a 500 whose body
 * says so (the SDK then throws, and the test fails with that message).
 */
export async function startReplayServer(responses: readonly unknown[]): Promise<ReplayServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: (request.url ?? '').split('?')[0]!,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = responses[requests.length - 1];
      response.writeHead(answer === undefined ? 500 : 200, {
        'content-type': 'application/json',
      });
      response.end(
        JSON.stringify(
          answer ?? {
            error: { message: `replay server: no recorded response #${requests.length}` },
          },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error === undefined ? resolve() : reject(error)));
      }),
  };
}

/**
 * The exact bytes of the tool list in a request body: the `"tools":…` member, found by
 * re-serialising the parsed value and checking that very text is in the body.
 */
export function toolListBytes(body: string, key = 'tools'): string {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  const value = parsed[key];
  if (value === undefined) throw new Error(`the request has no "${key}"`);
  const text = `"${key}":${JSON.stringify(value)}`;
  if (!body.includes(text)) throw new Error(`the request's "${key}" is not compact JSON`);
  return text;
}
