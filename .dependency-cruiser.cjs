/**
 * The boundaries of src/ (STYLE.md conventions 1, 2 and 7), checked by `bun run lint` over the
 * source graph, type-only imports included (a circle of types is still a circle). The pure-domain
 * rule is checked over the run-time graph by .dependency-cruiser-runtime.cjs.
 * Tests and benches may reach into internals; production code may not.
 */

/**
 * What the dashboard may use of the rest of src/: shared plumbing and the SQLite kit its store is
 * built on, never the core's capabilities.
 */
const DASHBOARD_MAY_USE = '^src/(dashboard|vocabulary|config|store/sqlite-file/index\\.ts|log|http|auth|app-error\\.ts|version\\.ts)'

/** The SQLite kit: src/store's second public entry, for the core's adapter and the dashboard store. */
const SQLITE_KIT = '^src/store/sqlite-file/index\\.ts$'

/**
 * Where a database driver, the ORM or SQL may be (issue 31): the store, the dashboard's store, and
 * the reader of a foreign magnetico file.
 */
const STORAGE_PLACES = ['^src/store/', '^src/dashboard/store/', '^src/importer/read-magnetico\\.ts$']

/** The HTTP framework and the GraphQL server: routers, plugins and `t` schemas use them, nothing below. */
const HTTP_FRAMEWORK = '^node_modules/(elysia|@elysiajs/[^/]+|graphql-yoga|@graphql-yoga/[^/]+)/'

/**
 * Code below the HTTP layer (STYLE.md 2: "no Request in a service"): the capabilities that serve no
 * HTTP at all, and in every capability its services, ports and repositories.
 */
const BELOW_HTTP = [
  '^src/(classify|metainfo|vocabulary|ingest|torrents|queue|dht|enrichment|wants|settings|fetch-requests|storage-cap|backup|store|stats|search|config|log)/',
  '[/-]service\\.ts$',
  '/store-port\\.ts$',
  '/repository\\.ts$',
  '^src/dashboard/store/',
]

/** The composition roots: the only code that opens the core's store and hands its ports out. */
const COMPOSITION_ROOTS = ['^src/(main|cli)\\.ts$', '^src/(core|process)/']

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
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$', SQLITE_KIT] },
    },
    {
      name: 'dashboard-through-core-client',
      severity: 'error',
      comment: 'The dashboard reaches the core only through its core client (GraphQL and metrics over HTTP), so it works with the core on another host.',
      from: { path: '^src/dashboard/' },
      to: { path: '^src/', pathNot: DASHBOARD_MAY_USE },
    },
    {
      name: 'storage-only-in-store',
      severity: 'error',
      comment:
        'Drivers (bun:sqlite, Bun.SQL from `bun`) and the ORM live in the storage places only; capabilities reach storage through their ports (issue 31). SQL text is checked by tests/store/storage-places.test.ts.',
      from: { path: '^src/', pathNot: STORAGE_PLACES },
      to: { path: ['^bun:sqlite$', '^bun$', '^node_modules/(drizzle-orm|pg|postgres)/'] },
    },
    {
      name: 'views-one-way',
      severity: 'error',
      comment:
        'Views receive their data as props they declare and import nothing of src/ but the shared vocabulary; routes import views, never the reverse (issue 31).',
      from: { path: '^views/' },
      to: { path: '^src/', pathNot: '^src/vocabulary/' },
    },
    {
      name: 'dashboard-feature-through-index',
      severity: 'error',
      comment:
        "A dashboard feature folder (its JSON routes, page routes, service, store use) is used by another only through its index.ts (issue 31).",
      from: { path: '^src/dashboard/([^/]+)/' },
      to: { path: '^src/dashboard/[^/]+/', pathNot: ['^src/dashboard/$1/', '^src/dashboard/[^/]+/index\\.ts$'] },
    },
    {
      name: 'dashboard-root-mounts-features-by-index',
      severity: 'error',
      comment: "The dashboard's composition root (app.ts, start.ts) mounts each feature from its index.ts.",
      from: { path: '^src/dashboard/[^/]+\\.ts$' },
      to: { path: '^src/dashboard/[^/]+/', pathNot: '^src/dashboard/[^/]+/index\\.ts$' },
    },
    {
      name: 'dashboard-storage-only-in-its-store',
      severity: 'error',
      comment:
        "The dashboard's driver, ORM, SQL and SQLite kit live in src/dashboard/store/ (always SQLite, synchronous); its features use the repositories from there (issue 31).",
      from: { path: '^src/dashboard/', pathNot: '^src/dashboard/store/' },
      to: { path: ['^bun:sqlite$', '^node_modules/drizzle-orm/', '^src/store/'] },
    },
    {
      name: 'store-only-from-composition-roots',
      severity: 'error',
      comment:
        "Only the composition roots open the core's store and hand its ports out; the dashboard store uses the SQLite kit (issue 31).",
      from: { path: '^src/', pathNot: [...COMPOSITION_ROOTS, '^src/store/', '^src/dashboard/store/'] },
      to: { path: '^src/store/' },
    },
    {
      name: 'services-without-http-framework',
      severity: 'error',
      comment: 'Services decide and stores store; only routers, plugins and their `t` schemas know the HTTP framework (STYLE.md 2, 14).',
      from: { path: BELOW_HTTP },
      to: { path: HTTP_FRAMEWORK },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^bun(:|$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages keep the path they are imported by, so a copy of src/ with node_modules linked in (the
    // lint's own test) is judged like the checkout.
    preserveSymlinks: true,
    includeOnly: ['^src/', '^views/', '^node_modules/', '^bun:', '^bun$'],
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], mainFields: ['module', 'main', 'types', 'typings'] },
    exclude: { path: '^src/types/' },
  },
}
