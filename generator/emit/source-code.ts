/**
 * A fragment of TypeScript source placed verbatim inside a printed value (a schema identifier,
 * an imported binding). Everything else {@link printValue} prints is data.
 */
export class SourceCode {
  constructor(readonly text: string) {}
}
