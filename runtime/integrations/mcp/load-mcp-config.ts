/**
 * The usual `mcpServers` configuration (`.mcp.json`, Claude Desktop's and Cursor's files):
 *
 * ```json
 * {
 *   "mcpServers": {
 *     "memory": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"] },
 *     "docs": { "type": "http", "url": "https://example.com/mcp", "headers": { "Authorization": "Bearer ${TOKEN}" } }
 *   }
 * }
 * ```
 *
 * A server is stdio (`command`, `args`, `env`, `cwd`; `type` absent or `"stdio"`) or Streamable
 * HTTP (`type: "http"`, `url`, `headers`). Every server may also set `includeTools` /
 * `excludeTools` (globs on the server's own tool names; exclude wins), `timeout` (ms a call may
 * go without a response or a progress notification; default 60 000) and `maxTotalTimeout` (ms a
 * call may take in all, whatever its progress; default 600 000) and `trust` (`true`: believe the
 * server's annotations, so a tool it marks read-only needs no approval; default false). `${VAR}` and `${VAR:-default}`
 * in `command`, `args`, `env`, `cwd`, `url` and `headers` are read from the environment; a
 * relative `cwd` is taken from the configuration file's directory.
 *
 * Problems are data ({@link McpConfigProblem}), each with `file:line:column` and the path of
 * the field, all collected before {@link McpConfigError} is thrown. Keys other clients use
 * (`disabled`, `autoApprove`, `alwaysAllow`, `description`) are ignored with a warning;
 * `"disabled": true` drops the server with a warning; any other unknown key is an error (a
 * misspelt `excludeTools` must not quietly expose every tool).
 */
import { readFile } from 'node:fs/promises';
import nodePath from 'node:path';
import { isMap, LineCounter, parseDocument, type Document } from 'yaml';

/** Default idle timeout of an MCP call: the MCP SDK's own request timeout. */
export const MCP_DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** Default absolute cap of an MCP call, progress or not. */
export const MCP_DEFAULT_MAX_TOTAL_TIMEOUT_MS = 600_000;

/** Where a server was defined. */
export interface McpConfigLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

interface McpServerConfigBase {
  /** The key under `mcpServers`. */
  readonly name: string;
  /** Globs on the server's tool names; only matching tools are registered. Default: all. */
  readonly includeTools?: readonly string[];
  /** Globs on the server's tool names never registered; wins over `includeTools`. */
  readonly excludeTools?: readonly string[];
  /** Ms a call may go without a response or progress. Default: {@link MCP_DEFAULT_IDLE_TIMEOUT_MS}. */
  readonly timeoutMs: number;
  /** Ms a call may take in all. Default: {@link MCP_DEFAULT_MAX_TOTAL_TIMEOUT_MS}. */
  readonly maxTotalTimeoutMs: number;
  /**
   * `"trust": true`: the server's tool annotations are believed — a tool it marks read-only
   * needs no approval. Default: false (its annotations are shown, every call asks).
   */
  readonly trust: boolean;
  readonly location: McpConfigLocation;
}

/** A server started as a child process and spoken to over its standard input and output. */
export interface McpStdioServerConfig extends McpServerConfigBase {
  readonly type: 'stdio';
  readonly command: string;
  /** Default: none. */
  readonly args: readonly string[];
  /** Added to the SDK's default environment (PATH, HOME, …). Default: none. */
  readonly env: Readonly<Record<string, string>>;
  /** Absolute. Default: the configuration file's directory. */
  readonly cwd: string;
}

