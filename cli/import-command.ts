/**
 * `tool-contracts import`: an MCP server's tools brought under contract. Reads a live server's
 * `tools/list` (`--mcp-config FILE [--server NAME]`) or a saved one (`--mcp-list FILE`), and
 * writes per server an abstract template (`Mcp<Server>`: scope, approval, budget, timeout,
 * cancellation, permission), per tool a manifest that extends it and a handler that forwards
 * each call to the server, and the tools' names into `registrationOrder`. Re-running it updates
 * the same files (and removes the tools the server no longer lists), so `tool-contracts diff`
 * classifies an upstream change like any other contract change.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, parseDocument, visit } from 'yaml';
import { compileSchema } from '../generator/emit/compile-schema.js';
import { SchemaNodeSchema } from '../generator/manifest/manifest-schema.js';
import { MANIFEST_SCHEMA_COMMENT } from '../generator/manifest/load-manifest-sources.js';
import { kebabCase } from '../generator/manifest/kebab-case.js';
import {
  manifestFromMcpTool,
  mcpServerTemplate,
  mcpTemplateName,
  type ImportedTool,
  type McpImportWarning,
} from '../generator/manifest/manifest-from-mcp-tool.js';
import { parseYamlSource } from '../generator/manifest/parse-yaml-source.js';
import { CommandError, defineCommand, UsageError } from './define-command.js';
import { jsonText } from './json-output.js';
import { requireProjectLayout } from './project-layout.js';

export const IMPORT_USAGE = `Usage: tool-contracts import (--mcp-config FILE [--server NAME] | --mcp-list FILE [--server NAME]) [options]

Write a manifest and a forwarding handler for every tool of an MCP server, and the server's
abstract template (what its tools share), into the project; add the tools to registrationOrder.
Running it again updates them: \`tool-contracts diff\` then shows what the server changed.

Options:
      --mcp-config FILE  An mcpServers configuration; its servers are started and asked for tools/list
      --server NAME      Only this server of the configuration (with --mcp-list: the server's name,
                         default: the file's name)
      --mcp-list FILE    A saved tools/list result ({ "tools": [...] }) instead of a live server;
                         handlers then reach the server through .mcp.json at the project root
      --json             Print { tools: [{ server, original, name, manifest, handler }], warnings }
  -h, --help             Show this help`;

interface ServerTools {
  readonly server: string;
  readonly tools: readonly unknown[];
  /** Where the list came from, to locate warnings: a file (with its text) or the live server. */
  readonly where:
    | { readonly file: string; readonly text: string; readonly prefix: (string | number)[] }
    | { readonly live: string };
  /** The mcpServers file the handlers use, absolute. */
  readonly configFile: string;
}

