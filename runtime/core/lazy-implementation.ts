/**
 * A tool's hand-written module and zod schemas, imported on first use (every generated module
 * calls these through the package's `contract` entry).
 */
import type { ZodType, ZodTypeDef } from 'zod';

/**
 * A tool's hand-written module imported on first use. A generated entry lists its tool from the contract alone; the
 * handler module (and what it imports: a shell parser, a PDF library, an
 * HTML converter) is imported only when a call needs it. The entry's handler and asynchronous
 * hooks import the module themselves. The hook a list calls (`resolveModelContract`) comes from
 * the implementation's separate `-eager-hooks` module when it has one (else from the module
 * itself, imported at once) and is imported with the entry; the remaining synchronous hooks
 * (permission, batch planning, the timeout, formatting an output) run once a call has awaited
 * `loadImplementation` and call the module it imported ({@link LazyImplementation.loaded}).
 */
export interface LazyImplementation<Module> {
  /** Imports the module (once: every call returns the same promise). */
  readonly load: () => Promise<Module>;
  /** The imported module; throws when {@link load} has not resolved yet. */
  readonly loaded: () => Module;
}

export function lazyImplementation<Module>(
  toolName: string,
  importModule: () => Promise<Module>,
): LazyImplementation<Module> {
  return lazyModule(
    importModule,
    `${toolName}: its implementation module is not loaded yet; await tool.loadImplementation() before running a permission, timeout or output hook without a call`,
  );
}

/** What a generated tool's zod module (`generated/zod/<kebab>.ts`) exports. */
export interface ZodSchemasModule<Input, Output> {
  readonly InputSchema: ZodType<Input, ZodTypeDef, unknown>;
  readonly OutputSchema: ZodType<Output, ZodTypeDef, unknown>;
}

/**
 * A generated tool's zod schemas, imported with its implementation (the entry's
 * `loadImplementation`, which a call awaits before validating) and not to list tools: a list
 * reads the JSON Schemas alone, so a process that only lists never loads zod. The entry's
 * `runtimeInputSchema` and `runtimeOutputSchema` read {@link LazyImplementation.loaded}, which
 * throws until then.
 */
export function lazyZodSchemas<Input, Output>(
  toolName: string,
  importModule: () => Promise<ZodSchemasModule<Input, Output>>,
): LazyImplementation<ZodSchemasModule<Input, Output>> {
  return lazyModule(
    importModule,
    `${toolName}: its zod schemas are not loaded yet; await tool.loadImplementation() before reading runtimeInputSchema or runtimeOutputSchema outside a call`,
  );
}

function lazyModule<Module>(
  importModule: () => Promise<Module>,
  notLoaded: string,
): LazyImplementation<Module> {
  let module: Module | undefined;
  let loading: Promise<Module> | undefined;
  const load = (): Promise<Module> =>
    (loading ??= importModule().then(
      (imported) => (module = imported),
      (error: unknown) => {
        loading = undefined; // a failed import is retried by the next call
        throw error;
      },
    ));
  const loaded = (): Module => {
    if (module === undefined) throw new Error(notLoaded);
    return module;
  };
  return { load, loaded };
}