/** A server reached over Streamable HTTP. */
export interface McpHttpServerConfig extends McpServerConfigBase {
  readonly type: 'http';
  readonly url: string;
  /** Sent with every request. Default: none. */
  readonly headers: Readonly<Record<string, string>>;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** One problem of a configuration file. */
export interface McpConfigProblem {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Dotted path of the field (`mcpServers.memory.args.1`); empty for the file as a whole. */
  readonly path: string;
  readonly message: string;
}

/** What a configuration file holds. */
export interface McpConfig {
  /** In the file's order. */
  readonly servers: readonly McpServerConfig[];
  /** Ignored keys and disabled servers, worded with their place. */
  readonly warnings: readonly string[];
}

/** A configuration file with problems; `message` lists every one, one per line. */
export class McpConfigError extends Error {
  readonly problems: readonly McpConfigProblem[];
  constructor(problems: readonly McpConfigProblem[]) {
    super(problems.map(formatMcpConfigProblem).join('\n'));
    this.name = 'McpConfigError';
    this.problems = problems;
  }
}

/** `file:line:column path: message`. */
export function formatMcpConfigProblem(problem: McpConfigProblem): string {
  const path = problem.path === '' ? '' : ` ${problem.path}:`;
  return `${problem.file}:${problem.line}:${problem.column}${path} ${problem.message}`;
}

export interface LoadMcpConfigOptions {
  /** Variables for `${VAR}`. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Name shown in problems. Default: the path as given. */
  readonly displayName?: string;
}

/** Read and check `file`; throws {@link McpConfigError} with every problem found. */
export async function loadMcpConfig(
  file: string,
  options: LoadMcpConfigOptions = {},
): Promise<McpConfig> {
  const shown = options.displayName ?? file;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new McpConfigError([
      { file: shown, line: 1, column: 1, path: '', message: `cannot read the file (${code})` },
    ]);
  }
  return parseMcpConfig(text, {
    ...options,
    displayName: shown,
    directory: nodePath.dirname(nodePath.resolve(file)),
  });
}

/** {@link loadMcpConfig} on text already read; `directory` resolves relative `cwd`s. */
export function parseMcpConfig(
  text: string,
  options: LoadMcpConfigOptions & { readonly directory: string },
): McpConfig {
  const file = options.displayName ?? '<config>';
  const lineCounter = new LineCounter();
  const problems: McpConfigProblem[] = [];
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // Node words the place as "position N" (or "line L column C" in newer versions).
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    parseDocument(text, { lineCounter });
    const place =
      lineColumn !== null
        ? { line: Number(lineColumn[1]), column: Number(lineColumn[2]) }
        : position !== null
          ? at(Number(position[1]))
          : { line: 1, column: 1 };
    throw new McpConfigError([
      {
        file,
        ...place,
        path: '',
        message: `not valid JSON: ${message.replace(/ in JSON.*$/s, '')}`,
      },
    ]);
  }
  // JSON is YAML: the YAML parser gives every node's place, and refuses duplicate keys, which
  // JSON.parse would let the last one win silently.
  const document = parseDocument(text, { lineCounter, uniqueKeys: true });
  for (const error of document.errors) {
    if (error.code !== 'DUPLICATE_KEY') continue;
    const key = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(error.pos[0]))?.[0] ?? 'a key';
    problems.push({
      file,
      ...at(error.pos[0]),
      path: '',
      message: `${key} appears twice in the same object; each server and field is defined once`,
    });
  }
  // The values JSON.parse kept for a duplicate are the last ones: judge nothing else.
  if (problems.length > 0) throw new McpConfigError(problems);
  const locate = (path: readonly (string | number)[]) => place(document, path, at);
  const problem = (path: readonly (string | number)[], message: string) =>
    problems.push({ file, ...locate(path), path: path.join('.'), message });
  const warnings: string[] = [];
  const warn = (path: readonly (string | number)[], message: string) => {
    const { line, column } = locate(path);
    warnings.push(`${file}:${line}:${column} ${path.join('.')}: ${message}`);
  };

  const servers: McpServerConfig[] = [];
  if (!isRecord(data)) {
    problem([], `expected an object with "mcpServers", found ${describe(data)}`);
  } else if (!('mcpServers' in data)) {
    problem([], 'expected an object with "mcpServers"; the file has no such key');
  } else if (!isRecord(data.mcpServers)) {
    problem(['mcpServers'], `expected an object of servers, found ${describe(data.mcpServers)}`);
  } else {
    const reader = new FieldReader(problem, options.env ?? process.env);
    for (const [name, value] of Object.entries(data.mcpServers)) {
      const path = ['mcpServers', name];
      if (name === '') {
        problem(path, 'a server needs a non-empty name');
        continue;
      }
      if (!isRecord(value)) {
        problem(path, `expected a server object, found ${describe(value)}`);
        continue;
      }
      const server = readServer(name, value, path, reader, warn, options.directory, {
        file,
        ...locate(path),
      });
      if (server !== undefined) servers.push(server);
    }
  }
  if (problems.length > 0)
    throw new McpConfigError(
      problems.sort((left, right) => left.line - right.line || left.column - right.column),
    );
  return { servers, warnings };
}