export const command = defineCommand({
  name: 'import',
  usage: IMPORT_USAGE,
  options: {
    'mcp-config': { type: 'string' },
    'mcp-list': { type: 'string' },
    server: { type: 'string' },
    json: { type: 'boolean' },
  },
  async run({ values }, io) {
    const configOption = values['mcp-config'];
    const listOption = values['mcp-list'];
    if ((configOption === undefined) === (listOption === undefined))
      throw new UsageError('give exactly one of --mcp-config FILE and --mcp-list FILE');
    const { projectRoot, paths } = await requireProjectLayout(io.cwd);
    const lists =
      listOption !== undefined
        ? [await savedList(path.resolve(io.cwd, listOption), values.server, projectRoot)]
        : await liveLists(path.resolve(io.cwd, configOption!), values.server);

    const manifestDirectory = path.join(projectRoot, ...paths.manifestDirectory.split('/'));
    const implementations = path.join(projectRoot, ...paths.implementations.split('/'));
    const generatedTools = path.join(projectRoot, ...paths.generated.split('/'), 'tools');
    const written: {
      server: string;
      original: string;
      name: string;
      manifest: string;
      handler: string;
    }[] = [];
    const warnings: string[] = [];
    const order: { server: string; names: string[]; removed: string[] }[] = [];
    for (const list of lists) {
      const template = mcpTemplateName(list.server);
      const previous = await importedFrom(manifestDirectory, template);
      const imported: ImportedTool[] = [];
      const files = new Map<string, string>();
      list.tools.forEach((descriptor, index) => {
        const result = manifestFromMcpTool(list.server, descriptor, index);
        if ('error' in result) {
          warnings.push(`${locate(list, [index])} ${result.error}; skipped`);
          return;
        }
        const file = `${kebabCase(result.name)}.yaml`;
        const clash = files.get(file);
        if (clash !== undefined || result.name === template) {
          warnings.push(
            `${locate(list, [index, 'name'])} ${JSON.stringify(result.original)} would be written to ${file} like ${JSON.stringify(clash ?? template)}; skipped`,
          );
          return;
        }
        const existing = path.join(manifestDirectory, file);
        if (existsSync(existing) && !previous.has(result.name)) {
          warnings.push(
            `${locate(list, [index, 'name'])} ${paths.manifestDirectory}/${file} exists and is not imported from "${list.server}"; skipped (rename one of them)`,
          );
          return;
        }
        files.set(file, result.original);
        for (const side of ['input', 'output'] as const)
          if (result.manifest[side] !== undefined)
            for (const message of settleSchema(result.manifest, side))
              result.warnings.push({
                tool: result.original,
                pointer: `/tools/${index}/${side}Schema`,
                message,
              });
        imported.push(result);
        for (const warning of result.warnings) warnings.push(formatWarning(list, warning));
      });
      await mkdir(manifestDirectory, { recursive: true });
      await mkdir(implementations, { recursive: true });
      await writeFile(
        path.join(manifestDirectory, `${kebabCase(template)}.yaml`),
        yamlText(mcpServerTemplate(list.server)),
      );
      for (const tool of imported) {
        const base = kebabCase(tool.name);
        const manifestFile = path.join(manifestDirectory, `${base}.yaml`);
        const handlerFile = path.join(implementations, `${base}.ts`);
        await writeFile(manifestFile, yamlText(tool.manifest));
        await writeFile(
          handlerFile,
          handlerText(
            list.server,
            tool,
            posix(path.relative(implementations, list.configFile)),
            posix(path.relative(implementations, path.join(generatedTools, `${base}.js`))),
          ),
        );
        written.push({
          server: list.server,
          original: tool.original,
          name: tool.name,
          manifest: posix(path.relative(projectRoot, manifestFile)),
          handler: posix(path.relative(projectRoot, handlerFile)),
        });
      }
      const names = imported.map((tool) => tool.name);
      const removed = [...previous.keys()].filter((name) => !names.includes(name));
      for (const name of removed) {
        await rm(previous.get(name)!, { force: true });
        await rm(path.join(implementations, `${kebabCase(name)}.ts`), { force: true });
      }
      order.push({ server: list.server, names, removed });
    }
    await updateRegistrationOrder(path.join(projectRoot, ...paths.toolIndexFile.split('/')), order);

    if (values.json === true) {
      io.out(jsonText({ tools: written, warnings }));
      return 0;
    }
    for (const warning of warnings) io.err(`warning: ${warning}`);
    for (const { server, names, removed } of order)
      io.out(
        `${server}: ${names.length} tool${names.length === 1 ? '' : 's'} imported${removed.length === 0 ? '' : `, ${removed.length} removed (${removed.join(', ')})`}`,
      );
    io.out(
      'Next: npx tool-contracts generate, then npx tool-contracts diff to review what changed',
    );
    return 0;
  },
});

export const run = command.run;

async function savedList(
  file: string,
  server: string | undefined,
  projectRoot: string,
): Promise<ServerTools> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CommandError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  const display = path.relative(process.cwd(), file) || file;
  const source = parseYamlSource(display, text);
  if (source.issues.length > 0)
    throw new CommandError(
      source.issues
        .map((issue) => `${issue.file}:${issue.line}:${issue.column} ${issue.message}`)
        .join('\n'),
    );
  const value = source.value as Record<string, unknown> | undefined;
  const result = isObject(value?.['result'])
    ? (value!['result'] as Record<string, unknown>)
    : value;
  const tools = result?.['tools'];
  if (!Array.isArray(tools))
    throw new CommandError(`${display}:1:1 expected a tools/list result: { "tools": [...] }`);
  return {
    server:
      server ??
      path
        .basename(file)
        .replace(/\.[^.]*$/, '')
        .replace(/[^A-Za-z0-9_-]/g, '_'),
    tools,
    where: { file: display, text, prefix: result === value ? ['tools'] : ['result', 'tools'] },
    configFile: path.join(projectRoot, '.mcp.json'),
  };
}

