/**
 * What the model sees of one tool, per request projection, as bytes: the `prompt cache` class of
 * `diff` compares these between revisions. Each projection is one entry of
 * {@link MODEL_PROJECTIONS}; another provider's request shape is one more entry.
 *
 * The model contract is built from the manifest alone, the way the generated module and the
 * runtime would (`contractValue`, then `renderModelContract` with fixed description settings), so
 * another revision needs no generated code, no ts-morph and no handlers.
 */
import Handlebars from 'handlebars';
import { projectAiSdkTools } from '../../runtime/adapters/to-ai-sdk-tools.js';
import { toStrictSchema } from '../../runtime/adapters/to-strict-schema.js';
import {
  ANTHROPIC_STRICT_DIALECT,
  OPENAI_STRICT_DIALECT,
} from '../../runtime/adapters/strict-schema-dialects.js';
import type {
  JsonSchema,
  ModelProfile,
  ModelToolContract,
  ToolEntry,
} from '../../runtime/contract.js';
import type { DescriptionSettings } from '../../runtime/visibility/description-context.js';
import { renderModelContract } from '../../runtime/visibility/render-model-contract.js';
import { canonicalJson } from '../../runtime/visibility/tools-fingerprint.js';
import { compileSchema } from '../emit/compile-schema.js';
import { contractValue } from '../emit/contract-value.js';
import { findDescriptionTemplates } from '../emit/description-templates.js';
import type { LoadedTool } from '../manifest/manifest-set.js';

/** One request shape a tool is sent in. */
export interface ModelProjection {
  /** Stable name, used in reports and `--json` (`default`, `anthropic-strict`, …). */
  readonly name: string;
  /** What it is, for `--help` and docs. */
  readonly summary: string;
  /** The tool as this projection sends it; `undefined` when it does not send the tool. */
  project(contract: ModelToolContract): unknown;
}

/** The same settings for both revisions: only the contracts may make the bytes differ. */
const DESCRIPTION_SETTINGS: DescriptionSettings = {
  currentMonth: 'January 2026',
  dynamicWorkflows: false,
};

const AI_SDK_MODEL: ModelProfile = {
  id: 'claude-sonnet-4-5',
  provider: 'anthropic',
  supportsNativeWebSearch: true,
  supportsPdf: true,
  firstParty: true,
};

function strictOrPlain(
  contract: ModelToolContract,
  result: ReturnType<typeof toStrictSchema>,
): unknown {
  return {
    name: contract.name,
    description: contract.description,
    inputSchema: result.representable ? result.schema : contract.inputSchema,
    strict: result.representable,
  };
}

export const MODEL_PROJECTIONS: readonly ModelProjection[] = [
  {
    name: 'default',
    summary:
      'name, description and input schema as the contract renders them (the default context)',
    project: (contract) => ({
      name: contract.name,
      description: contract.description,
      inputSchema: contract.inputSchema,
    }),
  },
  {
    name: 'anthropic-strict',
    summary: 'the input schema projected onto Anthropic’s strict subset',
    project: (contract) =>
      strictOrPlain(contract, toStrictSchema(contract.inputSchema, ANTHROPIC_STRICT_DIALECT)),
  },
  {
    name: 'openai-strict',
    summary: 'the input schema projected onto OpenAI’s strict subset',
    project: (contract) =>
      strictOrPlain(contract, toStrictSchema(contract.inputSchema, OPENAI_STRICT_DIALECT)),
  },
  {
    name: 'ai-sdk',
    summary: 'the Vercel AI SDK tool (`toAiSdkTools`, Anthropic first-party model)',
    project: (contract) => {
      const tool = projectAiSdkTools([contract], { provider: 'anthropic', model: AI_SDK_MODEL })
        .tools[contract.name] as Record<string, unknown> | undefined;
      if (tool === undefined) return undefined;
      const schema = tool['inputSchema'] as { jsonSchema?: unknown } | undefined;
      // What the SDK sends the provider; `needsApproval` and `execute` stay on the client.
      return {
        name: contract.name,
        type: tool['type'],
        id: tool['id'],
        description: tool['description'],
        inputSchema: schema?.jsonSchema,
        strict: tool['strict'],
        args: tool['args'],
      };
    },
  },
];

/** Projection name → the canonical bytes the model sees of `tool`; empty when it sees nothing. */
export function modelBytes(tool: LoadedTool): ReadonlyMap<string, string> {
  const contract = modelContractOf(tool);
  const bytes = new Map<string, string>();
  if (contract === undefined) return bytes;
  for (const projection of MODEL_PROJECTIONS) {
    const projected = projection.project(contract);
    if (projected !== undefined) bytes.set(projection.name, canonicalJson(projected));
  }
  return bytes;
}

/** The tool's model contract in the default context, or `undefined` when it is never sent. */
export function modelContractOf(tool: LoadedTool): ModelToolContract | undefined {
  const { manifest } = tool;
  if (!manifest.flags.providerVisible) return undefined;
  const inputSchema = compileSchema(manifest.input).jsonSchema;
  const outputSchema = compileSchema(manifest.output).jsonSchema;
  const templates = findDescriptionTemplates(manifest.description, inputSchema, outputSchema);
  const value = contractValue({ manifest, file: tool.file, inputSchema, outputSchema });
  const compiled = new Map(
    templates.map((template) => [
      template.pointer,
      Handlebars.create().compile(template.source, { noEscape: true, knownHelpersOnly: true }),
    ]),
  );
  const entry = {
    ...value,
    inputSchema: inputSchema as JsonSchema,
    outputSchema: outputSchema as JsonSchema,
    descriptionTemplates:
      templates.length === 0
        ? undefined
        : {
            sources: Object.fromEntries(
              templates.map((template) => [template.pointer, template.source]),
            ),
            render: (pointer: string, context: unknown) => compiled.get(pointer)!(context),
          },
  } as unknown as ToolEntry;
  return renderModelContract(entry, DESCRIPTION_SETTINGS);
}
