/**
 * Contract field path → the manifest field that writes it (docs/architecture.md, "Contract field
 * paths"): `flags.X` becomes `metadata.X`; `name`, `purpose`, `modelInstructions`, `aliases` and
 * `maxOutputBytes` live in `metadata` too; the schemas come from `input` / `output`.
 */
import type { LoadedTool } from '../manifest/manifest-set.js';

const TOP_LEVEL_METADATA = new Set([
  'name',
  'purpose',
  'modelInstructions',
  'aliases',
  'maxOutputBytes',
]);

const SCHEMA_FIELDS: Readonly<Record<string, string>> = {
  inputSchema: 'input',
  runtimeInputSchema: 'input',
  outputSchema: 'output',
  runtimeOutputSchema: 'output',
};

/**
 * The manifest path of a contract field, or `undefined` when no manifest writes it (`source`
 * is the manifest's own path; `mcp` exists only on MCP entries).
 */
export function manifestPathOf(contractPath: string): string | undefined {
  const [head, ...rest] = contractPath.split('.');
  if (head === undefined) return undefined;
  if (head === 'metadata') {
    const field = rest.join('.');
    return TOP_LEVEL_METADATA.has(field) ? field : `flags.${field}`;
  }
  if (head in SCHEMA_FIELDS) return SCHEMA_FIELDS[head];
  if (head === 'descriptionTemplates') return 'description';
  if (head === 'source' || head === 'mcp') return undefined;
  return contractPath;
}

/** Whether `tool`'s manifest writes the contract field (itself or, for `extends`, its base). */
export function setsExplicitly(tool: LoadedTool, contractPath: string): boolean {
  const manifestPath = manifestPathOf(contractPath);
  if (manifestPath === undefined) return false;
  if (contractPath.startsWith('descriptionTemplates.')) {
    const templated =
      tool.manifest.description.includes('{{') ||
      JSON.stringify(tool.manifest.input).includes('{{');
    return templated && (tool.explicitPaths.has('description') || tool.explicitPaths.has('input'));
  }
  return tool.explicitPaths.has(manifestPath);
}
