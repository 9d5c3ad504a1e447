/**
 * The failure a host tool returns when the host port it calls was not injected. The registration
 * gate normally keeps such a tool away from the model; this covers the paths that bypass it (an
 * alias, a stale tool list, a host that injects a port without the method a tool needs).
 */
import type { ToolFailure } from '../../core/contract.js';

/** How `port_unavailable` messages name each host service. */
export const HOST_SERVICES = {
  cron: 'scheduler for cron jobs',
  offPeak: 'off-peak task queue',
  subagent: 'sub-agents',
  subagentMessaging: 'messaging between agents',
  coordinator: 'coordinator to reply to',
  skill: 'skills',
  workflow: 'dynamic workflow engine',
  workflowActor: 'workflow run to report to',
  nodeRepl: 'Node.js REPL',
  userQuestions: 'way to ask the user questions',
  planMode: 'plan mode',
  sessions: 'access to other sessions',
  models: 'model catalogue',
  webSearch: 'web search',
} as const;

/**
 * `{ code: 'port_unavailable' }` naming the tool and the missing host service, e.g.
 * `CronCreate is not available: this host provides no scheduler for cron jobs.`
 */
export function portUnavailable(toolName: string, service: string): ToolFailure {
  return {
    ok: false,
    code: 'port_unavailable',
    message: `${toolName} is not available: this host provides no ${service}.`,
  };
}
