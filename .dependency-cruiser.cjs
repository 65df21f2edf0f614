/**
 * The boundaries of src/ (STYLE.md conventions 1, 2 and 7), checked by `bun run lint` over the
 * source graph, type-only imports included (a circle of types is still a circle). The pure-domain
 * rule is checked over the run-time graph by .dependency-cruiser-runtime.cjs.
 * Tests and benches may reach into internals; production code may not.
 */

/** What the dashboard may use of the rest of src/: shared plumbing, never the core's capabilities. */
const DASHBOARD_MAY_USE = '^src/(dashboard|config|db|log|http|auth|app-error\\.ts|version\\.ts)'

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
