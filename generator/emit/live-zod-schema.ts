import { z, type ZodTypeAny } from 'zod';

/**
 * Evaluate zod source code produced by {@link zodCode} into a live zod schema.
 *
 * The code only ever contains `z.` calls, `new RegExp(...)` and JSON literals written by
 * `jsJson`, so evaluating it runs nothing a manifest author could inject.
 */
export function liveZodSchema(code: string): ZodTypeAny {
  const build = new Function('z', `"use strict";\nreturn (${code});`) as (
    zod: typeof z,
  ) => ZodTypeAny;
  return build(z);
}
