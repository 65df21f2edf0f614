/**
 * The pure-domain rule, over the run-time graph: type-only imports are erased before anything
 * runs, so a pure module may name another capability's types; what it loads must not reach a Bun
 * API, the HTTP framework or the ORM, so it runs anywhere (DESIGN.md §1, STYLE.md 2).
 */
const base = require('./.dependency-cruiser.cjs')

/** Domain logic that must run anywhere: no Bun APIs, no HTTP framework, no ORM (DESIGN.md §1). */
const PURE_DOMAIN = [
  '^src/classify/release-name/',
  '^src/classify/rules/',
  '^src/classify/categories\\.ts$',
  '^src/classify/classifier\\.ts$',
  '^src/search/(model|relevance|ordering|text-query|filters|facets)\\.ts$',
  '^src/torznab/(model|render-rss|render-error|parse-request|caps)\\.ts$',
  '^src/metainfo/',
]
const RUNTIME_BOUND = '^(bun:|elysia$|@elysiajs/|drizzle-orm)'

module.exports = {
  forbidden: [
    {
      name: 'pure-domain',
      severity: 'error',
      comment: 'Parsing, rule evaluation, categories, ranking and Torznab rendering import no Bun API, Elysia or drizzle, even indirectly.',
      from: { path: PURE_DOMAIN },
      to: { path: RUNTIME_BOUND, reachable: true },
    },
  ],
  options: { ...base.options, tsPreCompilationDeps: false },
}
