/**
 * A tool's hand-written module imported on first use. A generated entry lists its tool from the
 * contract alone; the handler module (and what it imports: a shell parser, a PDF library, an
 * HTML converter) is imported only when a call needs it. The entry's handler and asynchronous
 * hooks import the module themselves. The hooks the runtime calls synchronously before a handler
 * (listing, permission, batch planning, the timeout) come from the implementation's separate
 * `-eager-hooks` module and are imported with the entry; the remaining synchronous hooks format
 * a handler's output and call the module the handler imported ({@link LazyImplementation.loaded}).
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
    if (module === undefined)
      throw new Error(
        `${toolName}: its implementation module is not loaded yet; await tool.loadImplementation() before formatting an output without a call`,
      );
    return module;
  };
  return { load, loaded };
}
