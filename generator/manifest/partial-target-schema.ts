import { z } from 'zod';
import { ManifestSchema } from './manifest-schema.js';

/**
 * The fields of a manifest the implementation-module check reads (`name`, `hooks`, `extends`,
 * `implementation`), with the manifest language's own rules. A manifest that fails validation
 * elsewhere but passes this still has its module checked in the same run.
 */
export const PartialTargetSchema = ManifestSchema.pick({
  name: true,
  hooks: true,
  extends: true,
  implementation: true,
}).strip();
