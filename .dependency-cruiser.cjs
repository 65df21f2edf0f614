/**
 * The boundaries of src/ (STYLE.md conventions 1, 2 and 7), checked by `bun run lint`.
 * Tests and benches may reach into internals; production code may not.
 */

/** Domain logic that must run anywhere: no Bun APIs, no HTTP framework, no ORM (DESIGN.md §1). */
const PURE_DOMAIN = [
  '^src/classify/release-name/',
  '^src/classify/rules/',
  '^src/classify/categories\\.ts$',
  '^src/classify/classifier\\.ts$',
  '^src/search/(relevance|ordering|text-query|filters|facets)\\.ts$',
  '^src/torznab/(render-rss|parse-request|caps)\\.ts$',
  '^src/metainfo/',
]
const RUNTIME_BOUND = '^(bun:|elysia$|@elysiajs/|drizzle-orm)'

/** What the dashboard may use of the rest of src/: shared plumbing, never the core's capabilities. */
const DASHBOARD_MAY_USE = '^src/(dashboard|config|db|log|app-error\\.ts|version\\.ts)'

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import circles make load order matter and hide which module owns what.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'capability-through-index',
      severity: 'error',
      comment: 'A capability is used only through its index.ts (STYLE.md 1).',
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$'] },
    },
    {
      name: 'pure-domain',
      severity: 'error',
      comment: 'Parsing, rule evaluation, categories, ranking and Torznab rendering import no Bun API, Elysia or drizzle, even indirectly.',
      from: { path: PURE_DOMAIN },
      to: { path: RUNTIME_BOUND, reachable: true },
    },
    {
      name: 'dashboard-through-core-client',
      severity: 'error',
      comment: 'The dashboard reaches the core only through its core client (GraphQL and metrics over HTTP), so it works with the core on another host.',
      from: { path: '^src/dashboard/' },
      to: { path: '^src/', pathNot: DASHBOARD_MAY_USE },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^bun:' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: ['^src/', '^node_modules/', '^bun:'],
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], mainFields: ['module', 'main', 'types', 'typings'] },
    exclude: { path: '^src/types/' },
  },
}
