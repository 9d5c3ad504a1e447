/**
 * Whether the model-view renderer a generator starts (`print-model-views.ts`) bundles the own
 * modules of a project itself, with esbuild, against the compiled runtime it has loaded: when it
 * runs compiled, for a project that uses the package or for this repository (a CLI runs from
 * dist/ only while dist/ is built from the current sources, so the compiled runtime is the
 * repository's). `render-model-views.ts` then never bundles in a process of its own.
 */
import path from 'node:path';
import { packageRoot } from '../support/package-root.js';
import { RUNS_FROM_SOURCES } from '../support/typescript-loader.js';

export function startedRendererBundles(projectRoot: string, usesPackage: boolean): boolean {
  return !RUNS_FROM_SOURCES && (usesPackage || path.resolve(projectRoot) === packageRoot());
}
