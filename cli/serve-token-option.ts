/**
 * The bearer token of `serve --http`: every request must carry it (`Authorization: Bearer
 * TOKEN`). It is given by `--token-file FILE` (the file's text, surrounding whitespace trimmed)
 * or by the environment variable {@link SERVE_TOKEN_ENV}, the file first; otherwise one is
 * generated (32 random bytes, base64url) and printed to standard error. A generated token is
 * only allowed on a loopback address: whoever can reach a non-loopback port cannot read this
 * process's standard error, and the operator must choose the token the clients will hold.
 */
import { readFile } from 'node:fs/promises';
import nodePath from 'node:path';
import { isLoopbackAddress } from '../runtime/integrations/mcp/is-loopback-address.js';

/** The environment variable that gives the token. */
export const SERVE_TOKEN_ENV = 'TOOL_CONTRACTS_TOKEN';

/** Shortest token accepted: 16 characters (a generated one has 43). */
export const MIN_TOKEN_LENGTH = 16;

/** RFC 6750 `b64token`: what may follow `Bearer ` in the header. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The `--token-file` option, for `parseArgs`. */
export const SERVE_TOKEN_OPTION = { 'token-file': { type: 'string' } } as const;

/** The usage lines of `--token-file`. */
export const SERVE_TOKEN_USAGE = `  --token-file FILE    The bearer token clients of --http must send (default: the
                       ${SERVE_TOKEN_ENV} environment variable, else one is generated and
                       printed; required for an address that is not loopback)`;

export type ServeToken =
  | { readonly ok: true; readonly token: string; readonly generated: boolean }
  | { readonly ok: false; readonly message: string };

/** Why `token` (from `source`) cannot be a bearer token; `undefined` when it can. */
export function bearerTokenProblem(token: string, source: string): string | undefined {
  if (token === '') return `${source} is empty`;
  if (!B64TOKEN.test(token))
    return `${source} has characters a bearer token cannot carry (allowed: letters, digits, - . _ ~ + / and trailing =)`;
  if (token.length < MIN_TOKEN_LENGTH)
    return `${source} has ${token.length} characters; a token needs at least ${MIN_TOKEN_LENGTH}`;
  return undefined;
}

/** A fresh token: 32 random bytes, base64url (43 characters). */
export function generateBearerToken(): string {
  return Buffer.from(globalThis.crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/**
 * The token for a server bound to `address`: from `tokenFile` (relative to `cwd`), else from
 * `env`, else generated when the address is loopback. `ok: false` carries a one-line message.
 */
export async function resolveServeToken(options: {
  readonly address: string;
  readonly tokenFile: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
}): Promise<ServeToken> {
  let token: string | undefined;
  let source: string;
  if (options.tokenFile !== undefined) {
    source = `--token-file ${options.tokenFile}`;
    try {
      token = (await readFile(nodePath.resolve(options.cwd, options.tokenFile), 'utf8')).trim();
    } catch (error) {
      return {
        ok: false,
        message: `${source}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      };
    }
  } else {
    source = SERVE_TOKEN_ENV;
    token = options.env[SERVE_TOKEN_ENV];
  }
  if (token !== undefined) {
    const problem = bearerTokenProblem(token, source);
    return problem === undefined
      ? { ok: true, token, generated: false }
      : { ok: false, message: problem };
  }
  if (!isLoopbackAddress(options.address))
    return {
      ok: false,
      message: `--http ${options.address}: an address that is not loopback needs a token you choose (${SERVE_TOKEN_ENV} or --token-file FILE)`,
    };
  return { ok: true, token: generateBearerToken(), generated: true };
}
