/**
 * The session the in-process rows list tools for: a main session with every port and flag that
 * shows a tool (36 of the 41 built-ins: Task, submit_result, escalate and RespondToCoordinator
 * belong to other session kinds or are never listed; ToolSearch, behind the `toolSearch` flag,
 * is for deferred loading only), for a model with native search and PDF —
 * the largest tool list a model gets, so both sides of a row serve the most tools there are.
 * The same session as the flags of `bench/mcp-round-trip.bench.ts`.
 */
import type { ModelProfile } from '../../runtime/core/contract.js';
import type { RegistrationGateInput } from '../../runtime/index.js';

export const BENCH_MODEL: ModelProfile = {
  id: 'bench',
  provider: 'anthropic',
  supportsNativeWebSearch: true,
  supportsPdf: true,
  firstParty: true,
};

export const LARGEST_GATE: RegistrationGateInput = {
  ports: { cron: true, offPeak: true, subagent: true, subagentMessaging: true, skill: true },
  features: { nodeRepl: true, dynamicWorkflows: true },
  hostKind: 'terminal',
  sessionKind: 'main',
  embeddedSearch: false,
};

/** A logger for runtimes built only to be measured. */
export const SILENT = { warn: () => {} };
