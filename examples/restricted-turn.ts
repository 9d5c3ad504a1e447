/**
 * One turn of a scheduled (cron) run in restrict mode, on any provider: the request lists the
 * session's whole tool list, so the prompt cache holds across interactive and scheduled turns.
 * The turn's restriction travels where the provider has a parameter that keeps the list (OpenAI
 * `allowed_tools`, Gemini `allowedFunctionNames`); everywhere, the session refuses a call to a
 * restricted tool with a text naming the tools the model may call now.
 */
import {
  planTurnTools,
  turnRestriction,
  type ModelProfile,
  type ToolCall,
  type ToolSession,
} from '@tool-contracts/runtime';
import { projectProviderRequest, type ProviderName } from '@tool-contracts/runtime/providers';

/** The request fragment of a cron turn, and a function that runs the turn's calls. */
export function planCronTurn(session: ToolSession, provider: ProviderName, model: ModelProfile) {
  const plan = planTurnTools(session.tools(), { kind: 'cron' }, 'restrict');
  const projection = projectProviderRequest(provider, plan.tools, {
    model,
    ...(plan.allowedTools === undefined ? {} : { allowedTools: plan.allowedTools }),
  });
  const restriction = turnRestriction(plan);
  return {
    request: projection.request,
    notes: projection.notes,
    run: (calls: readonly ToolCall[]) =>
      session.run(calls, restriction === undefined ? {} : { turnRestriction: restriction }),
  };
}
