/**
 * The audit as a generate extension: adds `generated/AUDIT.md`, `generated/field-readers.json`
 * and the inline flags of the tool modules to every full `generate` run.
 */
import type { GenerateExtension } from '../generate-extension.js';

export interface AuditExtensionOptions {
  /** Use the scan cache. Default: true. */
  readonly cache?: boolean;
}

export function auditExtension(options: AuditExtensionOptions = {}): GenerateExtension {
  return {
    name: 'audit',
    async run({ projectRoot, set }) {
      const { auditProject } = await import('./audit-project.js');
      const audit = await auditProject({ projectRoot, set, cache: options.cache ?? true });
      return { files: audit.files, annotationsFor: (tool) => audit.annotationsFor(tool) };
    },
  };
}
