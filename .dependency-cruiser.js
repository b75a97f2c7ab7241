// dependency-cruiser (npm run lint): the import direction of docs/architecture.md. server → renderer-page (types
// only) → topology (types only); topology imports nothing of ours but the shared lists, which import nothing and
// which every side may import; product code never imports tests; no cycles; and the tests that need no browser
// start none.
const OURS = '^(server|renderer-page|topology|shared|tests|docs)/';

export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'modules that import each other, however far round, can only be read, tested and loaded together',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-nothing-of-ours',
      comment: 'shared/ holds the lists every side names (themes, icons, levels...), and is under everything',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: OURS, pathNot: '^shared/' },
    },
    {
      name: 'topology-imports-nothing-of-ours',
      comment: 'topology/ is the build step and the catalogue under everything else but the shared lists',
      severity: 'error',
      from: { path: '^topology/' },
      to: { path: OURS, pathNot: '^(topology|shared)/' },
    },
    {
      name: 'product-never-imports-tests',
      severity: 'error',
      from: { path: '^(server|renderer-page|topology|shared|docs)/' },
      to: { path: '^tests/' },
    },
    {
      name: 'unit-tests-start-no-browser',
      comment: 'npm run test:unit runs tests/unit/ on machines without Chromium (or Redis): no service, no pool',
      severity: 'error',
      from: { path: '^tests/unit/' },
      to: {
        path: '^(tests/support/(service|redis)[.]ts|server/service[.]ts|server/render/chromium/render-pool[.]ts|node_modules/playwright-core/)',
      },
    },
    {
      name: 'renderer-never-imports-server',
      comment: 'the renderer runs in pages and threads that have no server in them',
      severity: 'error',
      from: { path: '^renderer-page/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-imports-renderer-types-only',
      comment:
        'pages and threads load the built bundle; the server takes only the contract (spec.ts) as types, and the ' +
        "signed URLs' canonical query, which the preview page signs with and the server verifies with",
      severity: 'error',
      from: { path: '^server/' },
      to: {
        path: '^renderer-page/',
        pathNot: '^renderer-page/preview/canonical-query[.]ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'renderer-imports-topology-types-only',
      comment: 'the renderer reads the built topology files, and takes their shapes from topology/ as types',
      severity: 'error',
      from: { path: '^renderer-page/' },
      to: { path: '^topology/', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(renderer-page/dist|topology/build)/' },
    // `import type` is seen (and told apart): it is gone before the code runs
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
