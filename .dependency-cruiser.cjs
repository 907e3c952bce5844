// Checked by `npm run lint:deps`. Paths are regular expressions over repository-relative paths.

const WEB = '^apps/web/src/';
const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: split the shared piece into its own module that both sides import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-to-feature',
      severity: 'error',
      comment:
        'A web feature uses only itself and the shared layers (components, hooks, lib) and packages/shared; ' +
        'move what two features share into one of those.',
      from: { path: `${WEB}features/([^/]+)/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-feature-to-app',
      severity: 'error',
      comment: 'Only app/ puts features together; a feature never reaches back into it.',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-lib-to-ui',
      severity: 'error',
      comment: 'lib and hooks sit below the UI: they must not import components, features or app.',
      from: { path: `${WEB}(lib|hooks)/` },
      to: { path: `${WEB}(components|features|app)/` },
    },
    {
      name: 'web-components-to-features',
      severity: 'error',
      comment: 'Shared components serve every feature, so they cannot depend on one (or on app).',
      from: { path: `${WEB}components/` },
      to: { path: `${WEB}(features|app)/` },
    },
    // The API's layers, top down (docs/decisions/0006-api-module-layers.md).
    {
      name: 'api-module-to-module',
      severity: 'error',
      comment:
        'An API module, the MCP server (mcp/) and the server-drawn pages (pages/) each use only themselves and ' +
        'the layers below (operations, domain, lib, db, config, deps.ts) and packages/shared; app.ts puts them ' +
        'together. Move what two of them share into domain/ or lib/.',
      from: { path: `${API}(modules/[^/]+|mcp|pages)/` },
      to: { path: `${API}(modules|mcp|pages)/`, pathNot: `${API}$1/` },
    },
    {
      name: 'api-module-to-app',
      severity: 'error',
      comment: 'Modules, mcp and pages never import the app that registers them or the process entry points.',
      from: { path: `${API}(modules|mcp|pages)/` },
      to: { path: `${API}(app|server|serve)\\.ts$` },
    },
    {
      name: 'api-operations-importers',
      severity: 'error',
      comment:
        'operations/ (lifecycle, readiness, metrics, shutdown, tracing) is run by the composition root ' +
        '(app.ts, server.ts, serve.ts, deps.ts) and answered for by modules/health; nothing below it imports it.',
      from: { path: `${API}(domain|lib|db|mcp|pages|seed)/` },
      to: { path: `${API}operations/` },
    },
    {
      name: 'api-operations-upward',
      severity: 'error',
      comment:
        'operations/ sits below the features: it may import domain, lib, db and config, never a feature or the app.',
      from: { path: `${API}operations/` },
      to: { path: `${API}((modules|mcp|pages|seed)/|(app|server|serve|deps)\\.ts$)` },
    },
    {
      name: 'api-domain-upward',
      severity: 'error',
      comment:
        'domain/ holds the rules several features share; it imports lib, db and config, never a feature, ' +
        'the app, deps.ts or the seed. Pass in what it needs.',
      from: { path: `${API}domain/` },
      to: { path: `${API}((modules|mcp|pages|seed)/|(app|server|serve|deps)\\.ts$)` },
    },
    {
      name: 'api-lib-db-upward',
      severity: 'error',
      comment: 'lib/ and db/ sit below domain/: they import each other and config, never domain, a feature or the app.',
      from: { path: `${API}(lib|db)/` },
      to: { path: `${API}((domain|modules|mcp|pages|seed)/|(app|server|serve|deps)\\.ts$)` },
    },
    {
      name: 'api-config-at-bottom',
      severity: 'error',
      comment: 'config/ reads the environment and imports nothing else of the API.',
      from: { path: `${API}config/` },
      to: { path: API, pathNot: `${API}config/` },
    },
    {
      name: 'api-seed-importers',
      severity: 'error',
      comment:
        'The demo seed (seed/) is run by serve.ts at start and by tests; shipped code below it never imports it.',
      from: { path: API, pathNot: `(${API}(seed/|serve\\.ts$)|\\.test\\.ts$)` },
      to: { path: `${API}seed/` },
    },
    {
      name: 'shared-to-apps',
      severity: 'error',
      comment: 'packages/shared is used by both apps and imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'src-to-tests',
      severity: 'error',
      comment: 'Shipped code never imports test helpers (apps/*/test, e2e).',
      from: { path: '^(apps/[^/]+/src|packages/shared/src)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(apps/[^/]+/test|e2e)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.mts', '.d.ts', '.json'],
    },
  },
};