const COMMON_KEYS = ['type', 'includeTools', 'excludeTools', 'timeout', 'maxTotalTimeout', 'trust'];
const STDIO_KEYS = new Set([...COMMON_KEYS, 'command', 'args', 'env', 'cwd']);
const HTTP_KEYS = new Set([...COMMON_KEYS, 'url', 'headers']);
/** Keys of other clients' configurations: read by them, ignored here. */
const FOREIGN_KEYS = new Set(['disabled', 'autoApprove', 'alwaysAllow', 'description']);

function readServer(
  name: string,
  value: Record<string, unknown>,
  path: readonly (string | number)[],
  reader: FieldReader,
  warn: (path: readonly (string | number)[], message: string) => void,
  directory: string,
  location: McpConfigLocation,
): McpServerConfig | undefined {
  const type = value.type ?? ('url' in value && !('command' in value) ? 'http' : 'stdio');
  if (type !== 'stdio' && type !== 'http' && type !== 'streamable-http') {
    reader.problem(
      [...path, 'type'],
      type === 'sse'
        ? 'the SSE transport is deprecated and not supported; use "http" (Streamable HTTP)'
        : `expected "stdio" or "http", found ${describe(type)}`,
    );
    return undefined;
  }
  const http = type !== 'stdio';
  const known = http ? HTTP_KEYS : STDIO_KEYS;
  let ok = true;
  for (const key of Object.keys(value)) {
    if (known.has(key)) continue;
    if (FOREIGN_KEYS.has(key)) {
      if (key !== 'disabled') warn([...path, key], `ignored (a setting of another MCP client)`);
      continue;
    }
    reader.problem(
      [...path, key],
      `unknown key for ${http ? 'an http' : 'a stdio'} server; expected one of ${[...known].join(', ')}`,
    );
    ok = false;
  }
  const errorsBefore = reader.count;
  const includeTools = reader.stringArray(value, path, 'includeTools', false);
  const excludeTools = reader.stringArray(value, path, 'excludeTools', false);
  const timeoutMs = reader.milliseconds(value, path, 'timeout', MCP_DEFAULT_IDLE_TIMEOUT_MS);
  const maxTotalTimeoutMs = reader.milliseconds(
    value,
    path,
    'maxTotalTimeout',
    MCP_DEFAULT_MAX_TOTAL_TIMEOUT_MS,
  );
  let trust = false;
  if ('trust' in value) {
    if (typeof value.trust === 'boolean') trust = value.trust;
    else
      reader.problem([...path, 'trust'], `expected true or false, found ${describe(value.trust)}`);
  }
  const common = {
    name,
    trust,
    ...(includeTools === undefined ? {} : { includeTools }),
    ...(excludeTools === undefined ? {} : { excludeTools }),
    timeoutMs,
    maxTotalTimeoutMs: Math.max(maxTotalTimeoutMs, timeoutMs),
    location,
  };
  let server: McpServerConfig | undefined;
  if (http) {
    const url = reader.string(value, path, 'url', true);
    if (url !== undefined) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(url);
      } catch {
        reader.problem([...path, 'url'], `not a URL: ${JSON.stringify(url)}`);
      }
      if (parsed !== undefined && parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        reader.problem([...path, 'url'], `expected an http or https URL, found ${parsed.protocol}`);
    }
    const headers = reader.stringRecord(value, path, 'headers') ?? {};
    server = { ...common, type: 'http', url: url ?? '', headers };
  } else {
    const command = reader.string(value, path, 'command', true);
    const args = reader.stringArray(value, path, 'args', true) ?? [];
    const env = reader.stringRecord(value, path, 'env') ?? {};
    const cwd = reader.string(value, path, 'cwd', true);
    server = {
      ...common,
      type: 'stdio',
      command: command ?? '',
      args,
      env,
      cwd: cwd === undefined ? directory : nodePath.resolve(directory, cwd),
    };
  }
  if (!ok || reader.count > errorsBefore) return undefined;
  if (value.disabled === true) {
    warn(path, 'disabled ("disabled": true); not connected');
    return undefined;
  }
  return server;
}

