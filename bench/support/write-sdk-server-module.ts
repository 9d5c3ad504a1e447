/**
 * The anchor of the cold-start row: the module an MCP SDK server author ships for the same
 * tools — plain JavaScript that imports `McpServer` and zod, registers every tool with its zod
 * schemas written out (converted from the JSON Schemas a runtime lists, by json-schema-to-zod),
 * answers one `tools/list` and prints how many tools it listed. Its handlers do nothing: the
 * anchor pays for no tool implementation at start. (json-schema-to-zod writes TypeScript for
 * `oneOf`; the module is transpiled to JavaScript, as an author's build would.)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jsonSchemaToZod } from 'json-schema-to-zod';
import ts from 'typescript';
import type { ModelProfile } from '../../runtime/core/contract.js';
import { toMcpTool } from '../../runtime/integrations/mcp/to-mcp-tool.js';
import type { ToolRuntime } from '../../runtime/core/tool-runtime.js';

const zodOf = (schema: unknown) => jsonSchemaToZod(schema as never, { module: 'none' });

/** Write the module into `directory`; returns its path. */
export async function writeSdkServerModule(
  directory: string,
  runtime: ToolRuntime,
  model: ModelProfile,
): Promise<string> {
  const registrations = runtime.getTools({ model }).map((contract) => {
    const listed = toMcpTool(contract, runtime.registry.get(contract.name)!);
    const config = [
      `title: ${JSON.stringify(listed.title)}`,
      `description: ${JSON.stringify(contract.description)}`,
      `inputSchema: ${zodOf(contract.inputSchema)}`,
      ...(listed.outputSchema === undefined ? [] : [`outputSchema: ${zodOf(listed.outputSchema)}`]),
      `annotations: ${JSON.stringify(listed.annotations)}`,
    ];
    return `server.registerTool(${JSON.stringify(contract.name)}, { ${config.join(', ')} }, handler);`;
  });
  const source = [
    `import { McpServer } from ${JSON.stringify(import.meta.resolve('@modelcontextprotocol/sdk/server/mcp.js'))};`,
    `import { z } from ${JSON.stringify(import.meta.resolve('zod'))};`,
    `const server = new McpServer({ name: 'sdk-baseline', version: '0.0.0' });`,
    `const handler = async () => ({ content: [] });`,
    ...registrations,
    `const list = server.server._requestHandlers.get('tools/list');`,
    `const listed = await list({ method: 'tools/list', params: {} }, {});`,
    `process.stdout.write(String(listed.tools.length));`,
    '',
  ].join('\n');
  const file = path.join(directory, 'sdk-server.mjs');
  const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
  await writeFile(file, ts.transpileModule(source, { compilerOptions }).outputText);
  return file;
}
