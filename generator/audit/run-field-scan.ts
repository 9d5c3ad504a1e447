/**
 * The scan of a project's runtime, from the cache when nothing it depends on changed. Only a
 * cache miss imports ts-morph (through the dynamically imported scanner).
 */
import path from 'node:path';
import { auditCacheKey, readCachedScan, writeCachedScan } from './audit-cache.js';
import { listRuntimeFiles } from './list-runtime-files.js';
import type { FieldReaderScan } from './scan-field-readers.js';

/** Where the contract types live, relative to the project root. */
export const CONTRACT_FILE = 'runtime/core/contract.ts';

export interface RunFieldScanOptions {
  readonly projectRoot: string;
  /** Use and fill the cache. Default: true. */
  readonly cache?: boolean;
  /**
   * Accept a cached scan of sources that differ only in comments and layout (right classes,
   * possibly stale line numbers). Default: false (what `tool-contracts audit` needs).
   */
  readonly ignoreLayout?: boolean;
  /** Told when the scan must run (a cache miss: the type checker, seconds). */
  readonly progress?: (step: string) => void;
}

export interface FieldScanRun {
  readonly scan: FieldReaderScan;
  /** The result came from the cache (the type checker did not run). */
  readonly cached: boolean;
}

export async function runFieldScan(options: RunFieldScanOptions): Promise<FieldScanRun> {
  const { projectRoot } = options;
  const useCache = options.cache ?? true;
  const files = await listRuntimeFiles(projectRoot);
  const contractFile = path.join(projectRoot, CONTRACT_FILE);
  if (!files.includes(contractFile))
    throw new Error(
      `${CONTRACT_FILE} not found in ${projectRoot}: the audit reads the contract types from it`,
    );
  const key = useCache ? await auditCacheKey(projectRoot, files) : undefined;
  if (key !== undefined) {
    const cached = await readCachedScan(projectRoot, key, {
      ignoreLayout: options.ignoreLayout ?? false,
    });
    if (cached !== undefined) return { scan: cached, cached: true };
  }
  options.progress?.(
    `scanning ${files.length} runtime files for contract field readers (cached until they change)…`,
  );
  const [{ createAuditProgram }, { scanFieldReaders }] = await Promise.all([
    import('./create-audit-program.js'),
    import('./scan-field-readers.js'),
  ]);
  const program = createAuditProgram(projectRoot, files);
  const scan = scanFieldReaders({ program, projectRoot, contractFile, files });
  if (key !== undefined) await writeCachedScan(projectRoot, key, scan);
  return { scan, cached: false };
}