/** Reads typed fields, expanding `${VAR}`, and reports what is wrong with each. */
class FieldReader {
  count = 0;
  constructor(
    private readonly report: (path: readonly (string | number)[], message: string) => void,
    private readonly env: Readonly<Record<string, string | undefined>>,
  ) {}

  problem(path: readonly (string | number)[], message: string): void {
    this.count += 1;
    this.report(path, message);
  }

  string(
    value: Record<string, unknown>,
    path: readonly (string | number)[],
    key: string,
    expand: boolean,
  ): string | undefined {
    if (!(key in value)) {
      if (key === 'command' || key === 'url') this.problem(path, `"${key}" is required`);
      return undefined;
    }
    const field = value[key];
    if (typeof field !== 'string' || field === '') {
      this.problem([...path, key], `expected a non-empty string, found ${describe(field)}`);
      return undefined;
    }
    return expand ? this.#expand(field, [...path, key]) : field;
  }

  stringArray(
    value: Record<string, unknown>,
    path: readonly (string | number)[],
    key: string,
    expand: boolean,
  ): string[] | undefined {
    if (!(key in value)) return undefined;
    const field = value[key];
    if (!Array.isArray(field)) {
      this.problem([...path, key], `expected an array of strings, found ${describe(field)}`);
      return undefined;
    }
    return field.flatMap((item, index) => {
      if (typeof item !== 'string') {
        this.problem([...path, key, index], `expected a string, found ${describe(item)}`);
        return [];
      }
      return [expand ? this.#expand(item, [...path, key, index]) : item];
    });
  }

  stringRecord(
    value: Record<string, unknown>,
    path: readonly (string | number)[],
    key: string,
  ): Record<string, string> | undefined {
    if (!(key in value)) return undefined;
    const field = value[key];
    if (!isRecord(field)) {
      this.problem([...path, key], `expected an object of strings, found ${describe(field)}`);
      return undefined;
    }
    const result: Record<string, string> = {};
    for (const [name, item] of Object.entries(field)) {
      if (typeof item !== 'string') {
        this.problem([...path, key, name], `expected a string, found ${describe(item)}`);
        continue;
      }
      result[name] = this.#expand(item, [...path, key, name]);
    }
    return result;
  }

  milliseconds(
    value: Record<string, unknown>,
    path: readonly (string | number)[],
    key: string,
    fallback: number,
  ): number {
    if (!(key in value)) return fallback;
    const field = value[key];
    if (typeof field !== 'number' || !Number.isInteger(field) || field <= 0) {
      this.problem(
        [...path, key],
        `expected a positive whole number of milliseconds, found ${describe(field)}`,
      );
      return fallback;
    }
    return field;
  }

  /** `${VAR}` and `${VAR:-default}`; an unset variable without a default is a problem. */
  #expand(text: string, path: readonly (string | number)[]): string {
    return text.replace(
      /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
      (match, name: string, fallback: string | undefined) => {
        const value = this.env[name];
        if (value !== undefined && value !== '') return value;
        if (fallback !== undefined) return fallback;
        this.problem(path, `environment variable ${name} is not set (write \${${name}:-default})`);
        return match;
      },
    );
  }
}

/** Line and column of the node at `path`, or of the nearest ancestor that exists. */
function place(
  document: Document,
  path: readonly (string | number)[],
  at: (offset: number) => { line: number; column: number },
): { line: number; column: number } {
  for (let length = path.length; length > 0; length -= 1) {
    const parent =
      length === 1 ? document.contents : document.getIn(path.slice(0, length - 1), true);
    const key = path[length - 1]!;
    if (isMap(parent)) {
      const pair = parent.items.find(
        (item) => (item.key as { value?: unknown } | null)?.value === key,
      );
      const range = (pair?.key as { range?: [number, number, number] } | null)?.range;
      if (range !== undefined) return at(range[0]);
    }
    const node = document.getIn(path.slice(0, length), true) as
      { range?: [number, number, number] } | undefined;
    if (node?.range !== undefined) return at(node.range[0]);
  }
  const range = (document.contents as { range?: [number, number, number] } | null)?.range;
  return at(range?.[0] ?? 0);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
