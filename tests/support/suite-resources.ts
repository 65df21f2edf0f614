/**
 * Stores and readers a suite opened through the test helpers, closed when the suite ends
 * (describeOnEngines registers the close). On PostgreSQL an index left open keeps its pools'
 * connections until the test process exits, and one `bun test` run opens hundreds of indexes.
 */
const open: { close(): Promise<void> | void }[] = []

/** Closes `resource` when the running suite ends. */
export function closeAfterSuite<T extends { close(): Promise<void> | void }>(resource: T): T {
  open.push(resource)
  return resource
}

/** Closes everything registered so far, newest first (a reader before the store under it). */
export async function closeSuiteResources(): Promise<void> {
  for (const resource of open.splice(0).reverse()) await resource.close()
}
