/**
 * Proof that an MCP server is the official computer-use server. Its tools get a larger result
 * budget and the `mcp__computer-use__*` names, so a server must not earn them by its name: the
 * host creates a verifier, gives it to the runtime, and passes the verifier's token when it
 * registers the server it launched itself. The token is an object identity — it cannot be
 * written in a config file, sent over the wire or guessed; any other value fails.
 */

declare const computerUseTokenBrand: unique symbol;

/** Opaque token; only identity matters. */
export interface ComputerUseToken {
  readonly [computerUseTokenBrand]: true;
}

export interface ComputerUseVerifier {
  /** The token the host passes to `registerMcpTools` for the server it verified. */
  readonly token: ComputerUseToken;
  /** Whether `candidate` is this verifier's token. */
  verify(candidate: unknown): boolean;
}

/** A new verifier with a fresh token. */
export function createComputerUseVerifier(): ComputerUseVerifier {
  const token = Object.freeze(Object.create(null)) as ComputerUseToken;
  return Object.freeze({ token, verify: (candidate: unknown) => candidate === token });
}
