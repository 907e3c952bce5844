// Module boundaries, checked by `npm run lint:deps` and `npm test` (docs/architecture.md#module-boundaries).
// Paths are regular expressions over repository-relative paths.

const WEB = '^apps/web/src/';
const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  // Each rule carries the comment a developer reads when it fails, beside the paths it forbids.
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
    {
      name: 'api-module-to-module',
      severity: 'error',
      comment:
        'An API module, the MCP server (mcp/) and the server-drawn pages (pages/) each use only themselves and ' +
        'the shared layers (domain, lib, db, config) and packages/shared; app.ts puts them together. Move what ' +
        'two of them share into domain/ or lib/.',
      from: { path: `${API}(modules/[^/]+|mcp|pages)/` },
      to: { path: `${API}(modules|mcp|pages)/`, pathNot: `${API}$1/` },
    },
    {
      name: 'api-shared-layer-to-module',
      severity: 'error',
      comment: 'domain, lib, db and config sit below the modules, mcp and pages and must not import them.',
      from: { path: `${API}(domain|lib|db|config)/` },
      to: { path: `${API}(modules|mcp|pages|app\\.ts|server\\.ts)` },
    },
    {
      name: 'api-module-to-app',
      severity: 'error',
      comment: 'Modules, mcp and pages never import the app that registers them.',
      from: { path: `${API}(modules|mcp|pages)/` },
      to: { path: `${API}(app|server)\\.ts$` },
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
