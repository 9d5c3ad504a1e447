/**
 * A tool list projected to one provider's request: the body fragment exactly as it is sent, and
 * what was decided on the way (strict per tool, tools left out or renamed, the turn's restriction).
 */
import type { ModelProfile } from '../../core/contract.js';
import type { ProviderName } from './provider-name.js';
import type { StrictDecision } from './strict-decisions.js';

/** One tool in the request. */
export interface SentTool {
  /** The tool's own name (what the runtime calls). */
  readonly name: string;
  /** The name the provider sees (differs only where the provider's name rule forces it: Gemini). */
  readonly sentName: string;
  /** The tool's entry in the request, exactly as sent. */
  readonly entry: unknown;
}

/**
 * Why the request differs from the tool list it was made from.
 * - `omitted`: a tool was left out (its schema cannot be said in the request format, or a
 *   provider-native tool of another provider);
 * - `renamed`: sent under another name (Gemini's name rule); calls map back;
 * - `restricted-by-refusal`: the format has no way to restrict the callable set that keeps the
 *   list, so the list stays whole and a call to the tool is refused this turn (the session's
 *   `turnRestriction`), with a text that names the tools allowed now;
 * - `lossy`: part of the schema is said in the description only;
 * - `not-deferred`: a deferred tool is sent all the same, because the format has no native tool
 *   search and no `ToolSearch` is registered (feature flag `toolSearch`) to find it.
 */
export type ProjectionNoteCode =
  'omitted' | 'renamed' | 'restricted-by-refusal' | 'lossy' | 'not-deferred';

export interface ProjectionNote {
  readonly tool: string;
  readonly code: ProjectionNoteCode;
  readonly message: string;
}

/** `Fragment`: the request fields the projection sets (each provider module exports its type). */
export interface ProviderRequest<Fragment extends object = { readonly tools: unknown }> {
  readonly provider: ProviderName;
  /** The request body fragment: `JSON.stringify(request)` is exactly what is sent. */
  readonly request: Fragment;
  /** The tools of the request, in order. */
  readonly tools: readonly SentTool[];
  /** One per tool of the list the request was made from, in its order. */
  readonly strict: readonly StrictDecision[];
  readonly notes: readonly ProjectionNote[];
}

/** What a projection needs besides the tool list. */
export interface ProviderRequestOptions {
  readonly model: ModelProfile;
  /**
   * The names this turn may call (a `restrict`-mode turn filter; see `planTurnTools`).
   * `undefined` means no restriction. The list is never shortened for it: sent as the
   * provider's allowed-tools parameter where one keeps the list (OpenAI, Gemini), else only
   * noted (`restricted-by-refusal`) and enforced by the session's `turnRestriction`.
   */
  readonly allowedTools?: readonly string[];
  /** OpenAI strict: close open objects that list properties (see `closeOpenObjects`). Default: false. */
  readonly closeOpenObjects?: boolean;
  /**
   * Gemini: send `parametersJsonSchema` (JSON Schema, the default) or the legacy OpenAPI-subset
   * `parameters`. The two are mutually exclusive per declaration.
   */
  readonly geminiSchema?: 'json-schema' | 'openapi';
  /** AI SDK: the provider below the SDK (`anthropic`, `openai`, …). Default: `anthropic`. */
  readonly aiSdkProvider?: string;
  /**
   * Whether the model may send several tool calls in one message. `true` sends nothing: the
   * providers allow it by default, and the executor orders the calls by their flags
   * (concurrent-safe reads together, every other call alone, in order). `false` asks for one
   * call per message: Anthropic `tool_choice: {type: "auto", disable_parallel_tool_use: true}`,
   * OpenAI `parallel_tool_calls: false`; Gemini and the AI SDK fragment have no such switch.
   * Default: true.
   */
  readonly parallelToolCalls?: boolean;
  /**
   * Tools loaded only when a search finds them. Anthropic gets `defer_loading: true` on them plus
   * its BM25 tool-search tool; the OpenAI Responses API `defer_loading: true` plus `tool_search`;
   * every other format leaves them out for the built-in `ToolSearch` and lists the `discovered`
   * ones at the end (`composeDeferredList`). Default: none.
   */
  readonly deferred?: ReadonlySet<string>;
  /**
   * OpenAI Responses: send the deferred tools of a manifest `group` inside one `{type:
   * "namespace", name, description, tools}` entry (OpenAI recommends namespaces for tool search;
   * `defer_loading` stays on the functions inside). `false` sends them as plain functions.
   * Default: true.
   */
  readonly responsesNamespaces?: boolean;
  /** Deferred tools a `ToolSearch` has found so far, in the order found. Default: none. */
  readonly discovered?: readonly string[];
}
