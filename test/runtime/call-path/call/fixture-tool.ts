/**
 * Tool entries for the call-path tests: real zod schemas, their JSON Schema produced the way the
 * generator produces it (zod-to-json-schema, no `$ref`, input side, draft 2020-12 marker, `anyOf`
 * renamed `oneOf`), and a real handler.
 */
import { join } from 'node:path';
import { z, type ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import type { JsonSchema, ModelProfile, ToolEntry } from '../../../../runtime/core/contract.js';
import type { CallableRuntime, CallToolContext } from '../../../../runtime/call-path/call/index.js';
import { temporaryDirectory } from '../../../support/temporary-directory.js';

function renameAnyOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(renameAnyOf);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key === 'anyOf' && !('oneOf' in node) ? 'oneOf' : key] = renameAnyOf(value);
  }
  return out;
}

export function jsonSchemaOf(schema: ZodTypeAny): JsonSchema {
  const raw = zodToJsonSchema(schema, {
    target: 'jsonSchema7',
    $refStrategy: 'none',
    effectStrategy: 'input',
  }) as Record<string, unknown>;
  delete raw['$schema'];
  delete raw['definitions'];
  return {
    ...(renameAnyOf(raw) as Record<string, unknown>),
    $schema: 'https://json-schema.org/draft/2020-12/schema',
  };
}

type Overrides = Partial<Omit<ToolEntry, 'metadata'>> & {
  readonly metadata?: Partial<ToolEntry['metadata']>;
};

/** A complete entry named `name` with `input` as its schema; every other field overridable. */
export function fixtureTool(name: string, input: ZodTypeAny, overrides: Overrides = {}): ToolEntry {
  const output = overrides.runtimeOutputSchema ?? z.unknown();
  const { metadata, ...rest } = overrides;
  return {
    capability: `test.${name}`,
    metadata: {
      name,
      purpose: `fixture ${name}`,
      modelInstructions: [],
      aliases: [],
      readOnly: true,
      destructive: false,
      concurrentSafe: true,
      sideEffectScope: 'none',
      riskLevel: 'low',
      needsApproval: false,
      requiresUserInteraction: false,
      allowedInPlanMode: true,
      stopTurnOnSuccess: false,
      providerVisible: true,
      idempotent: true,
      recovery: 'none',
      ...metadata,
    },
    description: `Fixture tool ${name}.`,
    inputSchema: jsonSchemaOf(input),
    outputSchema: jsonSchemaOf(output),
    runtimeInputSchema: input,
    runtimeOutputSchema: output,
    strict: false,
    executionMode: 'client',
    permission: {
      permission: name,
      reason: 'fixture',
      riskLevel: 'low',
      sideEffectScope: 'none',
      needsApproval: false,
      alwaysAsk: false,
      askOptions: { allowAlways: true },
      patternSources: [],
      alwaysAllowPatternSources: [],
      denyPriority: 'beforeAsk',
    },
    resultBudget: {
      maxInlineBytes: 100_000,
      maxModelBytes: 100_000,
      strategy: 'truncate',
      preview: { maxBytes: 100_000, direction: 'head' },
      artifact: { enabled: false, retention: 'session' },
    },
    timeout: {
      kind: 'bounded',
      defaultMs: 5_000,
      maxMs: 10_000,
      allowCallOverride: false,
      cleanupGraceMs: 100,
    },
    cancellation: {
      supported: true,
      cleanup: 'abortSignal',
      userMessage: 'The user cancelled this tool call.',
    },
    trace: { required: false, input: 'summary', output: 'summary' },
    availability: {
      ports: [],
      features: [],
      sessionKinds: [],
      excludedSessionKinds: [],
      modelCapabilities: [],
    },
    ordering: 'registration',
    source: `test/${name}`,
    handler: async (value) => ({ ok: true, output: value }),
    ...rest,
  };
}

/** A runtime whose registry is a plain map with aliases (what `callTool` needs, nothing more). */
export function fixtureRuntime(entries: readonly ToolEntry[]): CallableRuntime {
  const byName = new Map<string, ToolEntry>();
  for (const entry of entries) byName.set(entry.metadata.name, entry);
  for (const entry of entries) {
    for (const alias of entry.metadata.aliases) if (!byName.has(alias)) byName.set(alias, entry);
  }
  return { registry: { get: (name) => byName.get(name), list: () => entries } };
}

/** A call context in a fresh temporary directory, removed when the current test finishes. */
export async function fixtureContext(
  overrides: Partial<CallToolContext> = {},
): Promise<CallToolContext> {
  const root = await temporaryDirectory('call-tool-');
  return {
    workspaceRoot: root,
    workingDirectory: root,
    artifactDirectory: join(root, 'artifacts'),
    ...overrides,
  };
}

/** Read's input, as in manifest/tools/read.yaml. */
export const ReadInput = z
  .object({
    file_path: z.string().min(1),
    offset: z.number().int().min(1).optional(),
    limit: z.number().int().min(1).optional(),
    pages: z
      .string()
      .regex(/^[1-9][0-9]*(-[1-9][0-9]*)?$/)
      .optional(),
  })
  .strict();

/** No model, a text-only model and a PDF-capable one: the projections a call may be judged by. */
export const modelProfiles: (ModelProfile | undefined)[] = [
  undefined,
  {
    id: 'text',
    provider: 'openai',
    supportsNativeWebSearch: false,
    supportsPdf: false,
    firstParty: false,
  },
  {
    id: 'pdf',
    provider: 'anthropic',
    supportsNativeWebSearch: true,
    supportsPdf: true,
    firstParty: true,
  },
];
