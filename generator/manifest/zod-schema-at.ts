import { z } from 'zod';
import { isJsonObject } from '../../runtime/core/support/is-json-object.js';
import type { FieldPath } from './field-path.js';

/**
 * The zod schema that governs the value at `path`, with wrappers (optional, default, lazy,
 * effects…) peeled off; `undefined` when the path leaves the schema. Discriminated unions are
 * followed through the branch the data selects, so an issue deep inside `input` finds its node.
 *
 * The loader uses it to word issues zod leaves terse: the known keys of an object (for "did you
 * mean"), the pattern of a regex check.
 */
export function zodSchemaAt(
  root: z.ZodTypeAny,
  data: unknown,
  path: FieldPath,
): z.ZodTypeAny | undefined {
  let schema: z.ZodTypeAny | undefined = unwrapZodSchema(root, data);
  let value = data;
  for (const segment of path) {
    if (!schema) return undefined;
    value = childValue(value, segment);
    schema = childSchema(schema, segment);
    schema = schema && unwrapZodSchema(schema, value);
  }
  return schema;
}

/** Peels wrappers and picks the discriminated-union branch `data` selects (if it selects one). */
export function unwrapZodSchema(schema: z.ZodTypeAny, data: unknown): z.ZodTypeAny {
  let current = schema;
  for (let depth = 0; depth < 64; depth += 1) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
      current = current.unwrap();
    else if (current instanceof z.ZodDefault) current = current.removeDefault();
    else if (current instanceof z.ZodLazy) current = current.schema;
    else if (current instanceof z.ZodEffects) current = current.innerType();
    else if (current instanceof z.ZodBranded) current = current.unwrap();
    else if (current instanceof z.ZodCatch) current = current.removeCatch();
    else if (current instanceof z.ZodReadonly) current = current.unwrap();
    else if (current instanceof z.ZodPipeline) current = current._def.in;
    else if (current instanceof z.ZodDiscriminatedUnion) {
      const tag =
        isJsonObject(data) && Object.hasOwn(data, current.discriminator)
          ? data[current.discriminator]
          : undefined;
      const branch = current.optionsMap.get(tag as never);
      if (!branch) return current;
      current = branch;
    } else return current;
  }
  return current;
}

function childSchema(schema: z.ZodTypeAny, segment: string | number): z.ZodTypeAny | undefined {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as Record<string, z.ZodTypeAny>;
    return typeof segment === 'string' && Object.hasOwn(shape, segment)
      ? shape[segment]
      : undefined;
  }
  if (schema instanceof z.ZodRecord) return schema.valueSchema as z.ZodTypeAny;
  if (schema instanceof z.ZodArray)
    return typeof segment === 'number' ? (schema.element as z.ZodTypeAny) : undefined;
  if (schema instanceof z.ZodTuple)
    return typeof segment === 'number' ? schema.items[segment] : undefined;
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    for (const option of schema.options as z.ZodTypeAny[]) {
      const found = childSchema(unwrapZodSchema(option, undefined), segment);
      if (found) return found;
    }
  }
  return undefined;
}

function childValue(value: unknown, segment: string | number): unknown {
  if (Array.isArray(value)) return typeof segment === 'number' ? value[segment] : undefined;
  if (isJsonObject(value) && Object.hasOwn(value, String(segment))) return value[String(segment)];
  return undefined;
}
