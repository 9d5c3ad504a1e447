import type { YamlSource } from './parse-yaml-source.js';
import { isJsonObject } from '../../runtime/core/support/is-json-object.js';

/** One parsed manifest file before validation: its source and raw value (a mapping, if it is one). */
export interface ManifestRecord {
  readonly source: YamlSource;
  /** The raw YAML mapping; `undefined` when the file did not parse or is not a mapping. */
  readonly raw: Readonly<Record<string, unknown>> | undefined;
  /** The raw `name` when it is a string (used to resolve `extends` and cross-checks). */
  readonly name: string | undefined;
}

export function manifestRecord(source: YamlSource): ManifestRecord {
  const value = source.value;
  const raw = isJsonObject(value) ? value : undefined;
  const name = raw && typeof raw.name === 'string' ? raw.name : undefined;
  return { source, raw, name };
}
