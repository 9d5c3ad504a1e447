// The allowed import directions of the repository (docs/architecture.md, "Layers"), checked by
// test/layout/import-directions.test.ts with dependency-cruiser. Each rule names a layer and what
// it must not import; every folder of runtime/ and generator/ is also free of cycles.
/** A layer of runtime/ and the layers below it that it may import. */
const RUNTIME_LAYERS = [
  {
    name: 'core',
    path: '^runtime/core/',
    forbidden:
      '^runtime/(call-path|integrations|tools|(index|contract)\\.ts)|^(generated|generator|cli)/',
  },
  {
    name: 'call-path',
    path: '^runtime/call-path/',
    forbidden: '^runtime/(integrations|tools|(index|contract)\\.ts)|^(generated|generator|cli)/',
  },
  {
    name: 'integrations',
    path: '^runtime/integrations/',
    forbidden: '^runtime/(tools|(index|contract)\\.ts)|^(generated|generator|cli)/',
  },
  {
    name: 'tools',
    path: '^runtime/tools/',
    forbidden: '^runtime/(call-path|integrations|(index|contract)\\.ts)|^(generator|cli)/',
  },
];
/** The generator's folders, lowest first: each may import only the ones before it. */
const GENERATOR_LAYERS = ['support', 'manifest', 'config', 'emit', 'audit', 'diff|model-view'];

const forbidden = [
  ...RUNTIME_LAYERS.map((layer) => ({
    name: `runtime-${layer.name}-imports-downward`,
    comment: `runtime/${layer.name}/ imports only the layers below it`,
    severity: 'error',
    from: { path: layer.path },
    to: { path: layer.forbidden },
  })),
  ...GENERATOR_LAYERS.map((layer, index) => ({
    name: `generator-${layer.replace('|', '-')}-imports-downward`,
    comment: `generator/${layer}/ imports only the generator folders before it`,
    severity: 'error',
    from: { path: `^generator/(${layer})/` },
    to: {
      path: `^generator/(?!(${[...GENERATOR_LAYERS.slice(0, index), layer].join('|')})/)|^cli/`,
    },
  })),
  {
    name: 'runtime-never-imports-generator-or-cli',
    severity: 'error',
    from: { path: '^runtime/' },
    to: { path: '^(generator|cli)/' },
  },
  {
    name: 'generator-never-imports-cli',
    severity: 'error',
    from: { path: '^generator/' },
    to: { path: '^cli/' },
  },
  {
    name: 'no-cycles',
    comment:
      'runtime/ and generator/ have no import cycles; a type-only import (a handler naming its ' +
      "generated module's Input type) loads nothing and closes no cycle",
    severity: 'error',
    from: { path: '^(runtime|generator)/' },
    to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
  },
];

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|test|bench)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
