import { Elysia, t } from 'elysia'
import type { CoreClient } from '../core-client'

const GraphqlBody = t.Object({
  query: t.String({ minLength: 1, maxLength: 100_000, error: 'must be a GraphQL document (text)' }),
  variables: t.Optional(t.Union([t.Record(t.String(), t.Unknown()), t.Null()], { error: 'must be an object' })),
  operationName: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
})

/**
 * The core's GraphQL and metrics behind the dashboard's auth (spec 4.1): an operator reaches both
 * through one address, and the core's ports need not be exposed.
 */
export const proxyRoutes = (deps: { core: CoreClient }) =>
  new Elysia({ name: 'dashboard-proxy', prefix: '/api' })
    .get('/metrics', async ({ set }) => {
      const text = await deps.core.metrics()
      set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8'
      return text
    })
    .post('/graphql', ({ body }) => deps.core.forwardGraphql(body), { body: GraphqlBody })