async function liveLists(configFile: string, only: string | undefined): Promise<ServerTools[]> {
  const [{ loadMcpConfig, McpConfigError }, { connectMcpServers }, { createToolRuntime }] =
    await Promise.all([
      import('../runtime/integrations/mcp/load-mcp-config.js'),
      import('../runtime/integrations/mcp/connect-mcp-servers.js'),
      import('../runtime/core/tool-runtime.js'),
    ]);
  let servers;
  try {
    ({ servers } = await loadMcpConfig(configFile));
  } catch (error) {
    if (error instanceof McpConfigError) throw new CommandError(error.message);
    throw error;
  }
  const chosen = only === undefined ? servers : servers.filter((server) => server.name === only);
  if (chosen.length === 0)
    throw new CommandError(
      only === undefined
        ? `no servers in ${configFile}`
        : `no server "${only}" in ${configFile} (servers: ${servers.map((server) => server.name).join(', ') || 'none'})`,
    );
  const listed = new Map<string, readonly unknown[]>();
  const failures: string[] = [];
  const runtime = createToolRuntime({
    builtInTools: [],
    sortedProviderToolNames: new Set(),
    gate: { ports: {}, features: { mcp: true }, hostKind: 'terminal', sessionKind: 'main' },
    logger: { warn: () => {} },
  });
  const pool = await connectMcpServers({
    runtime,
    servers: chosen,
    reconnect: { maxAttempts: 0 },
    onToolsListed: (server, descriptors) => listed.set(server, descriptors),
    onEvent: (event) => {
      if (event.type === 'failed') failures.push(`${event.server}: ${event.reason}`);
    },
  });
  await pool.close();
  if (failures.length > 0)
    throw new CommandError(`cannot list the tools of ${failures.join('; ')}`);
  return chosen.map((server) => ({
    server: server.name,
    tools: listed.get(server.name) ?? [],
    where: { live: `${server.name} (tools/list)` },
    configFile,
  }));
}

/** Names of the manifests that extend `template` (imported from that server before), with their files. */
async function importedFrom(directory: string, template: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let entries: string[] = [];
  try {
    entries = await readdir(directory);
  } catch {
    return found;
  }
  for (const entry of entries.filter((name) => name.endsWith('.yaml')).sort()) {
    const file = path.join(directory, entry);
    const value = parseDocument(await readFile(file, 'utf8')).toJS() as Record<
      string,
      unknown
    > | null;
    if (value?.['extends'] === template && typeof value['name'] === 'string')
      found.set(value['name'], file);
  }
  return found;
}

/** Adds the imported names (after the ones already listed), drops the removed ones; keeps comments. */
async function updateRegistrationOrder(
  file: string,
  order: readonly { names: string[]; removed: string[] }[],
): Promise<void> {
  const text = existsSync(file)
    ? await readFile(file, 'utf8')
    : '# yaml-language-server: $schema=./tools.schema.json\nregistrationOrder: []\n';
  const document = parseDocument(text);
  const current = (
    document.get('registrationOrder') as { toJSON(): unknown } | undefined
  )?.toJSON();
  const listed = Array.isArray(current) ? (current as string[]) : [];
  const removed = new Set(order.flatMap((entry) => entry.removed));
  const next = listed.filter((name) => !removed.has(name));
  for (const { names } of order)
    for (const name of names) if (!next.includes(name)) next.push(name);
  document.set('registrationOrder', document.createNode(next));
  await writeFile(file, document.toString({ lineWidth: 0 }));
}

/**
 * What the generator would refuse in a converted schema, settled the way the original means it:
 * a `oneOf` whose branches cannot be proven disjoint is sent as `anyOf` (it then also accepts a
 * value two branches match, which the original refused: a warning says so), and a default the
 * schema itself refuses is dropped (a JSON Schema default is only an annotation).
 */
