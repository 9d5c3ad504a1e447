/**
 * The context flags `list` and `call` share: which session, host, ports, feature flags and
 * model the tools are built for. One definition, so the two commands can never read the same
 * flag differently (the drift the registration gate exists to prevent).
 */
import type { ParseArgsConfig } from 'node:util';
import type { FeatureFlag, HostPort, ModelProfile } from '../runtime/core/contract.js';
import { FEATURE_FLAGS, HOST_PORTS, SESSION_KINDS } from '../runtime/core/contract.js';
import { safeParsePermissionRule } from '../runtime/core/rules/parse-permission-rule.js';
import {
  isProviderName,
  modelProviderOf,
} from '../runtime/integrations/providers/provider-name.js';
import type { RegistrationGateInput } from '../runtime/core/visibility/registration-gate.js';
import { UsageError } from './usage-error.js';

export { UsageError } from './usage-error.js';

/** `parseArgs` options of the context flags. */
export const CONTEXT_OPTIONS = {
  session: { type: 'string' },
  toolset: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string', multiple: true },
  flag: { type: 'string', multiple: true },
  allow: { type: 'string', multiple: true },
  deny: { type: 'string', multiple: true },
  disallow: { type: 'string', multiple: true },
  'no-embedded-search': { type: 'boolean' },
  model: { type: 'string' },
  provider: { type: 'string' },
  'native-search': { type: 'boolean' },
  pdf: { type: 'boolean' },
  'first-party': { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>;

/** Values `parseArgs` returns for {@link CONTEXT_OPTIONS}. */
export interface ContextOptionValues {
  readonly session?: string | undefined;
  readonly toolset?: string | undefined;
  readonly host?: string | undefined;
  readonly port?: string[] | undefined;
  readonly flag?: string[] | undefined;
  readonly allow?: string[] | undefined;
  readonly deny?: string[] | undefined;
  readonly disallow?: string[] | undefined;
  readonly 'no-embedded-search'?: boolean | undefined;
  readonly model?: string | undefined;
  readonly provider?: string | undefined;
  readonly 'native-search'?: boolean | undefined;
  readonly pdf?: boolean | undefined;
  readonly 'first-party'?: boolean | undefined;
}

/** Help lines of the session and host flags. */
export const SESSION_OPTIONS_USAGE = `  --session KIND       ${SESSION_KINDS.join(', ')} (default: main)
  --toolset NAME       default or explore (sub-agent toolset; default: default)
  --host KIND          terminal or protocol (default: terminal)
  --port NAME          Host port injected, repeatable or comma-separated: ${HOST_PORTS.join(', ')}
  --flag NAME[=BOOL]   Feature flag, repeatable: ${FEATURE_FLAGS.join(', ')}
  --allow NAMES        Session allowlist, repeatable or comma-separated
  --deny NAMES         Session denylist, repeatable or comma-separated
  --disallow RULE      Disallowed tool or rule, repeatable: Bash, Bash(rm:*)
  --no-embedded-search Register Glob and Grep next to Bash`;

/** Help lines of the model flags. */
export const MODEL_OPTIONS_USAGE = `  --model ID           Model id (default: unspecified)
  --provider NAME      Provider and request format: anthropic, openai (Chat Completions),
                       openai-responses, gemini, ai-sdk (default: anthropic)
  --native-search      The model has native web search (shows WebSearch)
  --pdf                The model reads PDFs (shows Read's pages)
  --first-party        The model is Anthropic's own, so strict tool use is sent
                       (default: only for an unspecified or claude-* --model;
                       a model served through Anthropic's API by another vendor,
                       such as glm-4.6, is not)`;

export function oneOf<T extends string>(value: string, allowed: readonly T[], option: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${option} must be one of ${allowed.join(', ')}; got "${value}"`);
  }
  return value as T;
}

/** Values of a repeatable, comma-separated option; `undefined` when never given. */
export function nameList(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values
    .flatMap((value) => value.split(','))
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The registration gate's input from the flags; throws {@link UsageError} for bad values. */
export function gateInputFromOptions(values: ContextOptionValues): RegistrationGateInput {
  const ports: Partial<Record<HostPort, boolean>> = {};
  for (const port of nameList(values.port) ?? []) ports[oneOf(port, HOST_PORTS, '--port')] = true;
  const features: Partial<Record<FeatureFlag, boolean>> = {};
  for (const flag of values.flag ?? []) {
    const [name = '', setting = 'true'] = flag.split('=', 2);
    features[oneOf(name, FEATURE_FLAGS, '--flag')] =
      oneOf(setting, ['true', 'false'] as const, `--flag ${name}`) === 'true';
  }
  for (const rule of values.disallow ?? []) {
    const parsedRule = safeParsePermissionRule(rule);
    if (!parsedRule.success) throw new UsageError(`--disallow: ${parsedRule.error.message}`);
  }
  const allowlist = nameList(values.allow);
  const denylist = nameList(values.deny);
  return {
    ports,
    features,
    hostKind: oneOf(values.host ?? 'terminal', ['terminal', 'protocol'] as const, '--host'),
    sessionKind: oneOf(values.session ?? 'main', SESSION_KINDS, '--session'),
    toolset: oneOf(values.toolset ?? 'default', ['default', 'explore'] as const, '--toolset'),
    ...(allowlist === undefined ? {} : { allowlist }),
    ...(denylist === undefined ? {} : { denylist }),
    disallowedTools: values.disallow ?? [],
    embeddedSearch: values['no-embedded-search'] !== true,
  };
}

/** Whether any model flag was given. */
export function hasModelOptions(values: ContextOptionValues): boolean {
  return (
    values.model !== undefined ||
    values.provider !== undefined ||
    values.pdf === true ||
    values['native-search'] === true ||
    values['first-party'] === true
  );
}

/**
 * The model profile the flags describe. First-party (Anthropic strict tool use is sent) only on
 * the Anthropic provider, and there only when `--first-party` says so or the model id does: no
 * `--model`, or a `claude-*` id. Another vendor's model behind Anthropic's API (`glm-4.6`) is not.
 */
export function modelFromOptions(values: ContextOptionValues): ModelProfile {
  // A request format names its model provider: openai-responses is OpenAI, ai-sdk defaults to
  // Anthropic below the SDK.
  const given = values.provider ?? 'anthropic';
  const provider = isProviderName(given) ? modelProviderOf(given) : given;
  return {
    id: values.model ?? 'unspecified',
    provider,
    supportsNativeWebSearch: values['native-search'] === true,
    supportsPdf: values.pdf === true,
    firstParty:
      provider === 'anthropic' &&
      (values['first-party'] === true ||
        values.model === undefined ||
        values.model.startsWith('claude-')),
  };
}
