/**
 * A `strict: true` manifest whose input schema no provider's strict subset can express: strict
 * would never apply, so generate warns, with the place of `strict` and each provider's reason.
 * (It is a warning, not a problem: the tool still works, sent without strict mode.)
 */
import { toStrictSchema } from '../../runtime/integrations/adapters/to-strict-schema.js';
import {
  ANTHROPIC_STRICT_DIALECT,
  OPENAI_STRICT_DIALECT,
} from '../../runtime/integrations/adapters/strict-schema-dialects.js';
import type { JsonSchema } from '../../runtime/core/contract.js';
import type { LoadedTool } from './manifest-set.js';

/** One warning line per such tool: `file:line:col strict: …`. */
export function strictWarnings(
  tools: readonly LoadedTool[],
  inputSchemaOf: (tool: LoadedTool) => JsonSchema | undefined,
): string[] {
  const warnings: string[] = [];
  for (const tool of tools) {
    if (tool.manifest.strict !== true) continue;
    const schema = inputSchemaOf(tool);
    if (schema === undefined) continue;
    const projections = [ANTHROPIC_STRICT_DIALECT, OPENAI_STRICT_DIALECT].map((dialect) => ({
      provider: dialect.provider,
      projection: toStrictSchema(schema, dialect),
    }));
    if (projections.some(({ projection }) => projection.representable)) continue;
    const reasons = projections.map(({ provider, projection }) =>
      projection.representable
        ? provider
        : `${provider}: ${projection.problems.map((problem) => `input${problem.message}`).join('; ')}`,
    );
    const { line, column } = tool.locate(['strict']);
    warnings.push(
      `${tool.file}:${line}:${column} strict: true, but no provider's strict subset can express the input schema, so strict never applies (${reasons.join(' | ')})`,
    );
  }
  return warnings;
}