function settleSchema(manifest: Record<string, unknown>, side: 'input' | 'output'): string[] {
  const messages: string[] = [];
  for (let round = 0; round < 20; round++) {
    const parsed = SchemaNodeSchema.safeParse(manifest[side]);
    if (!parsed.success) return messages;
    const problem = compileSchema(parsed.data).problems[0];
    if (problem === undefined) return messages;
    const path =
      problem.code === 'union_overlap' && problem.path.at(-2) === 'anyOf'
        ? problem.path.slice(0, -2)
        : problem.path;
    const target = path.reduce<unknown>(
      (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
      manifest[side],
    ) as Record<string, unknown> | undefined;
    if (problem.code === 'union_overlap' && target?.['type'] === 'union') {
      target['exclusive'] = false;
      messages.push(
        `${path.join('.') || 'the schema'}: oneOf branches the generator cannot prove disjoint are sent as anyOf (a value matching two of them is now accepted)`,
      );
    } else if (problem.code === 'invalid_default' && path.at(-1) === 'default') {
      const owner = path
        .slice(0, -1)
        .reduce<unknown>(
          (value, key) => (value as Record<string | number, unknown> | undefined)?.[key],
          manifest[side],
        ) as Record<string, unknown>;
      delete owner['default'];
      messages.push(`${path.join('.')}: the default is not a value of its own schema; dropped`);
    } else {
      messages.push(`${path.join('.') || 'the schema'}: ${problem.message}`);
      return messages;
    }
  }
  return messages;
}

/** YAML of a manifest: small mappings and lists on one line, long texts as block scalars. */
function yamlText(value: Record<string, unknown>): string {
  const document = new Document(value);
  visit(document, {
    Map(_, node) {
      if (JSON.stringify(node.toJSON()).length <= 80) node.flow = true;
    },
    Seq(_, node) {
      if (JSON.stringify(node.toJSON()).length <= 80) node.flow = true;
    },
  });
  return `${MANIFEST_SCHEMA_COMMENT}\n${document.toString({ lineWidth: 0 })}`;
}

function handlerText(
  server: string,
  tool: ImportedTool,
  config: string,
  generated: string,
): string {
  const structured = tool.manifest['output'] !== undefined;
  return `/** Written by \`tool-contracts import\`: every call goes to the tool ${JSON.stringify(tool.original)} of the MCP server ${JSON.stringify(server)}. */
import { forwardToMcpServer } from '@tool-contracts/runtime/mcp';
import type { Output } from '${generated.startsWith('.') ? generated : `./${generated}`}';

export const handler = forwardToMcpServer<Output>({
  config: new URL(${JSON.stringify(config.startsWith('.') ? config : `./${config}`)}, import.meta.url),
  server: ${JSON.stringify(server)},
  tool: ${JSON.stringify(tool.original)},${structured ? '\n  structured: true,' : ''}
});
`;
}

function formatWarning(list: ServerTools, warning: McpImportWarning): string {
  const tokens = warning.pointer
    .split('/')
    .slice(1)
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  // The pointer starts with /tools/<index>.
  const [, index, ...rest] = tokens;
  return `${locate(list, [Number(index), ...rest])} ${warning.tool}: ${warning.message}`;
}

/** `file:line:col` of a path below the list's `tools`, or the live server and the pointer. */
function locate(list: ServerTools, below: (string | number)[]): string {
  if ('live' in list.where) return `${list.where.live}#/tools/${below.join('/')}`;
  const source = parseYamlSource(list.where.file, list.where.text);
  // The deepest part of the path the file holds (a keyword the converter names may be nested).
  for (let length = below.length; length >= 0; length--) {
    const at = [...list.where.prefix, ...below.slice(0, length)].map((token) =>
      typeof token === 'string' && /^\d+$/.test(token) ? Number(token) : token,
    );
    const position = source.locateValue(at);
    if (position !== undefined) return `${list.where.file}:${position.line}:${position.column}`;
  }
  return `${list.where.file}:1:1`;
}

function posix(file: string): string {
  return file.split(path.sep).join('/');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
