/**
 * Manifest → the value of a generated module's `contract`, field by field, in the order of
 * docs/architecture.md. Every default the contract needs is settled here, visibly:
 * `permission.riskLevel` / `sideEffectScope` / `needsApproval` fall back to the flags,
 * `resultBudget.maxInlineBytes` and `resultBudget.preview.maxBytes` to `maxModelBytes`.
 */
import type { Manifest, ToolIndex } from '../manifest/manifest-schema.js';
import type { JsonObject } from '../../runtime/core/support/is-json-object.js';
import { SourceCode } from './source-code.js';
import { zodChecksAreJsonSchema } from './zod-code.js';

export interface ContractValueInput {
  readonly manifest: Manifest;
  /** Project-relative posix path of the manifest (the contract's `source`). */
  readonly file: string;
  /** Normalised JSON Schemas (what `generated/schemas/*.json` holds). */
  readonly inputSchema: JsonObject;
  readonly outputSchema: JsonObject;
  /** Set the contract's `descriptionTemplates` to the imported binding of this name. */
  readonly descriptionTemplates?: string;
  /** The index's groups (for the description of the tool's `group`). Default: none. */
  readonly groups?: ToolIndex['groups'];
}

export function contractValue(input: ContractValueInput): Record<string, unknown> {
  const { manifest } = input;
  const { flags, permission, resultBudget, timeout } = manifest;
  return {
    capability: manifest.capability,
    metadata: {
      name: manifest.name,
      purpose: manifest.purpose,
      modelInstructions: manifest.modelInstructions,
      aliases: manifest.aliases,
      extends: manifest.extends,
      readOnly: flags.readOnly,
      destructive: flags.destructive,
      concurrentSafe: flags.concurrentSafe,
      sideEffectScope: flags.sideEffectScope,
      riskLevel: flags.riskLevel,
      needsApproval: flags.needsApproval,
      requiresUserInteraction: flags.requiresUserInteraction,
      allowedInPlanMode: flags.allowedInPlanMode,
      stopTurnOnSuccess: flags.stopTurnOnSuccess,
      providerVisible: flags.providerVisible,
      idempotent: flags.idempotent,
      recovery: flags.recovery,
      maxOutputBytes: manifest.maxOutputBytes,
    },
    description: manifest.description,
    descriptionTemplates:
      input.descriptionTemplates === undefined
        ? undefined
        : new SourceCode(input.descriptionTemplates),
    inputSchema: input.inputSchema,
    outputSchema: input.outputSchema,
    inputSchemaExact: zodChecksAreJsonSchema(manifest.input),
    permission: {
      permission: permission.permission,
      reason: permission.reason,
      riskLevel: permission.riskLevel ?? flags.riskLevel,
      sideEffectScope: permission.sideEffectScope ?? flags.sideEffectScope,
      needsApproval: permission.needsApproval ?? flags.needsApproval,
      alwaysAsk: permission.alwaysAsk,
      askOptions: { allowAlways: permission.askOptions.allowAlways },
      patternSources: permission.patternSources,
      alwaysAllowPatternSources: permission.alwaysAllowPatternSources,
      denyPriority: permission.denyPriority,
    },
    resultBudget: {
      maxInlineBytes: resultBudget.maxInlineBytes ?? resultBudget.maxModelBytes,
      maxModelBytes: resultBudget.maxModelBytes,
      strategy: resultBudget.strategy,
      preview: {
        maxBytes: resultBudget.preview.maxBytes ?? resultBudget.maxModelBytes,
        direction: resultBudget.preview.direction,
      },
      artifact: {
        enabled: resultBudget.artifact.enabled,
        retention: resultBudget.artifact.retention,
      },
    },
    timeout:
      timeout.kind === 'none'
        ? { kind: 'none' }
        : {
            kind: 'bounded',
            defaultMs: timeout.defaultMs,
            maxMs: timeout.maxMs,
            allowCallOverride: timeout.allowCallOverride,
            cleanupGraceMs: timeout.cleanupGraceMs,
          },
    cancellation: {
      supported: manifest.cancellation.supported,
      cleanup: manifest.cancellation.cleanup,
      userMessage: manifest.cancellation.userMessage,
    },
    trace: {
      required: manifest.trace.required,
      input: manifest.trace.input,
      output: manifest.trace.output,
    },
    availability: {
      ports: manifest.availability.ports,
      features: manifest.availability.features,
      sessionKinds: manifest.availability.sessionKinds,
      excludedSessionKinds: manifest.availability.excludedSessionKinds,
      modelCapabilities: manifest.availability.modelCapabilities,
      supersededBy: manifest.availability.supersededBy,
    },
    ordering: manifest.ordering,
    strict: manifest.strict,
    executionMode: manifest.executionMode,
    providerNative:
      manifest.providerNative === undefined
        ? undefined
        : { provider: manifest.providerNative.provider, type: manifest.providerNative.type },
    // Emitted only when not the default, so contracts that do not use them stay as they were.
    loading: manifest.loading === 'eager' ? undefined : manifest.loading,
    group:
      manifest.group === undefined
        ? undefined
        : { name: manifest.group, description: input.groups?.[manifest.group]?.description ?? '' },
    searchHints: manifest.searchHints.length === 0 ? undefined : manifest.searchHints,
    listing: listingValue(manifest),
    source: input.file,
  };
}

/** The contract's `listing`, only when the manifest states part of it. */
function listingValue(manifest: Manifest): Record<string, unknown> | undefined {
  const listing = {
    title: manifest.title,
    openWorldHint: manifest.annotations?.openWorldHint,
    taskSupport: manifest.execution?.taskSupport,
    meta: manifest._meta,
  };
  return Object.values(listing).some((value) => value !== undefined) ? listing : undefined;
}

/** Contract fields whose value is data the audit does not track field by field. */
export function isAnnotatedContractField(fieldPath: string): boolean {
  return !/^(inputSchema|outputSchema)[.[]/.test(fieldPath);
}
