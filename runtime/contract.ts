/**
 * The `contract` entry of `@tool-contracts/runtime`: everything a generated tool module imports
 * — the contract types, and the functions it calls on its contract at import (`deepFreeze`) and
 * to load its handler and zod schemas on first use (`lazyImplementation`, `lazyZodSchemas`).
 */
export * from './core/contract.js';
export { TOOL_ERROR_CODES, type ToolErrorCode } from './core/tool-error-code.js';
export {
  adoptFrozenJsonTree,
  deepFreeze,
  freezeJsonTree,
  isFrozenData,
} from './core/frozen-data.js';
export {
  lazyImplementation,
  lazyZodSchemas,
  type LazyImplementation,
  type ZodSchemasModule,
} from './core/lazy-implementation.js';
