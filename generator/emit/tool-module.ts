/**
 * `generated/tools/<kebab>.ts`: one tool's `contract` and the `tool` entry that adds the
 * hand-written handler and hooks, and the zod schemas of `generated/zod/<kebab>.ts` loaded with
 * them (shape: docs/architecture.md). Its input and output types come from the zod module as
 * types alone: importing this module never imports zod.
 */
import type { Manifest, ToolIndex } from '../manifest/manifest-schema.js';
import { contractValue, isAnnotatedContractField } from './contract-value.js';
import { withFrozenData } from './frozen-value.js';
import {
  blankLine,
  printModule,
  type ImportStatement,
  type ModuleStatement,
} from './print-module.js';
import { generatedHeader } from '../support/generated-header.js';
import type { JsonObject } from '../../runtime/core/support/is-json-object.js';
import { printValue, type FieldAnnotations } from './print-value.js';

export interface ToolModuleInput {
  readonly manifest: Manifest;
  /** Project-relative posix path of the manifest. */
  readonly file: string;
  /** Module name in `runtime/tools/` (without extension). */
  readonly implementation: string;
  /** Kebab-case module name (`generated/tools/<kebab>.ts`). */
  readonly kebab: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema: JsonObject;
  /** The tool has templated descriptions in `generated/descriptions/<kebab>.js`. */
  readonly hasDescriptionTemplates: boolean;
  /**
   * Trailing comment per contract field path (`metadata.readOnly`, `resultBudget.preview`):
   * the audit flags fields no runtime code enforces. Default: no comments.
   */
  readonly annotations?: FieldAnnotations;
  /** The index's groups (the description of the tool's `group`). Default: none. */
  readonly groups?: ToolIndex['groups'];
  /** Module the runtime types are imported from. Default: `../../runtime/contract.js`. */
  readonly contractModule?: string;
  /** Specifier of the implementation module. Default: `../../runtime/tools/<implementation>.js`. */
  readonly implementationModule?: string;
  /**
   * Specifier the eager hooks (below) are imported from: the implementation's
   * `<implementation>-eager-hooks` module when it has one, so that listing never imports the
   * handler module. Default: the implementation module itself (imported at once, then).
   */
  readonly eagerHooksModule?: string;
}

/**
 * Hooks a list calls (synchronously, before any call): imported with the entry — from
 * `<implementation>-eager-hooks` when the implementation has that module, so that listing never
 * imports the handler module.
 */
const EAGER_HOOKS: ReadonlySet<string> = new Set(['resolveModelContract']);
/**
 * Call-time hooks the runtime awaits: their wrapper imports the handler module first. The other
 * call-time hooks (permission, batch planning, the timeout, formatting an output) are called
 * synchronously once the call has awaited `loadImplementation`, which its zod schemas need too.
 */
const ASYNC_HOOKS: ReadonlySet<string> = new Set([
  'validateInput',
  'resolveInput',
  'prepareApproval',
]);

export function toolModuleSource(input: ToolModuleInput): string {
  const contract = contractValue({
    manifest: input.manifest,
    file: input.file,
    inputSchema: input.inputSchema,
    outputSchema: input.outputSchema,
    ...(input.hasDescriptionTemplates ? { descriptionTemplates: 'descriptionTemplates' } : {}),
    ...(input.groups === undefined ? {} : { groups: input.groups }),
  });
  const contractText = printValue(withFrozenData(contract), {
    ...(input.annotations === undefined ? {} : { annotations: input.annotations }),
    annotate: isAnnotatedContractField,
  });
  const lazyHooks = input.manifest.hooks.filter((hook) => !EAGER_HOOKS.has(hook));
  const eagerHooks = input.manifest.hooks.filter((hook) => EAGER_HOOKS.has(hook));
  const toolText = [
    '{',
    '  ...contract,',
    '  get runtimeInputSchema() {',
    '    return zodSchemas.loaded().InputSchema;',
    '  },',
    '  get runtimeOutputSchema() {',
    '    return zodSchemas.loaded().OutputSchema;',
    '  },',
    // The zod schemas load with the handler module: a call awaits this before validating.
    '  loadImplementation: async () => (await Promise.all([zodSchemas.load(), implementation.load()]))[1],',
    '  handler: async (...args) => (await implementation.load()).handler(...args),',
    // `!`: a module may type a hook as the optional `ToolImplementation` member; generate has
    // checked that the module exports every declared hook, with that member's type.
    ...lazyHooks.map((hook) =>
      ASYNC_HOOKS.has(hook)
        ? `  ${hook}: async (...args) => (await implementation.load()).${hook}!(...args),`
        : `  ${hook}: (...args) => implementation.loaded().${hook}!(...args),`,
    ),
    ...eagerHooks.map((hook) => `  ${hook},`),
    '}',
  ].join('\n');

  const contractModule = input.contractModule ?? '../../runtime/contract.js';
  const zodModule = `../zod/${input.kebab}.js`;
  const imports: ImportStatement[] = [
    {
      kind: 'import',
      moduleSpecifier: contractModule,
      // freezeJsonTree: schemas, permission and budget are frozen at import and shared by every
      // model-facing list.
      namedImports: [
        'freezeJsonTree',
        'lazyImplementation',
        'lazyZodSchemas',
        'type ToolContract',
        'type ToolEntry',
      ],
    },
    {
      kind: 'import',
      isTypeOnly: true,
      moduleSpecifier: zodModule,
      namedImports: ['Input', 'Output'],
    },
  ];
  const implementationModule =
    input.implementationModule ?? `../../runtime/tools/${input.implementation}.js`;
  if (eagerHooks.length > 0)
    imports.push({
      kind: 'import',
      moduleSpecifier: input.eagerHooksModule ?? implementationModule,
      namedImports: eagerHooks,
    });
  if (input.hasDescriptionTemplates) {
    imports.push({
      kind: 'import',
      moduleSpecifier: `../descriptions/${input.kebab}.js`,
      namedImports: ['descriptionTemplates'],
    });
  }
  const statements: ModuleStatement[] = [
    generatedHeader(input.file),
    ...imports,
    blankLine,
    {
      kind: 'export',
      isTypeOnly: true,
      namedExports: ['Input', 'Output'],
    },
    blankLine,
    // Without the zod schemas: the entry reads them from the zod module once it is loaded.
    `export const contract = ${contractText} satisfies Omit<ToolContract<Input, Output>, 'runtimeInputSchema' | 'runtimeOutputSchema'>;`,
    blankLine,
    `const zodSchemas = lazyZodSchemas(${JSON.stringify(input.manifest.name)}, () => import(${JSON.stringify(zodModule)}));`,
    `const implementation = lazyImplementation(${JSON.stringify(input.manifest.name)}, () => import(${JSON.stringify(implementationModule)}));`,
    blankLine,
    `export const tool: ToolEntry<Input, Output> = ${toolText};`,
  ];
  return printModule(statements);
}
