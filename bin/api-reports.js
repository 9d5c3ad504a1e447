#!/usr/bin/env node
// `npm run api` writes the API report of each public entry point of the packages
// (`packages/<name>/api/<entry>.api.md`, API Extractor) from the built declarations;
// `npm run api -- --check` (CI) fails when a report differs from the public API, so that a
// change of the API is read in review as a diff of its report, like a change of a contract.
// The entries are the packages' exports maps, but `./internal/*` (what the packages of this
// repository import of each other: no API) and `./package.json`.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const check = process.argv.includes('--check');

/** `{ directory, name, subpath, types }` of every public entry of the packages. */
function publicEntries() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return manifest.workspaces.flatMap((directory) => {
    const own = JSON.parse(readFileSync(path.join(root, directory, 'package.json'), 'utf8'));
    return Object.entries(own.exports)
      .filter(([subpath, target]) => typeof target === 'object' && !subpath.includes('*'))
      .map(([subpath, target]) => ({
        directory,
        name: own.name,
        subpath,
        types: path.join(root, directory, target.types),
      }));
  });
}

/** The names a report's entry exports (the `export` declarations of an API report). */
function exportedNames(report) {
  if (!existsSync(report)) return [];
  const declarations = readFileSync(report, 'utf8').matchAll(
    /^export (?:declare )?(?:abstract )?(?:function|class|interface|type|const|let|enum|namespace) (\w+)/gm,
  );
  return [...declarations].map(([, name]) => name);
}

/** `main` for `.`, else the subpath's words joined by dashes (`./provider-order`: provider-order). */
const reportName = (subpath) => (subpath === '.' ? 'main' : subpath.slice(2).replaceAll('/', '-'));

let changed = 0;
let failed = 0;
/** Package name → the names its entries export, and the names its API uses without exporting. */
const packages = new Map();
const packageOf = (name) => {
  if (!packages.has(name)) packages.set(name, { exported: new Set(), forgotten: new Map() });
  return packages.get(name);
};
for (const entry of publicEntries()) {
  if (!existsSync(entry.types)) {
    console.error(`api: ${path.relative(root, entry.types)} is missing: run \`npm run build\``);
    process.exit(1);
  }
  const reportFolder = path.join(root, entry.directory, 'api');
  mkdirSync(reportFolder, { recursive: true });
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: path.join(root, entry.directory),
      mainEntryPointFilePath: entry.types,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            types: ['node'],
            strict: true,
            skipLibCheck: true,
          },
          include: [entry.types],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: `${reportName(entry.subpath)}.api.md`,
        reportFolder,
        reportTempFolder: path.join(root, '.cache', 'api', entry.directory),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // The report is what is reviewed; TSDoc style and release tags are not enforced.
        extractorMessageReporting: {
          default: { logLevel: 'none' },
          'ae-missing-release-tag': { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none' },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
        compilerMessageReporting: { default: { logLevel: 'warning' } },
      },
      newlineKind: 'lf',
    },
    configObjectFullPath: path.join(root, entry.directory, 'api-extractor.json'),
    packageJsonFullPath: path.join(root, entry.directory, 'package.json'),
  });
  const own = packageOf(entry.name);
  const result = Extractor.invoke(config, {
    localBuild: !check,
    showVerboseMessages: false,
    // A type the API names but no entry of the package exports cannot be written by a user
    // (`const tracer: ToolTracer`): collected here, checked across the package's entries below.
    messageCallback: (message) => {
      if (message.messageId !== 'ae-forgotten-export') return;
      const symbol = /"([^"]+)"/.exec(message.text)?.[1];
      if (symbol !== undefined)
        own.forgotten.set(
          symbol,
          `${reportName(entry.subpath)} (${path.relative(root, message.sourceFilePath ?? '?')})`,
        );
    },
  });
  for (const name of exportedNames(path.join(reportFolder, `${reportName(entry.subpath)}.api.md`)))
    own.exported.add(name);
  const label = `${path.posix.join(entry.name, entry.subpath)} (${path.relative(root, path.join(reportFolder, `${reportName(entry.subpath)}.api.md`))})`;
  if (result.apiReportChanged) {
    changed += 1;
    console.error(check ? `api: ${label} differs from its report` : `api: wrote ${label}`);
  }
  if (!result.succeeded) failed += 1;
}
for (const [name, { exported, forgotten }] of packages) {
  for (const [symbol, where] of forgotten) {
    // API Extractor renames a second declaration of a name `name_2`; the first is what is exported.
    if (exported.has(symbol) || exported.has(symbol.replace(/_\d+$/, ''))) continue;
    failed += 1;
    console.error(`api: ${name} names ${symbol} in its ${where} API, but no entry exports it`);
  }
}
if (check && (changed > 0 || failed > 0)) {
  console.error(
    'api: the public API changed; run `npm run api` and commit the reports with the change',
  );
  process.exit(1);
}
if (failed > 0) process.exit(1);
console.error(check ? 'api: every report is current' : `api: ${changed} report(s) written`);
