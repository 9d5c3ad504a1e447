/**
 * Read's hook a list calls, `resolveModelContract` (for every model), and what it needs: imported
 * with the generated entry, without the handler module (runtime/tools/read.ts), which is
 * imported on the first call.
 */
import path from 'node:path';
import type { Input, Output } from '../../generated/tools/read.js';
import type { ModelToolContract, ToolImplementation } from '../core/contract.js';

type Implementation = ToolImplementation<Input, Output>;

/** Drop `pages` (property and `required` entry) for models that cannot take PDF documents. */
export const resolveModelContract: NonNullable<Implementation['resolveModelContract']> = (
  contract,
  model,
) => {
  if (model.supportsPdf) return contract;
  const schema = contract.inputSchema as {
    properties?: Record<string, unknown>;
    required?: unknown;
  };
  if (schema.properties === undefined || !('pages' in schema.properties)) return contract;
  const { pages: _dropped, ...properties } = schema.properties;
  const inputSchema: Record<string, unknown> = { ...schema, properties };
  if (Array.isArray(schema.required))
    inputSchema.required = schema.required.filter((name) => name !== 'pages');
  return { ...contract, inputSchema } satisfies ModelToolContract;
};

/** A `.pdf` path (any case): what `pages` and the longer timeout apply to. */
export function isPdfPath(filePath: string): boolean {
  return path.extname(filePath).toLowerCase() === '.pdf';
}
