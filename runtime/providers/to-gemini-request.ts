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
import { isSchemaObject } from '../adapters/schema-keywords.js';
import type { JsonSchema, ModelToolContract } from '../contract.js';
import { projectGeminiFunctionNames } from './gemini-function-names.js';
import type {
  ProjectionNote,
  ProviderRequest,
  ProviderRequestOptions,
  SentTool,
} from './provider-request.js';
import { withoutProviderTools } from './restrict-by-removal.js';
import { decideStrict } from './strict-decisions.js';
import { toGeminiOpenApiSchema } from './to-gemini-openapi-schema.js';
import { allowedIn } from './to-openai-chat-request.js';

export function toGeminiRequest(
  contracts: readonly ModelToolContract[],
  options: ProviderRequestOptions,
): ProviderRequest {
  const notes: ProjectionNote[] = [];
  const client = withoutProviderTools(contracts, notes);
  const names = projectGeminiFunctionNames(client.map((contract) => contract.name));
  const strict = decideStrict(client, { provider: 'gemini', model: options.model });
  const tools: SentTool[] = [];
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
    tools.push({
      name: contract.name,
      sentName,
      entry: { name: sentName, description: contract.description, ...parameters },
    });
  });
  const request: Record<string, unknown> = {
    tools: [{ functionDeclarations: tools.map((tool) => tool.entry) }],
  };
  if (options.allowedTools !== undefined) {
    request['toolConfig'] = {
      functionCallingConfig: {
        mode: 'VALIDATED',
        allowedFunctionNames: allowedIn(listed, options.allowedTools).map((name) =>
          names.get(name)!,
        ),
      },
    };
  }
  return { provider: 'gemini', request, tools, strict, notes };
}

function parametersOf(
  tool: string,
  schema: JsonSchema,
  form: 'json-schema' | 'openapi',
  notes: ProjectionNote[],
): Record<string, unknown> | 'omitted' {
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
