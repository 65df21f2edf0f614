/**
 * The pure-domain rule, over the run-time graph: type-only imports are erased before anything
 * runs, so a pure module may name another capability's types; what it loads must not reach a Bun
 * API, the HTTP framework or the ORM, so it runs anywhere (DESIGN.md §1, STYLE.md 2).
 */
const base = require('./.dependency-cruiser.cjs')

/**
 * Domain logic that must run anywhere (issue 31 point 6; Deno runs its tests): classification,
 * metainfo, the vocabulary both apps speak, Torznab rendering and the parsing of a query. The Bun
 * global is kept out of the same files by biome.json's overrides (noRestrictedGlobals).
 */
const PURE_DOMAIN = [
  '^src/classify/',
  '^src/metainfo/',
  '^src/vocabulary/',
  '^src/search/(model|relevance|ordering|text-query|filters|facets)\\.ts$',
  '^src/torznab/(model|render-rss|render-error|parse-request|caps|xml|to-search-query)\\.ts$',
]
/** What ties code to one runtime or to storage: Bun's modules, the HTTP framework, the ORM, a database driver. */
const RUNTIME_BOUND = '^(bun:|bun$|node_modules/(elysia|@elysiajs|drizzle-orm|graphql-yoga|@graphql-yoga|pg|postgres)/)'

module.exports = {
  forbidden: [
    {
      name: 'pure-domain',
      severity: 'error',
      comment: 'Parsing, rule evaluation, categories, ranking and Torznab rendering import no Bun API, HTTP framework, ORM or driver, even indirectly.',
      from: { path: PURE_DOMAIN },
      to: { path: RUNTIME_BOUND, reachable: true },
    },
  ],
  options: { ...base.options, tsPreCompilationDeps: false },
}
