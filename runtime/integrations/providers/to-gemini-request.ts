/**
 * Gemini `generateContent` tools: `tools: [{functionDeclarations: [{name, description,
 * parametersJsonSchema}]}]` (or the legacy OpenAPI-subset `parameters`, see
 * `toGeminiOpenApiSchema`; never both). Names follow Gemini's rule (`projectGeminiFunctionNames`).
 *
 * - A tool without parameters has neither field.
 * - A turn's restriction is `toolConfig: {functionCallingConfig: {mode: "VALIDATED",
 *   allowedFunctionNames}}`: `allowedFunctionNames` is only honoured with `ANY` (which forces a
 *   call every turn) or `VALIDATED` (calls or text, like `AUTO`, with schema adherence).
 * - Gemini has no per-tool strict mode and no parallel-calls switch.
 */
import { isJsonObject as isSchemaObject } from '../../core/support/is-json-object.js';
import type { JsonSchema, ModelToolContract } from '../../core/contract.js';
import { projectGeminiFunctionNames } from './gemini-function-names.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { withoutProviderTools } from './without-provider-tools.js';
import { decideStrict } from './strict-decisions.js';
import { toGeminiOpenApiSchema, type GeminiSchema } from './to-gemini-openapi-schema.js';
import { allowedIn } from './to-openai-chat-request.js';

/** One function declaration. */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema?: unknown;
  readonly parameters?: GeminiSchema;
}

/** The `generateContent` config fields this projection sets. */
export interface GeminiToolsFragment {
  readonly tools: { readonly functionDeclarations: GeminiFunctionDeclaration[] }[];
  readonly toolConfig?: {
    /** Key order as `@google/genai` writes it, so the bytes sent are these. */
    readonly functionCallingConfig: {
      readonly allowedFunctionNames: string[];
      readonly mode: 'VALIDATED';
    };
  };
}

export function toGeminiRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest<GeminiToolsFragment> {
  const notes: ProjectionNote[] = [];
  const client = withoutProviderTools(contracts, notes);
  const names = projectGeminiFunctionNames(client.map((contract) => contract.name));
  const strict = decideStrict(client, { provider: 'gemini', model: options.model });
  const tools: SentTool[] = [];
  const declarations: GeminiFunctionDeclaration[] = [];
  const listed: ModelToolContract[] = [];
  client.forEach((contract, index) => {
    const sentName = names.get(contract.name)!;
    const schema = strict[index]!.schema;
    const parameters = parametersOf(
      contract.name,
      schema,
      options.geminiSchema ?? 'json-schema',
      notes,
    );
    if (parameters === 'omitted') return;
    if (sentName !== contract.name) {
      notes.push({
        tool: contract.name,
        code: 'renamed',
        message: `${contract.name}: sent as ${sentName} (Gemini names start with a letter or _)`,
      });
    }
    listed.push(contract);
    const declaration: GeminiFunctionDeclaration = {
      name: sentName,
      description: contract.description,
      ...parameters,
    };
    declarations.push(declaration);
    tools.push({ name: contract.name, sentName, entry: declaration });
  });
  const request: GeminiToolsFragment = {
    tools: [{ functionDeclarations: declarations }],
    ...(options.allowedTools === undefined
      ? {}
      : {
          toolConfig: {
            functionCallingConfig: {
              allowedFunctionNames: allowedIn(listed, options.allowedTools).map((name) =>
                names.get(name)!,
              ),
              mode: 'VALIDATED' as const,
            },
          },
        }),
  };
  return { provider: 'gemini', request, tools, strict, notes };
}

function parametersOf(
  tool: string,
  schema: JsonSchema,
  form: 'json-schema' | 'openapi',
  notes: ProjectionNote[],
): Pick<GeminiFunctionDeclaration, 'parametersJsonSchema' | 'parameters'> | 'omitted' {
  if (form === 'json-schema') {
    const properties = schema['properties'];
    const empty =
      (!isSchemaObject(properties) || Object.keys(properties).length === 0) &&
      Object.keys(schema).every((key) =>
        ['type', 'properties', 'required', 'additionalProperties', 'description'].includes(key),
      );
    return empty ? {} : { parametersJsonSchema: schema };
  }
  const converted = toGeminiOpenApiSchema(schema);
  if (!converted.ok) {
    notes.push({
      tool,
      code: 'omitted',
      message: `${tool}: left out; its schema cannot be said in Gemini's OpenAPI subset: ${converted.problems.map((problem) => problem.message).join('; ')}`,
    });
    return 'omitted';
  }
  return converted.schema === undefined ? {} : { parameters: converted.schema };
}
