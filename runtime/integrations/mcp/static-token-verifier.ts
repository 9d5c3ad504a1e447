/**
 * The token check of `serve --http`: one pre-shared bearer token, given to the MCP SDK's
 * `requireBearerAuth` middleware as its verifier. The comparison takes the same time whatever the
 * candidate is: both sides are hashed to SHA-256 first (equal lengths, as `timingSafeEqual` needs,
 * and no early exit on the first differing byte or on a length mismatch).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';

/** The client id the SDK's `AuthInfo` reports for a request that carried the token. */
export const STATIC_TOKEN_CLIENT_ID = 'bearer-token';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** A verifier that accepts exactly `token`; it never expires (the server's lifetime bounds it). */
export function staticTokenVerifier(token: string): OAuthTokenVerifier {
  if (token === '') throw new TypeError('staticTokenVerifier: the token is empty');
  const expected = digest(token);
  return {
    verifyAccessToken: async (candidate) => {
      if (!timingSafeEqual(digest(candidate), expected))
        throw new InvalidTokenError('Invalid bearer token');
      // `requireBearerAuth` refuses a token without an expiry time.
      return {
        token: candidate,
        clientId: STATIC_TOKEN_CLIENT_ID,
        scopes: [],
        expiresAt: Number.MAX_SAFE_INTEGER,
      };
    },
  };
}
